import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from '../../src/i18n/intl-formats.ts';
import { localeOf } from '../../src/i18n/languages.ts';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same language and options, however the options object was made', () => {
    const first = dateFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(dateFormat('en', { dateStyle: 'medium', timeStyle: 'short' })).toBe(first);
    expect(numberFormat('ar', { maximumFractionDigits: 1 })).toBe(numberFormat('ar', { maximumFractionDigits: 1 }));
  });

  it('keeps languages and options apart', () => {
    expect(dateFormat('ar', { dateStyle: 'medium' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(dateFormat('en', { dateStyle: 'long' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { style: 'percent' }));
  });

  it('writes exactly what a formatter built on the spot writes, in each language', () => {
    const at = new Date(Date.UTC(2026, 10, 28, 14, 5));
    for (const lang of ['en', 'ar'] as const) {
      const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
      expect(dateFormat(lang, options).format(at)).toBe(new Intl.DateTimeFormat(localeOf(lang), options).format(at));
      expect(numberFormat(lang, { style: 'percent' }).format(0.075)).toBe(
        new Intl.NumberFormat(localeOf(lang), { style: 'percent' }).format(0.075),
      );
    }
    // Arabic pages read Arabic month names with Latin digits (ADR 027).
    expect(dateFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(at)).toMatch(/^28 نوفمبر 2026$/);
  });
});
