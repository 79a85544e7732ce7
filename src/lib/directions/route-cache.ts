/**
 * The route of each transport mode is asked for once per pair of points (spec 1 §2.7): the page keeps the promise,
 * so switching back to a mode, or choosing it twice while it loads, asks nothing again. A failed request is
 * forgotten, so trying again asks again.
 */
import { latLngOf, type RoutePoint, type TransportMode } from '../api/directions/contract.ts';

/** Six decimals (about 0.1 m): the same office and position give the same key, whichever way they are written. */
const coordinate = (p: RoutePoint) => {
  const { lat, lng } = latLngOf(p);
  return `${lat.toFixed(6)},${lng.toFixed(6)}`;
};

export const routeKey = (from: RoutePoint, to: RoutePoint, mode: TransportMode): string =>
  `${coordinate(from)};${coordinate(to)};${mode}`;

export type RouteLoader<T> = (from: RoutePoint, to: RoutePoint, mode: TransportMode) => Promise<T>;

export class RouteCache<T> {
  private readonly load: RouteLoader<T>;
  private readonly kept = new Map<string, Promise<T>>();

  constructor(load: RouteLoader<T>) {
    this.load = load;
  }

  /** The route from `from` to `to` by `mode`: the kept promise, or a new request. */
  get(from: RoutePoint, to: RoutePoint, mode: TransportMode): Promise<T> {
    const key = routeKey(from, to, mode);
    const existing = this.kept.get(key);
    if (existing) return existing;
    const promise = this.load(from, to, mode);
    this.kept.set(key, promise);
    // A failure is forgotten (if it is still the kept one), so the next get asks again.
    promise.catch(() => {
      if (this.kept.get(key) === promise) this.kept.delete(key);
    });
    return promise;
  }

  /** Whether a route is kept, settled or under way, for these points and mode. */
  has(from: RoutePoint, to: RoutePoint, mode: TransportMode): boolean {
    return this.kept.has(routeKey(from, to, mode));
  }

  clear(): void {
    this.kept.clear();
  }
}
