/**
 * The landed-cost figures (src/content/data/landed-cost.json) against the rest of the reference data: every
 * destination the rates ship to has its figures, every figure its source, every currency a rate.
 */
import { describe, expect, it } from 'vitest';
import { loadReferenceData } from '../../server/db/reference-data.ts';
import { VOLUMETRIC_DIVISOR } from '../../src/lib/api/landed-cost/contract.ts';
import { SHOP_CATEGORIES } from '../../src/lib/content/schemas.ts';
import { GOODS_CATEGORIES, SHOP_GOODS_CATEGORY } from '../../src/lib/landed-cost/codes.ts';
import { landedCostDataSchema } from '../../src/lib/reference/landed-cost-schema.ts';

const { countries, currencies, countryRates, landedCost: data } = loadReferenceData();

describe('landed-cost figures', () => {
  it('cover every destination of the country rates, the Gulf, Jordan, Egypt, Lebanon and Iraq', () => {
    const covered = data.destinations.map((d) => d.countryCode).sort();
    const destinations = [...new Set(countryRates.map((r) => r.destinationCountryCode))].sort();
    expect(covered).toEqual(destinations);
    expect(covered).toEqual(expect.arrayContaining(['AE', 'BH', 'EG', 'IQ', 'JO', 'KW', 'LB', 'OM', 'QA', 'SA']));
  });

  it('set thresholds in each destination’s own currency, and every currency has a rate', () => {
    const rate = new Map(currencies.map((c) => [c.currencyCode, c.usdRate]));
    const currencyOf = new Map(countries.map((c) => [c.code, c.currencyCode]));
    for (const { countryCode, duty, tax } of data.destinations) {
      expect(duty.deMinimis.currency, countryCode).toBe(currencyOf.get(countryCode));
      if (tax.code !== null) expect(tax.deMinimis.currency, countryCode).toBe(currencyOf.get(countryCode));
      expect(rate.get(duty.deMinimis.currency), countryCode).toBeGreaterThan(0);
    }
    for (const fee of data.fees) expect(rate.get(fee.currency), fee.code).toBeGreaterThan(0);
  });

  it('give every source a date, and mark what the sources call unconfirmed as an assumption', () => {
    const byId = new Map(data.sources.map((s) => [s.id, s]));
    const figures = data.destinations.flatMap(({ duty, tax }) => [
      duty.deMinimis,
      duty.general,
      ...Object.values(duty.categories),
      tax,
      ...(tax.code === null ? [] : [tax.deMinimis, ...Object.values(tax.exemptCategories)]),
    ]);
    for (const figure of figures) {
      if (!figure) continue;
      const source = byId.get(figure.source);
      expect(source, figure.source).toBeDefined();
      if (source?.title.en.includes('not confirmed')) expect(figure.assumption, figure.source).toBe(true);
      // The Arabic title says so too.
      expect(source?.title.ar.includes('غير مؤكد'), figure.source).toBe(source?.title.en.includes('not confirmed'));
    }
  });

  it('refuse a figure whose source is not listed', () => {
    const broken = structuredClone(data);
    broken.destinations[0]!.duty.general.source = 'nowhere';
    const parsed = landedCostDataSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain('Source "nowhere" is not listed');
  });

  it('use the divisor the call checks parcels with', () => {
    expect(data.volumetric.divisor).toBe(VOLUMETRIC_DIVISOR);
  });

  it('map every shop category to a goods category', () => {
    expect(Object.keys(SHOP_GOODS_CATEGORY).sort()).toEqual([...SHOP_CATEGORIES].sort());
    for (const goods of Object.values(SHOP_GOODS_CATEGORY)) expect(GOODS_CATEGORIES).toContain(goods);
  });
});
