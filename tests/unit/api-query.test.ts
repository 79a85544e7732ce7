/** The islands' data-loading primitive (src/lib/api/query.ts): load, share, fail with a retry, refetch, replace. */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/home') as unknown as Location;
});

import { atom } from 'nanostores';
import { z } from '../../src/lib/zod.ts';
import { endpoint } from '../../src/lib/api/endpoint.ts';
import { forget, loadFailure, query, refetch, setAnswer, waiting } from '../../src/lib/api/query.ts';
import { json, settle } from '../support/stores.ts';

/** A read of its own for each test: a refetch in one test never asks for another test's answers. */
let boxes = 0;
const newBox = () =>
  endpoint({
    tag: 'Test',
    summary: 'A box',
    method: 'GET',
    path: `api/customers/{guid}/box${++boxes}`,
    answer: z.object({ n: z.int() }),
  });

describe('query()', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks nothing while its input is null, then loads the answer for the input', async () => {
    const getBox = newBox();
    let n = 0;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { n: ++n }));
    const $input = atom<{ params: { guid: string } } | null>(null);
    const $box = query(getBox, $input);
    const stop = $box.listen(() => {});
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    $input.set({ params: { guid: 'g1' } });
    const loaded = await settle($box, (v) => v.data !== undefined);
    expect(loaded).toMatchObject({ data: { n: 1 }, loading: false });
    expect((fetch.mock.calls[0]?.[0] as Request).url).toMatch(/^https:\/\/site\.test\/api\/customers\/g1\/box\d+$/);
    stop();
  });

  it('shares one answer between stores of the same call and input', async () => {
    const getBox = newBox();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { n: 7 }));
    const a = query(getBox, { params: { guid: 'g2' } });
    const b = query(getBox, { params: { guid: 'g2' } });
    const stopA = a.listen(() => {});
    const stopB = b.listen(() => {});
    await settle(a, (v) => v.data !== undefined);
    await settle(b, (v) => v.data !== undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    stopA();
    stopB();
  });

  it('keeps a failure as an ApiError until asked again, and refetches on request', async () => {
    const getBox = newBox();
    let fail = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      fail ? json(500, { code: 'SERVER_ERROR' }) : json(200, { n: 3 }),
    );
    const $box = query(getBox, { params: { guid: 'g3' } });
    const stop = $box.listen(() => {});
    const failed = await settle($box, (v) => v.error !== undefined);
    expect(failed.error).toMatchObject({ status: 500, messageKey: 'errors.500' });
    fail = false;
    refetch(getBox);
    const loaded = await settle($box, (v) => v.data !== undefined);
    expect(loaded.data).toEqual({ n: 3 });
    stop();
  });

  it('takes an answer the page already has without asking the server', async () => {
    const getBox = newBox();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { n: 1 }));
    const $box = query(getBox, { params: { guid: 'g4' } });
    const stop = $box.listen(() => {});
    await settle($box, (v) => v.data !== undefined);
    setAnswer(getBox, { n: 42 });
    const replaced = await settle($box, (v) => v.data?.n === 42);
    expect(replaced.data).toEqual({ n: 42 });
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('query() answers over time', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('keeps an answer put in place for the page’s life, for a reader who comes later', async () => {
    const getBox = newBox();
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { n: 1 }));
    const first = query(getBox, { params: { guid: 'g5' } });
    const stop = first.listen(() => {});
    await settle(first, (v) => v.data !== undefined);
    setAnswer(getBox, { n: 9 });
    stop();
    vi.setSystemTime(Date.now() + 60 * 60_000);
    const later = query(getBox, { params: { guid: 'g5' } });
    const stopLater = later.listen(() => {});
    const seen = await settle(later, (v) => v.data !== undefined);
    expect(seen.data).toEqual({ n: 9 });
    expect(fetch).toHaveBeenCalledTimes(1);
    stopLater();
  });

  it('shows the answer it has while a refetch asks again', async () => {
    const getBox = newBox();
    let n = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { n: ++n }));
    const $box = query(getBox, { params: { guid: 'g6' } });
    const seen: (number | undefined)[] = [];
    const stop = $box.subscribe((v) => seen.push(v.data?.n));
    await settle($box, (v) => v.data?.n === 1);
    refetch(getBox);
    await settle($box, (v) => v.data?.n === 2);
    // Never empty in between: 1 stays shown until 2 comes.
    expect(seen.slice(seen.indexOf(1))).not.toContain(undefined);
    stop();
  });
});

describe('query() settings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes the call as asked (no retry), and forget() drops an answer so that it is asked again', async () => {
    const getBox = newBox();
    let n = 0;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      n += 1;
      return n === 1 ? new Response(null, { status: 503 }) : json(200, { n });
    });
    const $box = query(getBox, { params: { guid: 'g7' } }, { retry: 0 });
    const stop = $box.listen(() => {});
    const failed = await settle($box, (v) => v.error !== undefined);
    // A GET is tried again once by default; this one was not.
    expect(failed.error).toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
    forget(getBox);
    const loaded = await settle($box, (v) => v.data !== undefined);
    expect(loaded.data).toEqual({ n: 2 });
    stop();
  });
});

describe('query() inputs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never shows another input’s answer, not even for a moment, and shows a kept one at once', async () => {
    const getBox = newBox();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (request) =>
      json(200, { n: (request as Request).url.includes('/a/') ? 1 : 2 }),
    );
    const $input = atom({ params: { guid: 'a' } });
    const $box = query(getBox, $input);
    const seen: (number | undefined)[] = [];
    const stop = $box.subscribe((v) => seen.push(v.data?.n));
    await settle($box, (v) => v.data?.n === 1);
    $input.set({ params: { guid: 'b' } });
    // Synchronously: b's answer is not here yet, and a's is not shown for it.
    expect($box.get()).toEqual({ data: undefined, loading: true });
    await settle($box, (v) => v.data?.n === 2);
    $input.set({ params: { guid: 'a' } });
    expect($box.get()).toEqual({ data: { n: 1 }, loading: false });
    expect(seen.filter((n) => n !== undefined)).toEqual([1, 2, 1]);
    stop();
  });
});

describe('query() failures after an answer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the answer shown when asking again fails, and says that it failed', async () => {
    const getBox = newBox();
    let fail = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      fail ? json(500, { code: 'SERVER_ERROR' }) : json(200, { n: 1 }),
    );
    const $box = query(getBox, { params: { guid: 'k1' } });
    const stop = $box.listen(() => {});
    await settle($box, (v) => v.data !== undefined);
    fail = true;
    refetch(getBox);
    const after = await settle($box, (v) => v.error !== undefined);
    expect(after).toMatchObject({ data: { n: 1 }, loading: false, error: { status: 500 } });
    expect(waiting(after)).toBe(false);
    expect(loadFailure(after)).toBeUndefined();
    stop();
  });
});
