/** The country-rate article's table: the published prices of each origin, by destination (spec 1 §2.5). */
import { localeOf, type Lang } from '../../i18n/languages.ts';
import type { CountryRate, Rate } from '../reference/schemas.ts';
import { PLAN_IDS } from '../reference/schemas.ts';

export interface RateRow {
  destination: string;
  transitDays: string;
  basic: Rate | undefined;
  flex: Rate | undefined;
}

export interface OriginTable {
  origin: string;
  rows: RateRow[];
}

/**
 * One table per origin, origins and destinations in the order `order` gives (by name in the page's language);
 * each row shows the basic and the Flex (annual) prices.
 */
export function rateTables(rates: readonly CountryRate[], order: (code: string) => string, lang: Lang): OriginTable[] {
  const collator = new Intl.Collator(localeOf(lang));
  const byName = (a: string, b: string) => collator.compare(order(a), order(b));
  const origins = [...new Set(rates.map((r) => r.originCountryCode))].sort(byName);
  return origins.map((origin) => ({
    origin,
    rows: rates
      .filter((r) => r.originCountryCode === origin)
      .sort((a, b) => byName(a.destinationCountryCode, b.destinationCountryCode))
      .map((r) => ({
        destination: r.destinationCountryCode,
        transitDays: r.transitDays,
        basic: r.rates.find((x) => x.subscriptionPlanId === PLAN_IDS.basic),
        flex: r.rates.find((x) => x.subscriptionPlanId === PLAN_IDS.flexAnnual),
      })),
  }));
}
