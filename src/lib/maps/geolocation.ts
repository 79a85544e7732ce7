/**
 * The visitor's position from the browser, with the time-out of spec 2 §9 (user location 10000 ms), and the
 * reasons it can fail, each of which the page explains in its own words.
 */
import type { LngLat } from './places.ts';

/** How long the browser may take to find the position. */
export const USER_LOCATION_TIMEOUT_MS = 10_000;

export type LocationFailure = 'denied' | 'timeout' | 'unavailable' | 'unsupported';

export class LocationError extends Error {
  readonly reason: LocationFailure;

  constructor(reason: LocationFailure) {
    super(`The position is not available: ${reason}`);
    this.reason = reason;
    this.name = 'LocationError';
  }
}

/** The failure named by a GeolocationPositionError code (1 denied, 2 unavailable, 3 time-out). */
export function failureOfCode(code: number): LocationFailure {
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

/**
 * The visitor's position as [lng, lat]. Rejects with a LocationError; also after the time-out when the
 * browser neither answers nor fails (a permission prompt left open), so the page never waits for ever.
 */
export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timeout = USER_LOCATION_TIMEOUT_MS,
): Promise<LngLat> {
  return new Promise<LngLat>((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationError('unsupported'));
      return;
    }
    let settled = false;
    const timer = setTimeout(() => finish(() => reject(new LocationError('timeout'))), timeout);
    function finish(settle: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle();
    }
    geolocation.getCurrentPosition(
      (position) => {
        const { longitude, latitude } = position.coords;
        // 0,0 is what a broken source reports, not a place anyone stands (spec 2 §5).
        if (longitude === 0 && latitude === 0) finish(() => reject(new LocationError('unavailable')));
        else finish(() => resolve([longitude, latitude]));
      },
      (error) => finish(() => reject(new LocationError(failureOfCode(error.code)))),
      { timeout, maximumAge: 0, enableHighAccuracy: false },
    );
  });
}
