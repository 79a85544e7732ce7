/**
 * Distances and durations of a route as the page shows them: kilometres (metres under 1 km) or miles (feet under
 * 0.1 mi), and minutes or hours and minutes, with Latin digits in Arabic as elsewhere on the site. The unit labels
 * and words come from the catalogues (UNIT_KEYS).
 */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import type { DirectionsMessage } from './instructions.ts';

/** Miles per kilometre (spec 2 §9 "meters to miles factor"): miles = km × factor. */
export const METERS_TO_MILES = 0.621371192;
export const FEET_PER_MILE = 5280;

export type DistanceUnit = 'km' | 'mi';

/** Countries that measure roads in miles. */
const MILE_COUNTRIES: ReadonlySet<string> = new Set(['US', 'GB', 'LR', 'MM']);

/** The unit first shown for a place in `countryCode`. */
export function defaultUnit(countryCode: string | null | undefined): DistanceUnit {
  return MILE_COUNTRIES.has((countryCode ?? '').trim().toUpperCase()) ? 'mi' : 'km';
}

export const kilometresToMiles = (km: number): number => km * METERS_TO_MILES;
export const metresToMiles = (metres: number): number => kilometresToMiles(metres / 1000);

/** Translates a key with values: the page's i18next `t`. */
export type Translate = TFunction;

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

const number = (value: number, lang: Lang, maximumFractionDigits: number) =>
  numberFormat(lang, { maximumFractionDigits }).format(value);

/**
 * A distance in metres as a message: km: under 1000 m in metres rounded to 10, else km with one decimal;
 * mi: under 0.1 mi in feet rounded to 10, else miles with one decimal.
 */
export function distanceMessage(metres: number, unit: DistanceUnit, lang: Lang): DirectionsMessage {
  const m = Math.max(0, Number.isFinite(metres) ? metres : 0);
  if (unit === 'km') {
    const shortMetres = roundTo(m, 10);
    if (shortMetres < 1000) return { key: 'directions.distance.m', values: { value: number(shortMetres, lang, 0) } };
    return { key: 'directions.distance.km', values: { value: number(m / 1000, lang, 1) } };
  }
  const miles = metresToMiles(m);
  // Below 0.1 mi, or what one decimal would show as 0.0: feet.
  if (miles < 0.1) {
    return { key: 'directions.distance.ft', values: { value: number(roundTo(miles * FEET_PER_MILE, 10), lang, 0) } };
  }
  return { key: 'directions.distance.mi', values: { value: number(miles, lang, 1) } };
}

export function formatDistance(metres: number, unit: DistanceUnit, lang: Lang, t: Translate): string {
  const { key, values } = distanceMessage(metres, unit, lang);
  return t(key, values);
}

/** A duration split as shown: under 30 s "less than a minute", else whole minutes, or hours and minutes. */
export function durationParts(seconds: number): { hours: number; minutes: number } | 'lessThanMinute' {
  const total = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0) / 60);
  if (total === 0) return 'lessThanMinute';
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** "12 minutes", "1 hour 5 minutes", "2 hours" in the page's language (plural forms from the catalogue). */
export function formatDuration(seconds: number, lang: Lang, t: Translate): string {
  const parts = durationParts(seconds);
  if (parts === 'lessThanMinute') return t('directions.duration.lessThanMinute');
  const minutes = () =>
    t('directions.duration.minutes', { count: parts.minutes, value: number(parts.minutes, lang, 0) });
  if (parts.hours === 0) return minutes();
  const hours = t('directions.duration.hours', { count: parts.hours, value: number(parts.hours, lang, 0) });
  if (parts.minutes === 0) return hours;
  return t('directions.duration.hoursMinutes', { hours, minutes: minutes() });
}

/** Plural forms the catalogues hold for counted words, in both languages (Arabic has all six). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** Every key formatDistance and formatDuration use. */
export const UNIT_KEYS: readonly string[] = [
  'directions.distance.m',
  'directions.distance.km',
  'directions.distance.ft',
  'directions.distance.mi',
  'directions.duration.lessThanMinute',
  'directions.duration.hoursMinutes',
  ...PLURAL_FORMS.map((form) => `directions.duration.minutes_${form}`),
  ...PLURAL_FORMS.map((form) => `directions.duration.hours_${form}`),
];
