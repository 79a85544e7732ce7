import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../src/lib/content/translations.ts';
import { pageCount } from '../../src/lib/content/news-pages.ts';
import { visibleStores } from '../../src/lib/content/shop-filter.ts';
import { flexPlansCountry } from '../../src/lib/content/flex-plans.ts';
import { rateTables } from '../../src/lib/content/rate-table.ts';
import { isIndexable } from '../../src/lib/routes/sitemap.ts';
import { requireRoute } from '../../src/lib/routes/route-table.ts';
import { matchPath } from '../../src/lib/routes/paths.ts';

describe('content in every language (the build refuses otherwise)', () => {
  const item = (lang: string, id: number, slug: string) => ({ file: `faqs/${lang}/${slug}.md`, lang, id, slug });
  it('accepts an item present once in each language with one slug', () => {
    expect(translationProblems('faqs', [item('en', 1, 'a'), item('ar', 1, 'a')], ['en', 'ar'])).toEqual([]);
  });
  it('names the file to add for a missing language, and only for the brand’s languages', () => {
    expect(translationProblems('faqs', [item('en', 1, 'a')], ['en', 'ar'])).toEqual([
      'faqs 1 ("a") has no ar text: add faqs/ar/a.md',
    ]);
    expect(translationProblems('faqs', [item('en', 1, 'a')], ['en'])).toEqual([]);
  });
  it('refuses a slug that differs between languages, and an id used twice', () => {
    const problems = translationProblems(
      'faqs',
      [item('en', 1, 'a'), item('ar', 1, 'b'), item('ar', 1, 'c')],
      ['en', 'ar'],
    );
    expect(problems.join('\n')).toMatch(/slug differs/);
    expect(problems.join('\n')).toMatch(/used twice in ar/);
  });
});

describe('service update pages (spec 2 §9: 10 a page)', () => {
  it('needs one page per 10 updates begun, and always the first', () => {
    expect([0, 1, 10, 11, 20, 21].map((n) => pageCount(n, 10))).toEqual([1, 1, 1, 2, 2, 3]);
  });
  it('serves further pages at page/{n} from 2, ahead of the updates opened by id', () => {
    expect(matchPath('service-updates/page/2', 'shipbox')?.route.name).toBe('service-updates.page');
    expect(matchPath('service-updates/page/0', 'shipbox')).toBeNull();
    expect(matchPath('service-updates/201/new-warehouse', 'shipbox')?.route.name).toBe('service-updates.detail');
    expect(matchPath('faqs/x1/a', 'shipbox')).toBeNull();
    expect(isIndexable(requireRoute('faqs.detail'))).toBe(true);
    expect(isIndexable(requireRoute('tracking'))).toBe(false);
  });
});

describe('shopping directory filter (spec 2 §9: page size 100)', () => {
  it('shows the chosen country’s stores, every store for the placeholder, at most a page', () => {
    expect(visibleStores(['US', 'GB', 'US'], 'US', 100)).toEqual([true, false, true]);
    expect(visibleStores(['US', 'GB'], '', 100)).toEqual([true, true]);
    expect(visibleStores(['US', 'US', 'US'], 'US', 2)).toEqual([true, true, false]);
  });
});

describe('flex article plans (spec 1 §6)', () => {
  it('uses the customer’s country, else the visitor’s by IP, else default', () => {
    expect(flexPlansCountry({ isLoggedIn: true, countryCode: 'JO' }, 'SA')).toBe('JO');
    expect(flexPlansCountry(null, 'SA')).toBe('SA');
    expect(flexPlansCountry(null, null)).toBe('default');
    expect(flexPlansCountry({ isLoggedIn: false, countryCode: 'JO' }, null)).toBe('default');
  });
});

describe('country rate tables', () => {
  it('groups by origin, sorts by name and picks the basic and Flex annual prices', () => {
    const rate = (planId: 1 | 2 | 3 | 5, first: number) => ({
      subscriptionPlanId: planId,
      firstHalfKg: first,
      additionalHalfKg: 1,
      currency: 'USD' as const,
    });
    const names: Record<string, string> = { US: 'United States', GB: 'United Kingdom', JO: 'Jordan', AE: 'UAE' };
    const tables = rateTables(
      [
        {
          originCountryCode: 'US',
          destinationCountryCode: 'JO',
          transitDays: '5-7',
          rates: [rate(1, 20), rate(2, 16)],
        },
        { originCountryCode: 'US', destinationCountryCode: 'AE', transitDays: '4-6', rates: [rate(1, 18)] },
        {
          originCountryCode: 'GB',
          destinationCountryCode: 'JO',
          transitDays: '4-6',
          rates: [rate(1, 19), rate(2, 15)],
        },
      ],
      (code) => names[code] ?? code,
      'en',
    );
    expect(tables.map((t) => t.origin)).toEqual(['GB', 'US']);
    expect(tables[1]?.rows.map((r) => [r.destination, r.basic?.firstHalfKg, r.flex?.firstHalfKg])).toEqual([
      ['JO', 20, 16],
      ['AE', 18, undefined],
    ]);
  });
});
