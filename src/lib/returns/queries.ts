/**
 * What the return wizard reads (spec 2 §4 return flow): the shipment to return, prefilled, asked once per page
 * (src/lib/api/query.ts) for the logged-in customer and the package id of the address.
 */
import { atom, computed } from 'nanostores';
import { query } from '../api/query.ts';
import { getReturnShipment } from '../api/returns/contract.ts';
import { $customerGuid } from '../session/session-store.ts';

/** The package id of the address (`?id=`), read once by the page; null until then, or when it has none. */
const $packageId = atom<number | null>(null);

export const $returnShipment = query(
  getReturnShipment,
  computed([$customerGuid, $packageId], (guid, id) => (guid && id !== null ? { params: { guid, id } } : null)),
);

/** Asks for the shipment of package `id`. */
export function showReturn(id: number): void {
  $packageId.set(id);
}
