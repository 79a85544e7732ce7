/**
 * The maps service's place search (spec 2 §7 Widgets "Maps service"): GET api/v1/geocode?country&city&street,
 * where the three-word address picker starts when the field is empty (spec 1 §4.12). Open to visitors (the
 * signup form uses it), limited per caller address.
 */
import { locatePlace } from '../../../src/lib/api/maps/contract.ts';
import type { Limit } from '../../auth/throttle.ts';
import { EmbeddedGeocoder } from '../../geo/geocoder.ts';
import { clientAddress } from '../client-address.ts';
import { notFound } from '../http-errors.ts';
import { throttleFirst } from '../throttle-first.ts';
import type { ApiRouter } from '../router.ts';
import { trackingKey } from '../tracking/tracking.routes.ts';

/** Searches per caller address: far more than a person opening the picker, far fewer than a scraper. */
export const GEOCODE_LIMIT: Limit = { max: 120, windowSeconds: 600 };

/** Every search counts, a refused one too, before its query is even read. */
const throttled = throttleFirst((c) => `geocode:${trackingKey(clientAddress(c))}`, GEOCODE_LIMIT);

export function mapsRoutes(router: ApiRouter): void {
  router.handle(
    locatePlace,
    async (c, { query }) => {
      const found = await new EmbeddedGeocoder(c.var.deps.db).locate(query);
      if (!found) throw notFound();
      return found;
    },
    { before: [throttled] },
  );
}
