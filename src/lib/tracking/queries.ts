/**
 * What the tracking page reads (spec 1 §2.6, §4.9), queries (src/lib/api/query.ts) on the page's waybill number,
 * both naming the history in the page's language: a logged-in customer's own shipment from the owner's
 * single-package view; public tracking for visitors and for a shipment that is not the customer's (the view
 * answers 404 for it, the same as for none) or when the session has ended (401). Neither is tried again on its
 * own: public tracking is limited per address, and a refused one waits minutes (Retry-After).
 */
import { atom, computed } from 'nanostores';
import { ApiError } from '../api/errors.ts';
import { query } from '../api/query.ts';
import { getSinglePackage, getTracking } from '../api/tracking/contract.ts';
import type { Lang } from '../../i18n/languages.ts';
import { $customerGuid } from '../session/session-store.ts';

/** The shipment the page shows, once the page may load it (after a payment return was settled). */
export const $trackedShipment = atom<{ awb: string; lang: Lang } | null>(null);

export function trackShipment(awb: string, lang: Lang): void {
  $trackedShipment.set({ awb, lang });
}

export const $ownShipment = query(
  getSinglePackage,
  computed([$trackedShipment, $customerGuid], (shown, guid) =>
    shown && guid ? { params: { awb: shown.awb }, query: { language: shown.lang } } : null,
  ),
  { retry: 0 },
);

/** Whether the owner's view said the shipment is none of the session's (or the session has ended). */
export const notOwned = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 401);

export const $publicTracking = query(
  getTracking,
  computed([$trackedShipment, $customerGuid, $ownShipment], (shown, guid, own) =>
    shown && (!guid || notOwned(own.error))
      ? { params: { awbNumber: shown.awb }, query: { language: shown.lang } }
      : null,
  ),
  { retry: 0, cache: 'no-store' },
);
