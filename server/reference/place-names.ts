/**
 * Names of the product's places in a language, from the reference data (src/content/data): the warehouses'
 * mailbox names, the offices' cities, and any city the service delivers to. Answers give names in the page's
 * language with these; data that is only a code or an English name stays as stored when the data has no name for it.
 */
import { pickLang, type Lang } from '../../src/i18n/languages.ts';
import type { Office } from '../../src/lib/reference/schemas.ts';
import type { Db } from '../db/database.ts';
import { cities, offices } from '../db/schema.ts';
import { WAREHOUSES, warehouseName } from '../mailboxes/warehouses.ts';

export interface PlaceNames {
  /** A warehouse's mailbox name by its entity code ('NYC' → "New York", "نيويورك"). */
  warehouse: (entity: string) => string | undefined;
  /** An office's city by the office's code ('AMM' → "Amman", "عمّان"). */
  office: (id: string) => string | undefined;
  /** A place stored by its English city name, as tracking events are ("Frankfurt am Main" → "فرانكفورت"). */
  city: (englishName: string) => string | undefined;
}

/**
 * How long names read from the database are kept. The reference data changes when the content does: at a deploy (a
 * new process) or a publish in development, after which the publishing process calls `forgetPlaceNames`
 * (server/main.ts); this bounds how long any other process may show the previous names.
 */
export const PLACE_NAMES_TTL_MS = 60_000;

const kept = new WeakMap<Db, Map<Lang, { at: number; names: Promise<PlaceNames> }>>();

/** Drops the names kept for `db` (its reference tables were just written). */
export function forgetPlaceNames(db: Db): void {
  kept.delete(db);
}

/**
 * The names of places in `lang`. English names come back as the data writes them. Read once per language and kept
 * (PLACE_NAMES_TTL_MS): answers that name places (tracking histories, messages) would otherwise read two whole
 * reference tables on every request.
 */
export function placeNames(db: Db, lang: Lang): Promise<PlaceNames> {
  let byLang = kept.get(db);
  if (!byLang) {
    byLang = new Map();
    kept.set(db, byLang);
  }
  const now = performance.now();
  const found = byLang.get(lang);
  if (found && now - found.at < PLACE_NAMES_TTL_MS) return found.names;
  const names = readPlaceNames(db, lang);
  byLang.set(lang, { at: now, names });
  // A failed read (the database down) is not kept: the next request tries again.
  names.catch(() => {
    if (byLang.get(lang)?.names === names) byLang.delete(lang);
  });
  return names;
}

async function readPlaceNames(db: Db, lang: Lang): Promise<PlaceNames> {
  const officeRows = (await db.select({ data: offices.data }).from(offices)).map(({ data }) => data as Office);
  const cityRows = await db.select({ en: cities.cityName, ar: cities.cityNameAr }).from(cities);
  const byOffice = new Map(officeRows.map((o) => [o.id, pickLang(lang, o.cityName)]));
  // The offices' and warehouses' own names win over the cities list, which may name a city twice (two countries).
  const byCity = new Map<string, string>([
    ...cityRows.map((c): [string, string] => [c.en.toLowerCase(), pickLang(lang, { en: c.en, ar: c.ar ?? c.en })]),
    ...WAREHOUSES.map((w): [string, string] => [w.city.en.toLowerCase(), pickLang(lang, w.city)]),
    ...officeRows.map((o): [string, string] => [o.cityName.en.toLowerCase(), pickLang(lang, o.cityName)]),
  ]);
  return {
    warehouse: (entity) => warehouseName(entity, lang),
    office: (id) => byOffice.get(id.toUpperCase()),
    city: (englishName) => byCity.get(englishName.trim().toLowerCase()),
  };
}
