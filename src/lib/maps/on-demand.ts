/**
 * When a deferred map fetches its code (MapLibre, ~430 KB gzip, and the basemap): once its box comes near the
 * viewport, or else once the page has loaded and stayed quiet for a while, so that a visitor who reads the list
 * without scrolling still finds the map drawn when they get to it. Until then the main thread is the page's:
 * evaluating MapLibre and making its first frame are long tasks a phone feels (issue 28, point 4).
 */

/**
 * How far outside the viewport the box may be and still count as coming into view, so that its fetch starts a
 * little early. Kept small: on a 412×823 phone the locator's map starts some 130 px below the fold, and a wider
 * margin would fetch it with the page after all.
 */
export const MAP_VIEW_MARGIN_PX = 64;

/** After the load event, how long the page is left alone before the map is fetched anyway. */
export const MAP_IDLE_DELAY_MS = 5_000;

/** The longest the browser may then keep the map waiting for an idle moment. */
export const MAP_IDLE_TIMEOUT_MS = 3_000;

/** What of the browser the schedule uses; injected by the unit tests. */
export interface MapScheduleEnv {
  document: Pick<Document, 'readyState'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> &
    Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>;
  IntersectionObserver?: typeof IntersectionObserver | undefined;
}

function browserEnv(): MapScheduleEnv {
  return {
    document,
    window,
    IntersectionObserver: typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver,
  };
}

/**
 * Calls `start` once, when `box` comes within MAP_VIEW_MARGIN_PX of the viewport or when the page has been
 * loaded for MAP_IDLE_DELAY_MS and the browser is idle (at most MAP_IDLE_TIMEOUT_MS later; at the end of the
 * delay where there is no requestIdleCallback). Without IntersectionObserver the idle path alone starts it.
 * Answers a function that cancels whatever is still pending.
 */
export function whenMapWanted(box: Element, start: () => void, env: MapScheduleEnv = browserEnv()): () => void {
  const { window: win } = env;
  let done = false;
  let observer: IntersectionObserver | undefined;
  let timer: number | undefined;
  let idle: number | undefined;

  const cancel = () => {
    observer?.disconnect();
    observer = undefined;
    win.removeEventListener('load', afterLoad);
    if (timer !== undefined) win.clearTimeout(timer);
    timer = undefined;
    if (idle !== undefined) win.cancelIdleCallback?.(idle);
    idle = undefined;
  };
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const whenIdle = () => {
    timer = undefined;
    // Safari has no requestIdleCallback: the delay alone then stands for the page being idle.
    if (win.requestIdleCallback) idle = win.requestIdleCallback(fire, { timeout: MAP_IDLE_TIMEOUT_MS });
    else fire();
  };
  function afterLoad() {
    win.removeEventListener('load', afterLoad);
    timer = win.setTimeout(whenIdle, MAP_IDLE_DELAY_MS);
  }

  if (env.IntersectionObserver) {
    observer = new env.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fire();
      },
      { rootMargin: `${MAP_VIEW_MARGIN_PX}px` },
    );
    observer.observe(box);
  }
  if (env.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad);
  return () => {
    done = true;
    cancel();
  };
}
