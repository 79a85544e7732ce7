/**
 * What the service options page reads (spec 1 §2.7), one query each (src/lib/api/query.ts), for the logged-in
 * customer: the places of their country in the page's language, the options the country offers, the option in
 * force, the locker and the office last chosen, and their address. Each is asked once per page.
 *
 * Choosing an option (spec 1 §4.7) shows it in force at once and marks it in progress; the server's answer then
 * takes its place, or the option in force before comes back when the update fails.
 */
import { atom, computed } from 'nanostores';
import type { Lang } from '../../i18n/languages.ts';
import { call } from '../api/call.ts';
import { query, setAnswer } from '../api/query.ts';
import {
  ALL_PLACE_TYPES,
  chooseDeliveryAddress,
  getCountryServiceOptions,
  getDeliveryAddress,
  getLocations,
  getLockerOption,
  getPickupOption,
  getServiceOption,
  setLockerOption,
  setPickupOption,
  type CurrentServiceOption,
} from '../api/service-options/contract.ts';
import { $customerGuid, $session, forCustomer } from '../session/session-store.ts';
import {
  optionFor,
  selectionFailed,
  selectionSaved,
  startSelection,
  type SelectionState,
  type ServiceTab,
} from './service-options.ts';

/** The page's language, which names the places and the delivery address's city and country; null until shown. */
const $lang = atom<Lang | null>(null);
const country = computed($session, (user) => (user?.isLoggedIn ? user.countryCode : null));
const account = forCustomer((guid) => ({ params: { guid } }));

export const $places = query(
  getLocations,
  computed([country, $lang], (code, lang) =>
    code && lang ? { query: { countrycode: code, typeids: ALL_PLACE_TYPES, lang } } : null,
  ),
);
export const $offeredOptions = query(
  getCountryServiceOptions,
  computed(country, (code) => (code ? { params: { code } } : null)),
);
export const $serviceOption = query(getServiceOption, account);
export const $lockerOption = query(getLockerOption, account);
export const $pickupOption = query(getPickupOption, account);
export const $deliveryAddress = query(
  getDeliveryAddress,
  computed([$customerGuid, $lang], (guid, lang) =>
    guid && lang ? { params: { guid }, query: { language: lang } } : null,
  ),
);

/** Asks for the page's places in `lang` (the other reads need only the customer). */
export function showServiceOptions(lang: Lang): void {
  $lang.set(lang);
}

/** The choice being saved, and the option in force before it. */
const $saving = atom<Pick<SelectionState, 'backup' | 'inProgress'> | null>(null);

/** The option in force (or being saved) and what is in progress; null until the option has loaded. */
export const $selection = computed([$serviceOption, $saving], (option, saving): SelectionState | null =>
  option.data ? { current: option.data, backup: saving?.backup ?? null, inProgress: saving?.inProgress ?? null } : null,
);

/** The call that chooses each kind of place, and the read of the place last chosen of that kind. */
const PLACE_CALLS = {
  locker: { set: setLockerOption, get: getLockerOption },
  pickup: { set: setPickupOption, get: getPickupOption },
} as const;

/**
 * Chooses a place on `tab` (0 on the delivery tab: the customer's address). Answers whether it was saved, or null
 * when there was nothing to do: already in force, or another choice still being saved.
 */
export async function chooseServiceOption(
  guid: string,
  tab: ServiceTab,
  locationId: string | 0,
  name: string,
): Promise<boolean | null> {
  const state = $selection.get();
  const started = state && startSelection(state, optionFor(tab, locationId, name));
  if (!started) return null;
  $saving.set({ backup: started.backup, inProgress: started.inProgress });
  setAnswer(getServiceOption, started.current);
  try {
    const saved: CurrentServiceOption =
      tab === 'delivery'
        ? await call(chooseDeliveryAddress, { params: { guid } })
        : await call(PLACE_CALLS[tab].set, { params: { guid }, body: String(locationId) });
    setAnswer(getServiceOption, selectionSaved(saved).current);
    // The place stays this tab's last choice when another option is chosen later.
    if (tab !== 'delivery') setAnswer(PLACE_CALLS[tab].get, { id: String(locationId), name });
    return true;
  } catch {
    setAnswer(getServiceOption, selectionFailed(started).current);
    return false;
  } finally {
    $saving.set(null);
  }
}
