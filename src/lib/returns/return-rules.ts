/**
 * Return shipment rules (spec 1 §5 "Pickup", spec 2 §5 and §9) shared by the site and the API, so both decide
 * the same way: which shipment can be returned, the pickup window and default times, the declared value limit,
 * and how amounts and weights are written.
 *
 * Times are wall-clock times at the pickup address: "today" and "now" are read in the pickup country's time zone
 * (PICKUP_TIME_ZONES; a country with several zones uses its capital's, any other country UTC). The browser and
 * the API both compute them from the same instant and zone, so a customer abroad sees the pickup country's day.
 */
import { MACHINE_LOCALE } from '../../i18n/languages.ts';

/** Last status id (lastPI) of a delivered shipment: only those can be returned. */
export const DELIVERED_LAST_PI = 22;

/** Spec 2 §9: the pickup date is at most this many days after today. */
export const PICKUP_WINDOW_DAYS = 7;
/** Spec 2 §9: times are on a 10-minute grid. */
export const TIME_STEP_MINUTES = 10;
/** Spec 2 §9: the latest time defaults to one hour after the ready time. */
export const LATEST_AFTER_READY_MINUTES = 60;
/** The last time of a day on the grid (23:50). */
export const LAST_TIME_OF_DAY = 24 * 60 - TIME_STEP_MINUTES;
/** Spec 2 §9: amounts are shown to 1 decimal, weights to 2. */
export const AMOUNT_DECIMALS = 1;
export const WEIGHT_DECIMALS = 2;
/** The heaviest return parcel, in kg (the rate calculator's limit). */
export const MAX_RETURN_WEIGHT_KG = 70;

/** Spec 1 §4.9 / tracking: a shipment can be returned once delivered, and only once. */
export function isReturnable(lastPi: number, hasReturn: boolean): boolean {
  return lastPi === DELIVERED_LAST_PI && !hasReturn;
}

/**
 * The highest declared value (in USD) a return may carry, per country the parcel goes back to (its origin):
 * above it the parcel needs a formal customs entry, which the return service does not make. Any other country:
 * DEFAULT_LOW_VALUE_LIMIT_USD.
 */
export const LOW_VALUE_LIMITS_USD: Readonly<Record<string, number>> = {
  US: 800,
  GB: 700,
  CN: 500,
  IN: 500,
  TR: 500,
};
export const DEFAULT_LOW_VALUE_LIMIT_USD = 1000;

/**
 * The limit for a parcel going back to `originCountryCode`, in `currency` whose rate is `usdRate` units per US
 * dollar (null: USD, or no published rate, when the USD figure is used). Whole units, rounded down.
 */
export function lowValueLimit(originCountryCode: string, usdRate: number | null = null): number {
  const usd = LOW_VALUE_LIMITS_USD[originCountryCode] ?? DEFAULT_LOW_VALUE_LIMIT_USD;
  return usdRate && usdRate > 0 ? Math.floor(usd * usdRate) : usd;
}

/** Spec 1 §5: the declared amount may not exceed the low value limit. */
export function withinValueLimit(amount: number, limit: number): boolean {
  return Number.isFinite(amount) && amount <= limit;
}

/** The time zone of pickups in a country (IANA name). */
export const PICKUP_TIME_ZONES: Readonly<Record<string, string>> = {
  AE: 'Asia/Dubai',
  AU: 'Australia/Sydney',
  BH: 'Asia/Bahrain',
  CN: 'Asia/Shanghai',
  DE: 'Europe/Berlin',
  EG: 'Africa/Cairo',
  ES: 'Europe/Madrid',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  HK: 'Asia/Hong_Kong',
  IN: 'Asia/Kolkata',
  IQ: 'Asia/Baghdad',
  IT: 'Europe/Rome',
  JO: 'Asia/Amman',
  KW: 'Asia/Kuwait',
  LB: 'Asia/Beirut',
  MA: 'Africa/Casablanca',
  OM: 'Asia/Muscat',
  QA: 'Asia/Qatar',
  SA: 'Asia/Riyadh',
  SG: 'Asia/Singapore',
  TR: 'Europe/Istanbul',
  US: 'America/New_York',
  ZA: 'Africa/Johannesburg',
};

export function pickupTimeZone(countryCode: string): string {
  return PICKUP_TIME_ZONES[countryCode] ?? 'UTC';
}

/** A wall-clock reading: the calendar day (yyyy-MM-dd) and the minutes since its midnight (with seconds as a fraction). */
export interface WallClock {
  date: string;
  minutes: number;
}

