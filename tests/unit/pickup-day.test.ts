/**
 * The pickup date as written and read by the return wizard (spec 2 §9: dd MMMM yyyy in the page's language):
 * the same text date-fns writes with its locales, and the typed forms customers use.
 */
import { describe, expect, it } from 'vitest';
import { addDays, format } from 'date-fns';
import { ar, enUS } from 'date-fns/locale';
import { formatPickupDay, monthNames, parsePickupDay } from '../../src/lib/returns/pickup-day.ts';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** Every day of 2026 and 2027 (leap-free) and of February 2028 (a leap year). */
const days = [
  ...Array.from({ length: 730 }, (_, i) => addDays(new Date(2026, 0, 1), i)),
  ...Array.from({ length: 29 }, (_, i) => new Date(2028, 1, i + 1)),
];

describe('pickup date', () => {
  it('names the months as the calendar does, in English and Arabic', () => {
    expect(monthNames('en')).toEqual(Array.from({ length: 12 }, (_, m) => format(new Date(2026, m, 1), 'MMMM')));
    expect(monthNames('ar')).toEqual(
      Array.from({ length: 12 }, (_, m) => format(new Date(2026, m, 1), 'MMMM', { locale: ar })),
    );
    expect(monthNames('ar')[10]).toBe('نوفمبر');
  });

  it('writes a day as dd MMMM yyyy with Latin digits, exactly as date-fns does', () => {
    for (const date of days) {
      expect(formatPickupDay(iso(date), 'en')).toBe(format(date, 'dd MMMM yyyy', { locale: enUS }));
      expect(formatPickupDay(iso(date), 'ar')).toBe(format(date, 'dd MMMM yyyy', { locale: ar }));
    }
    expect(formatPickupDay('2026-11-05', 'en')).toBe('05 November 2026');
    expect(formatPickupDay('2026-11-05', 'ar')).toBe('05 نوفمبر 2026');
    // Text that is not a day stays as typed.
    expect(formatPickupDay('next Tuesday', 'en')).toBe('next Tuesday');
  });

  it('reads back what it writes, and the forms customers type', () => {
    for (const date of days) {
      const day = iso(date);
      expect(parsePickupDay(formatPickupDay(day, 'en'), 'en')).toBe(day);
      expect(parsePickupDay(formatPickupDay(day, 'ar'), 'ar')).toBe(day);
      // English on the Arabic page too.
      expect(parsePickupDay(formatPickupDay(day, 'en'), 'ar')).toBe(day);
      expect(parsePickupDay(format(date, 'd MMMM yyyy'), 'en')).toBe(day);
      expect(parsePickupDay(day, 'en')).toBe(day);
      expect(parsePickupDay(format(date, 'dd/MM/yyyy'), 'en')).toBe(day);
      expect(parsePickupDay(format(date, 'd/M/yyyy'), 'ar')).toBe(day);
      expect(parsePickupDay(format(date, 'd MMM yyyy'), 'en')).toBe(day);
    }
    expect(parsePickupDay('  22   november 2026 ', 'en')).toBe('2026-11-22');
    expect(parsePickupDay('22 NOV 2026', 'en')).toBe('2026-11-22');
    expect(parsePickupDay('5 Sept 2026', 'en')).toBe('2026-09-05');
    expect(parsePickupDay('2026-1-5', 'en')).toBe('2026-01-05');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of [
      '',
      '   ',
      'tomorrow',
      '31 February 2026',
      '29 February 2026',
      '30/02/2026',
      '2026-13-01',
      '2026-00-10',
      '00 November 2026',
      '22 Novembre 2026',
      '22 November 26',
      '22 November 0999',
      '11/22/2026',
      '22.11.2026',
      '2026/11/22',
    ]) {
      expect(parsePickupDay(text, 'en'), text).toBeNull();
      expect(parsePickupDay(text, 'ar'), text).toBeNull();
    }
    expect(parsePickupDay('29 February 2028', 'en')).toBe('2028-02-29');
  });
});
