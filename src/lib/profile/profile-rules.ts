/**
 * Profile rules of spec 1 §5 and §9 shared by the site and the API: the adult rule, phone numbers as
 * they are sent, the mailbox count and the zip-code rule.
 */

export interface BirthDate {
  day: number;
  month: number;
  year: number;
}

export const ADULT_AGE = 18;

/** A real calendar date (31 February is not). */
export function isCalendarDate({ day, month, year }: BirthDate): boolean {
  if (!Number.isInteger(day) || !Number.isInteger(month) || !Number.isInteger(year)) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Age in whole years on `today` (a date in the user's calendar). */
export function ageOn(birth: BirthDate, today: Date): number {
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  const d = today.getDate();
  let age = y - birth.year;
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1;
  return age;
}

/** Spec 1 §5: at least 18 at the birth date. Someone born on 29 February turns 18 on 1 March in other years. */
export function isAdult(birth: BirthDate, today: Date = new Date()): boolean {
  return isCalendarDate(birth) && ageOn(birth, today) >= ADULT_AGE;
}

/** How many years the birth-year list offers (spec 1 §3 lookup lists). */
export const BIRTH_YEAR_COUNT = 100;

/**
 * The years a birth date may be chosen from (spec 1 §3: 100, descending), newest first, starting at the last
 * year that can make an adult today (spec 1 §5): someone born on 1 January of it is 18 or older.
 */
export function birthYears(today: Date = new Date()): number[] {
  // Born on 1 January this many years ago, one is 18 already; anyone born in a later year is not yet.
  const newest = today.getFullYear() - ADULT_AGE;
  return Array.from({ length: BIRTH_YEAR_COUNT }, (_, i) => newest - i);
}

/** Spec 1 §5: mobile and tel1 lose spaces, plus signs and parentheses before sending. */
export function normalisePhone(value: string): string {
  return value.replace(/[\s+()]/g, '');
}

/** A person's name: letters (any script), spaces, apostrophes, dots and hyphens. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;

/** A phone number as the API accepts it once normalised: digits only (a leading 00 allowed), 6 to 15 of them. */
export const PHONE_PATTERN = /^\d{6,15}$/;

/**
 * Spec 2 §9: the number of mailboxes is the number of countries with addresses, minus one if the user's
 * own country is among them.
 */
export function mailboxCount(
  countriesWithAddresses: readonly string[],
  userCountry: string | null | undefined,
): number {
  const n = countriesWithAddresses.length;
  return userCountry && countriesWithAddresses.includes(userCountry) ? n - 1 : n;
}

/** The zip code is required unless the country says otherwise (default required). */
export function zipCodeRequired(country: { isZipCodeRequired?: boolean } | undefined): boolean {
  return country?.isZipCodeRequired ?? true;
}

/** ISO date (yyyy-mm-dd) of a birth date. */
export function birthDateToIso({ day, month, year }: BirthDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
