/**
 * The default three-word service: the project's own encoding (three-word-encoding.ts), offline, with the country
 * of each square from Natural Earth (server/geo/country-at-point.ts).
 *
 * Its list is English only. An Arabic-script input gets no suggestions and no square (forward answers null);
 * reverse in Arabic answers the English words, with the place names in Arabic.
 */
import { DEFAULT_LANG } from '../../src/i18n/languages.ts';
import { regionName } from '../../src/lib/reference/region-names.ts';
import { countryAt, isInCountry } from '../geo/country-at-point.ts';
import {
  decode,
  encodeCell,
  isOnGlobe,
  squareOf,
  wordList,
  cellOf,
  type Cell,
  type WordList,
} from './three-word-encoding.ts';
import {
  ThreeWordRangeError,
  labelOf,
  type AddressResult,
  type AutosuggestRequest,
  type LatLng,
  type Suggestion,
  type ThreeWordService,
} from './three-word-service.ts';

/** Completions of a typed third word considered at most (in alphabetical order). */
export const MAX_PREFIX_CANDIDATES = 4096;
/** Near-miss word triples considered at most (fewest changed words first). */
export const MAX_NEAR_CANDIDATES = 2048;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const ARABIC = /\p{Script=Arabic}/u;
const TYPED = /^[a-z]*\.[a-z]*\.[a-z]*$/;

/** The input as the list spells it: no leading slashes, no spaces around, lower case. */
export const normaliseInput = (input: string): string =>
  input
    .trim()
    .replace(/^\/{1,3}/, '')
    .toLowerCase();

/** The list's words that start with `prefix`, alphabetically, at most `max`. */
export function completions(list: WordList, prefix: string, max: number): string[] {
  const { sorted } = list;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const out: string[] = [];
  for (let i = low; i < sorted.length && out.length < max && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
  return out;
}

/**
 * The list's words one edit from `word` (a letter deleted, changed or inserted, or two neighbouring letters
 * swapped), the word itself first when it is one; about 450 look-ups.
 */
export function nearWords(list: WordList, word: string): string[] {
  const found = new Set<string>();
  if (list.numbers.has(word)) found.add(word);
  const consider = (w: string) => {
    if (w !== word && list.numbers.has(w)) found.add(w);
  };
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (i < word.length) consider(head + tail.slice(1));
    if (i + 1 < word.length) consider(head + tail[1]! + tail[0]! + tail.slice(2));
    for (const letter of ALPHABET) {
      if (i < word.length && letter !== tail[0]) consider(head + letter + tail.slice(1));
      consider(head + letter + tail);
    }
  }
  return [...found];
}

/**
 * Word triples of near words of the three parts, fewest changed words first (the parts as typed when they are
 * all list words, then one word changed, then two, then three), at most `max`.
 */
export function nearTriples(list: WordList, parts: readonly [string, string, string], max: number): string[] {
  const options = parts.map((p) => {
    const near = nearWords(list, p);
    return { self: list.numbers.has(p) ? [p] : [], others: near.filter((w) => w !== p) };
  });
  const out: string[] = [];
  // Each changed-word count in turn: a bit set of which parts change.
  const masks = [0, 1, 2, 4, 3, 5, 6, 7];
  for (const mask of masks) {
    const choices = options.map((o, i) => (mask & (1 << i) ? o.others : o.self));
    for (const x of choices[0]!) {
      for (const y of choices[1]!) {
        for (const z of choices[2]!) {
          out.push(`${x}.${y}.${z}`);
          if (out.length >= max) return out;
        }
      }
    }
  }
  return out;
}

/** Great-circle distance in km. */
function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export class EmbeddedThreeWords implements ThreeWordService {
  readonly kind = 'embedded' as const;
  private readonly list: () => WordList;

  /** `list`: the word list (default: the frozen English list, read on first use). */
  constructor(list?: WordList) {
    this.list = list ? () => list : wordList;
  }

  private resultOf(cell: Cell, words: string): AddressResult {
    const { centre, southwest, northeast } = squareOf(cell);
    return { ...centre, geometry: { southwest, northeast }, words, country: countryAt(centre.lat, centre.lng) };
  }

  forward(words: string): Promise<AddressResult | null> {
    const address = normaliseInput(words);
    const cell = decode(address, this.list());
    return Promise.resolve(cell ? this.resultOf(cell, address) : null);
  }

  /** English words whatever the language: the embedded list has no other. */
  reverse(lat: number, lng: number): Promise<AddressResult | null> {
    if (!isOnGlobe(lat, lng)) return Promise.reject(new ThreeWordRangeError(lat, lng));
    if (lat === 0 && lng === 0) return Promise.resolve(null);
    const cell = cellOf(lat, lng);
    return Promise.resolve(this.resultOf(cell, encodeCell(cell, this.list())));
  }

  /**
   * Input `word.word.start`: each list word completing the third gives a candidate (when the first two are list
   * words), and a complete input also gives its near misses (each word within one edit of a list word). Candidates
   * that name no square, or (with `country`) lie outside it, are dropped; the exact match comes first, then the
   * nearest to `focus`, or alphabetical order. English only: an Arabic-script input has no suggestions.
   */
  autosuggest(request: AutosuggestRequest): Promise<Suggestion[]> {
    return Promise.resolve(this.suggest(request));
  }

  private suggest({ input, country, focus, language = DEFAULT_LANG, limit }: AutosuggestRequest): Suggestion[] {
    const typed = normaliseInput(input);
    if (ARABIC.test(typed) || !TYPED.test(typed)) return [];
    const list = this.list();
    const parts = typed.split('.');
    const [first = '', second = '', third = ''] = parts;
    const candidates = new Set<string>();
    if (list.numbers.has(first) && list.numbers.has(second)) {
      for (const w of completions(list, third, MAX_PREFIX_CANDIDATES)) candidates.add(`${first}.${second}.${w}`);
    }
    if (parts.every((p) => p.length >= 3)) {
      for (const t of nearTriples(list, [first, second, third], MAX_NEAR_CANDIDATES)) candidates.add(t);
    }
    const found: { words: string; centre: LatLng; exact: boolean; distance: number }[] = [];
    for (const words of candidates) {
      const cell = decode(words, list);
      if (!cell) continue;
      const { centre } = squareOf(cell);
      if (country && !isInCountry(centre.lat, centre.lng, country)) continue;
      found.push({ words, centre, exact: words === typed, distance: focus ? distanceKm(focus, centre) : 0 });
    }
    found.sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        a.distance - b.distance ||
        (a.words < b.words ? -1 : a.words > b.words ? 1 : 0),
    );
    return found.slice(0, Math.max(0, limit)).map(({ words, centre }) => {
      const code = country ?? countryAt(centre.lat, centre.lng);
      return {
        words,
        country: code,
        place: code ? regionName(code, language) : '',
        text: words,
        label: labelOf(words),
      };
    });
  }
}
