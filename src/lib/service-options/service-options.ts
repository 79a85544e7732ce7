/**
 * Service options (spec 1 §2.7 service options page, §4.7 option selection, §5 place lookup by code): which
 * places each tab offers, which tabs show, how working days read, and the optimistic selection that backs up
 * the previous choice and restores it when the update fails.
 */
import {
  SERVICE_OPTION_IDS,
  type CurrentServiceOption,
  type Place,
  type ServiceOptionId,
} from '../api/service-options/contract.ts';
import { OFFICE_TYPE_IDS, WEEK_DAYS } from '../reference/schemas.ts';

export type ServiceTab = 'pickup' | 'locker' | 'delivery';
/** Tabs in the order the page shows them. */
export const SERVICE_TABS: readonly ServiceTab[] = ['pickup', 'locker', 'delivery'];

export const TAB_OPTION: Record<ServiceTab, ServiceOptionId> = {
  pickup: SERVICE_OPTION_IDS.pickup,
  locker: SERVICE_OPTION_IDS.locker,
  delivery: SERVICE_OPTION_IDS.delivery,
};

export function tabOfOption(id: ServiceOptionId): ServiceTab {
  return SERVICE_TABS.find((tab) => TAB_OPTION[tab] === id) ?? 'delivery';
}

/** Place types each tab offers: parcels are collected from outlets and receptions, or from lockers. */
const TAB_PLACE_TYPES: Record<ServiceTab, readonly number[]> = {
  pickup: [OFFICE_TYPE_IDS.outlet, OFFICE_TYPE_IDS.reception],
  locker: [OFFICE_TYPE_IDS.locker],
  delivery: [],
};

export function placesForTab<P extends Pick<Place, 'typeIds'>>(places: readonly P[], tab: ServiceTab): P[] {
  const types = TAB_PLACE_TYPES[tab];
  return places.filter((p) => p.typeIds.some((type) => types.includes(type)));
}

/** True when `place` may be chosen for the option `optionId`. */
export function placeFitsOption(place: Pick<Place, 'typeIds'>, optionId: ServiceOptionId): boolean {
  return placesForTab([place], tabOfOption(optionId)).length > 0;
}

/**
 * The tabs to show: delivery always; pickup and locker only when the country offers them and has such offices.
 */
export function visibleTabs(
  places: readonly Pick<Place, 'typeIds'>[],
  offered: readonly ServiceOptionId[],
): ServiceTab[] {
  return SERVICE_TABS.filter(
    (tab) => tab === 'delivery' || (offered.includes(TAB_OPTION[tab]) && placesForTab(places, tab).length > 0),
  );
}

/** Place lookup by code (spec 1 §5): only reception places answer to their code. */
export function receptionByCode<P extends Pick<Place, 'id' | 'typeIds'>>(places: readonly P[], code: string): P | null {
  const wanted = code.trim().toUpperCase();
  return places.find((p) => p.id.toUpperCase() === wanted && p.typeIds.includes(OFFICE_TYPE_IDS.reception)) ?? null;
}

/** Working days "Sun,Mon,Tue,Wed,Thu" shown first–last: ['Sun', 'Thu'] (one day: the same twice). */
export function workingDaysRange(workingDays: string): [string, string] | null {
  const days = workingDays.split(',').filter((d) => (WEEK_DAYS as readonly string[]).includes(d));
  const first = days[0];
  const last = days.at(-1);
  return first && last ? [first, last] : null;
}

// ---------------------------------------------------------------------------
// Selection (spec 1 §4.7)

export interface SelectionState {
  current: CurrentServiceOption;
  /** The choice in force before the one being saved. */
  backup: CurrentServiceOption | null;
  /** The place (or 0, the customer's address) being saved. */
  inProgress: string | 0 | null;
}

export const selectionState = (current: CurrentServiceOption): SelectionState => ({
  current,
  backup: null,
  inProgress: null,
});

/** The option a choice on `tab` makes (locationId 0: the customer's own address). */
export function optionFor(tab: ServiceTab, locationId: string | 0, name: string): CurrentServiceOption {
  return { locationId: tab === 'delivery' ? 0 : locationId, service: { id: TAB_OPTION[tab], name } };
}

export const isCurrent = (state: SelectionState, tab: ServiceTab, locationId: string | 0): boolean =>
  state.current.service.id === TAB_OPTION[tab] && (tab === 'delivery' || state.current.locationId === locationId);

/**
 * Choosing a place not already chosen: shown chosen at once and marked in progress, the previous choice backed
 * up; null when there is nothing to do (already chosen, or another choice is being saved).
 */
export function startSelection(state: SelectionState, choice: CurrentServiceOption): SelectionState | null {
  const tab = tabOfOption(choice.service.id);
  if (state.inProgress !== null || isCurrent(state, tab, choice.locationId)) return null;
  return { current: choice, backup: state.current, inProgress: choice.locationId };
}

/** The update succeeded: the server's option becomes the default, and the new back-up. */
export function selectionSaved(saved: CurrentServiceOption): SelectionState {
  return { current: saved, backup: saved, inProgress: null };
}

/** The update failed: the previous option comes back. */
export function selectionFailed(state: SelectionState): SelectionState {
  return { current: state.backup ?? state.current, backup: state.backup, inProgress: null };
}
