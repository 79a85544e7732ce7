import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAP_IDLE_DELAY_MS,
  MAP_IDLE_TIMEOUT_MS,
  MAP_VIEW_MARGIN_PX,
  whenMapWanted,
  type MapScheduleEnv,
} from '../../src/lib/maps/on-demand.ts';

/** A browser with fake timers, an IntersectionObserver the test drives, and requestIdleCallback when asked. */
function fakeBrowser({ loaded = true, idleCallback = true, observer = true } = {}) {
  const target = new EventTarget();
  const doc = { readyState: (loaded ? 'complete' : 'loading') as DocumentReadyState };
  const idle: { callback: () => void; timeout: number | undefined }[] = [];
  const observers: { callback: IntersectionObserverCallback; margin: string | undefined; disconnected: boolean }[] = [];
  const win = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    ...(idleCallback
      ? {
          requestIdleCallback: (callback: () => void, options?: IdleRequestOptions) =>
            idle.push({ callback, timeout: options?.timeout }),
          cancelIdleCallback: (id: number) => {
            idle[id - 1] = { callback: () => undefined, timeout: undefined };
          },
        }
      : {}),
  };
  class FakeObserver {
    private readonly record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, margin: options?.rootMargin, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  const env = {
    document: doc,
    window: win,
    IntersectionObserver: observer ? (FakeObserver as unknown as typeof IntersectionObserver) : undefined,
  } as unknown as MapScheduleEnv;
  const intersect = (isIntersecting: boolean) => {
    for (const o of observers.filter((x) => !x.disconnected)) {
      o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  };
  const load = () => {
    doc.readyState = 'complete';
    target.dispatchEvent(new Event('load'));
  };
  return { env, idle, observers, intersect, load };
}

const box = {} as Element;

describe('whenMapWanted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts when the box comes within the margin of the viewport, and only once', () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    whenMapWanted(box, start, browser.env);
    expect(browser.observers[0]?.margin).toBe(`${MAP_VIEW_MARGIN_PX}px`);
    browser.intersect(false);
    expect(start).not.toHaveBeenCalled();
    browser.intersect(true);
    expect(start).toHaveBeenCalledTimes(1);
    expect(browser.observers[0]?.disconnected).toBe(true);
    vi.advanceTimersByTime(MAP_IDLE_DELAY_MS);
    for (const { callback } of browser.idle) callback();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('out of view, starts when the browser is idle a while after the load event', () => {
    const browser = fakeBrowser({ loaded: false });
    const start = vi.fn();
    whenMapWanted(box, start, browser.env);
    vi.advanceTimersByTime(MAP_IDLE_DELAY_MS * 2);
    expect(browser.idle).toHaveLength(0);
    browser.load();
    vi.advanceTimersByTime(MAP_IDLE_DELAY_MS - 1);
    expect(browser.idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(browser.idle).toEqual([{ callback: expect.any(Function), timeout: MAP_IDLE_TIMEOUT_MS }]);
    expect(start).not.toHaveBeenCalled();
    browser.idle[0]?.callback();
    expect(start).toHaveBeenCalledTimes(1);
    expect(browser.observers[0]?.disconnected).toBe(true);
  });

  it('without requestIdleCallback or IntersectionObserver, starts on a timer after load', () => {
    const browser = fakeBrowser({ idleCallback: false, observer: false });
    const start = vi.fn();
    whenMapWanted(box, start, browser.env);
    vi.advanceTimersByTime(MAP_IDLE_DELAY_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('cancelled (the page left), never starts', () => {
    const browser = fakeBrowser();
    const start = vi.fn();
    const cancel = whenMapWanted(box, start, browser.env);
    cancel();
    expect(browser.observers[0]?.disconnected).toBe(true);
    browser.intersect(true);
    vi.advanceTimersByTime(MAP_IDLE_DELAY_MS * 2);
    for (const { callback } of browser.idle) callback();
    expect(start).not.toHaveBeenCalled();
  });
});
