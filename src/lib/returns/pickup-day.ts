/**
 * The pickup date as the return wizard writes and reads it (spec 2 §9: dd MMMM yyyy, month names in the page's
 * language, Latin digits). Plain Intl month names, so the step shows and reads dates without loading a date
 * library: the calendar, which needs one, loads when the customer opens it.
 */
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { isIsoDay } from './return-rules.ts';

const names = new Map<Lang, readonly string[]>();

/** The twelve month names of a language, January first, as written in a date (not standalone). */
export function monthNames(lang: Lang): readonly string[] {
  let found = names.get(lang);
  if (!found) {
    const format = new Intl.DateTimeFormat(localeOf(lang), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    found = Array.from(
      { length: 12 },
      (_, month) => format.formatToParts(Date.UTC(2000, month, 15)).find((part) => part.type === 'month')?.value ?? '',
    );
    names.set(lang, found);
  }
  return found;
}

/** English three-letter month names, as customers often type them (Sept too). */
const SHORT = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A yyyy-MM-dd day as the page writes it: 22 November 2026, or 22 نوفمبر 2026 in Arabic; other text as is. */
export function formatPickupDay(day: string, lang: Lang): string {
  if (!isIsoDay(day)) return day;
  const [year, month, date] = day.split('-');
  return `${date} ${monthNames(lang)[Number(month) - 1]} ${year}`;
}

/** yyyy-MM-dd for a real day of the calendar (year 1000 or later), or null. */
function dayOf(year: number, month: number, date: number): string | null {
  const day = `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
  return year >= 1000 && isIsoDay(day) ? day : null;
}

/** The month a typed name means, in the page's language or English (full or three letters), 1–12, or 0. */
function monthOf(name: string, lang: Lang): number {
  const typed = name.toLocaleLowerCase(localeOf(lang));
  for (const list of [monthNames(lang), monthNames('en')]) {
    const index = list.findIndex((month) => month.toLocaleLowerCase(localeOf(lang)) === typed);
    if (index >= 0) return index + 1;
  }
  const short = SHORT.indexOf(typed === 'sept' ? 'sep' : typed);
  return short + 1;
}

/**
 * The day a typed text names, or null: 22 November 2026 (the page's language or English, the day in one or two
 * digits, the month in full or as Nov), 2026-11-22, 22/11/2026 or 2/3/2026 (day first).
 */
export function parsePickupDay(text: string, lang: Lang): string | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed);
  if (slashed) return dayOf(Number(slashed[3]), Number(slashed[2]), Number(slashed[1]));
  const written = /^(\d{1,2}) (\S+) (\d{4})$/.exec(typed);
  if (written) {
    const month = monthOf(written[2]!, lang);
    return month ? dayOf(Number(written[3]), month, Number(written[1])) : null;
  }
  return null;
}
