/**
 * The language facts (ADR 027): one direction and one Intl locale per language, used for everything people read,
 * and no locale spelled out anywhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_FACTS, dirOf, localeOf, pickLang } from '../../src/i18n/languages.ts';
import { formatContentDate } from '../../src/lib/content/content-date.ts';
import { formatDay } from '../../src/lib/widgets/format.ts';
import { formatMoney } from '../../src/lib/payments/money-format.ts';

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
const day = new Date(Date.UTC(2025, 2, 5));

describe('language facts', () => {
  it('give every language a direction and a locale Intl supports for that language', () => {
    expect(Object.keys(LANGUAGE_FACTS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const { dir, locale } = LANGUAGE_FACTS[lang];
      expect(['ltr', 'rtl'], lang).toContain(dir);
      expect(dirOf(lang)).toBe(dir);
      expect(localeOf(lang)).toBe(locale);
      expect(Intl.getCanonicalLocales(locale), lang).toEqual([locale]);
      const supported = {
        DateTimeFormat: Intl.DateTimeFormat.supportedLocalesOf(locale),
        NumberFormat: Intl.NumberFormat.supportedLocalesOf(locale),
        DisplayNames: Intl.DisplayNames.supportedLocalesOf(locale),
        Collator: Intl.Collator.supportedLocalesOf(locale),
        ListFormat: Intl.ListFormat.supportedLocalesOf(locale),
        PluralRules: Intl.PluralRules.supportedLocalesOf(locale),
      };
      for (const [api, locales] of Object.entries(supported)) expect(locales, `${lang} ${api}`).toEqual([locale]);
      expect(new Intl.Locale(locale).language, lang).toBe(lang);
      // Every language writes Latin digits, as the spec does.
      expect(new Intl.NumberFormat(locale).resolvedOptions().numberingSystem, lang).toBe('latn');
    }
  });

  it('write Arabic dates and numbers with Latin digits, right to left', () => {
    expect(dirOf('ar')).toBe('rtl');
    expect(localeOf('ar')).toBe('ar-u-nu-latn');
    const texts = [
      new Intl.DateTimeFormat(localeOf('ar'), { dateStyle: 'long', timeZone: 'UTC' }).format(day),
      new Intl.DateTimeFormat(localeOf('ar'), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(day),
      new Intl.NumberFormat(localeOf('ar')).format(1234.5),
      formatMoney(12.5, 'JOD', 'ar'),
      formatDay('2025-03-05', 'ar'),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(EASTERN_DIGITS);
      expect(text).toMatch(/\d/);
    }
    expect(texts[0]).toBe('5 مارس 2025');
  });

  it('write English as US English: month first', () => {
    expect(dirOf('en')).toBe('ltr');
    expect(localeOf('en')).toBe('en-US');
    const numeric = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
    expect(new Intl.DateTimeFormat(localeOf('en'), numeric).format(day)).toBe('03/05/2025');
    expect(formatDay('2025-03-05', 'en')).toBe('Mar 5, 2025');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
  });

  it('read per-language fields of data by language', () => {
    expect(pickLang('ar', { en: 'Jordan', ar: 'الأردن' })).toBe('الأردن');
  });
});

describe('article dates', () => {
  // Arabic articles wrote Eastern Arabic digits (ar-EG) while every other date had Latin ones.
  it('use the language locale: Latin digits in Arabic, US English in English', () => {
    expect(formatContentDate(day, 'ar')).toBe('5 مارس 2025');
    expect(formatContentDate(day, 'ar')).not.toMatch(EASTERN_DIGITS);
    expect(formatContentDate(day, 'en')).toBe('March 5, 2025');
  });
});

describe('locales in the code', () => {
  const root = join(import.meta.dirname, '..', '..');
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|astro|mjs)$/.test(e.name))
      .map((e) => relative(root, join(e.parentPath, e.name)));

  it('come from localeOf (or MACHINE_LOCALE), never a tag written by hand', () => {
    const byHand = [
      // An Intl service made with any other locale argument.
      /\bIntl\.(?:DateTimeFormat|NumberFormat|Collator|DisplayNames|ListFormat|PluralRules|RelativeTimeFormat|Segmenter)\((?!\s*\[?\s*(?:localeOf\(|MACHINE_LOCALE\b))/g,
      // toLocale…() or localeCompare() given a locale that is not localeOf's.
      /\.toLocale\w*\((?!\s*localeOf\()/g,
      /\.localeCompare\([^,()]+(?:\([^()]*\))?[^,()]*,(?!\s*localeOf\()/g,
      // A region or extension tag of a product language anywhere.
      new RegExp(`['"\`](?:${LANGUAGES.join('|')})-[A-Za-z]`, 'g'),
    ];
    const found = ['src', 'server', 'scripts', 'astro.config.mjs']
      .flatMap((entry) => (entry.includes('.') ? [entry] : sources(entry)))
      .filter((file) => file !== join('src', 'i18n', 'languages.ts'))
      .flatMap((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        const lineOf = (index: number) => text.slice(0, index).split('\n').length;
        return byHand.flatMap((re) => [...text.matchAll(re)].map((m) => `${file}:${lineOf(m.index)}: ${m[0]}`));
      });
    expect(found).toEqual([]);
  });
});
