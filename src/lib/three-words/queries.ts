/**
 * What the three-word address picker reads (spec 1 §4.12), one query each (src/lib/api/query.ts). It opens on the
 * square of the field's words; when they name none (or there are none), on the customer's street, city or country,
 * whose square it looks up. Then it looks up the square under the pin wherever the customer moves it, each point
 * once: moving back to a point asks nothing, and only the last point's answer shows. 0,0 is never asked.
 */
import { atom, computed } from 'nanostores';
import type { Lang } from '../../i18n/languages.ts';
import { query } from '../api/query.ts';
import { getThreeWordAddress, getThreeWordSquare, type AddressResult } from '../api/three-words/contract.ts';
import { locatePlace } from '../api/maps/contract.ts';
import { MAP_ZOOM, WORLD_CENTER } from '../maps/camera.ts';
import type { LngLat } from '../maps/places.ts';
import { isThreeWordAddress, threeWordWords } from './three-word-address.ts';

/** What the open picker starts from; null while it is closed. */
export interface PickerStart {
  /** The field's value. */
  words: string;
  countryCode: string;
  city: string;
  street: string;
  lang: Lang;
}

export interface PickerView {
  center: LngLat;
  zoom: number;
}

/** Whether a point is a position at all: 0,0 is what a missing one becomes (spec 1 §4.12). */
const isPosition = ([lng, lat]: LngLat) => !(lng === 0 && lat === 0);

const $start = atom<PickerStart | null>(null);
/** Where the customer moved the pin (or their position); null until they do. */
const $pin = atom<LngLat | null>(null);

/** The field's words when they are an address, else null. */
function wordsOf(start: PickerStart): string | null {
  const words = threeWordWords(start.words);
  return words && isThreeWordAddress(words) ? words : null;
}

/** The square of the field's words. */
export const $startSquare = query(
  getThreeWordSquare,
  computed($start, (start) => {
    const words = start && wordsOf(start);
    return words ? { query: { words } } : null;
  }),
);

/** The customer's street, city or country, when there are no words or they name no square; blanks left out. */
export const $startPlace = query(
  locatePlace,
  computed([$start, $startSquare], (start, square) =>
    start && (!wordsOf(start) || square.error)
      ? { query: { country: start.countryCode, city: start.city || undefined, street: start.street || undefined } }
      : null,
  ),
);

/** The square under the pin: where the customer moved it, else the place the picker opened on. */
export const $pinSquare = query(
  getThreeWordAddress,
  computed([$start, $pin, $startPlace], (start, pin, place) => {
    const at = pin ?? (place.data ? ([place.data.lng, place.data.lat] as LngLat) : null);
    return start && at && isPosition(at)
      ? { query: { lat: String(at[1]), lng: String(at[0]), language: start.lang } }
      : null;
  }),
);

/** Where the map opens: the words' square, else the place found, else the world; null until that is known. */
export const $pickerView = computed([$startSquare, $startPlace], (square, place): PickerView | null => {
  if (square.data) return { center: [square.data.lng, square.data.lat], zoom: MAP_ZOOM.high };
  if (place.data) return { center: [place.data.lng, place.data.lat], zoom: place.data.zoom };
  // Not even the country found (404), or the search failed: the whole world.
  if (place.error) return { center: [...WORLD_CENTER], zoom: MAP_ZOOM.low };
  return null;
});

/** The address shown: the square under the pin once it moved, else the words' own square. */
export const $pickedAddress = computed(
  [$pin, $startSquare, $pinSquare],
  (pin, square, pinned): AddressResult | null => (pin ? null : square.data) ?? pinned.data ?? null,
);

/** Opens the picker on `start`. */
export function openPicker(start: PickerStart): void {
  $pin.set(null);
  $start.set(start);
}

/** Closes it: nothing is asked until it opens again. */
export function closePicker(): void {
  $start.set(null);
  $pin.set(null);
}

/** Looks up the square at `at` (0,0 is ignored: the pin stays where it was looked up last). */
export function moveTo(at: LngLat): void {
  if (isPosition(at)) $pin.set(at);
}