/** The wall clock in `timeZone` at the instant `now`. */
export function wallClock(now: Date, timeZone: string): WallClock {
  // Intl as a calculator, not for display: numeric parts with Latin digits in a fixed order.
  const parts = new Intl.DateTimeFormat(MACHINE_LOCALE, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60,
  };
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd. */
export function isIsoDay(day: string): boolean {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The day `days` after `day` (both yyyy-MM-dd). */
export function addDays(day: string, days: number): string {
  const [, y, m, d] = (DAY_PATTERN.exec(day) ?? []).map(Number) as [number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The pickup window: from today to today + 7 days, in the pickup country's calendar. */
export function pickupWindow(now: Date, timeZone: string): { first: string; last: string } {
  const today = wallClock(now, timeZone).date;
  return { first: today, last: addDays(today, PICKUP_WINDOW_DAYS) };
}

/** Spec 1 §5: a pickup date is a real day from today to at most 7 days ahead. */
export function isPickupDateAllowed(day: string, now: Date, timeZone: string): boolean {
  if (!isIsoDay(day)) return false;
  const { first, last } = pickupWindow(now, timeZone);
  return day >= first && day <= last;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A time of day written HH:mm (24-hour) on the 10-minute grid. */
export function isGridTime(time: string): boolean {
  const match = TIME_PATTERN.exec(time);
  return match !== null && Number(match[2]) % TIME_STEP_MINUTES === 0;
}

/** HH:mm as minutes since midnight. */
export function timeToMinutes(time: string): number {
  const match = TIME_PATTERN.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight (0 to 1439) as HH:mm. */
export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Rounds minutes up to the next multiple of 10 (an exact multiple stays; any second past it goes up). */
export function roundUpToStep(minutes: number): number {
  // A hair of tolerance so 900 minutes computed as 899.9999999 stays 900.
  return Math.max(0, Math.ceil(minutes / TIME_STEP_MINUTES - 1e-9) * TIME_STEP_MINUTES);
}

/** Spec 2 §9: the latest time defaults to one hour after the ready time, but stays within the same day. */
export function defaultLatestTime(readyTime: string): string {
  return minutesToTime(Math.min(timeToMinutes(readyTime) + LATEST_AFTER_READY_MINUTES, LAST_TIME_OF_DAY));
}

export interface PickupTimes {
  pickupDate: string;
  readyTime: string;
  latestTime: string;
}

/**
 * Spec 1 §5 defaults: the ready time is now plus one hour, rounded up to the next multiple of 10 minutes (14:23 →
 * 15:30; 14:50:00 → 15:50; 14:50:30 → 16:00); past midnight it is tomorrow's (23:05 → 00:10 the next day). The
 * latest time is one hour after it (at most 23:50).
 */
export function defaultPickupTimes(now: Date, timeZone: string): PickupTimes {
  const clock = wallClock(now, timeZone);
  let ready = roundUpToStep(clock.minutes + 60);
  let pickupDate = clock.date;
  if (ready >= 24 * 60) {
    ready -= 24 * 60;
    pickupDate = addDays(clock.date, 1);
  }
  const readyTime = minutesToTime(ready);
  return { pickupDate, readyTime, latestTime: defaultLatestTime(readyTime) };
}

/** Spec 1 §5: the latest time may not be before the ready time. */
export function isLatestTimeValid(readyTime: string, latestTime: string): boolean {
  return timeToMinutes(latestTime) >= timeToMinutes(readyTime);
}

/** A ready time today may not have passed already. */
export function isReadyTimeAhead(pickupDate: string, readyTime: string, now: Date, timeZone: string): boolean {
  const clock = wallClock(now, timeZone);
  if (pickupDate !== clock.date) return true;
  return timeToMinutes(readyTime) >= Math.floor(clock.minutes);
}

/** A number rounded half away from zero to `decimals` places, through its decimal form (1.005 → 1.01). */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Number((Math.abs(value) * factor).toPrecision(15)))) / factor;
}

/** Spec 2 §9: an amount written with 1 decimal (60 → "60.0"). */
export function formatReturnAmount(amount: number): string {
  return roundTo(amount, AMOUNT_DECIMALS).toFixed(AMOUNT_DECIMALS);
}

/** Spec 2 §9: a weight written with 2 decimals (1.2 → "1.20"). */
export function formatReturnWeight(weight: number): string {
  return roundTo(weight, WEIGHT_DECIMALS).toFixed(WEIGHT_DECIMALS);
}

/** A decimal typed by the customer ("60", "60.5", "60,5"); NaN when it is not one. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
