import { describe, expect, it } from 'vitest';
import { officesSchema, type Plan } from '../../src/lib/reference/schemas.ts';
import { ORIGIN_COUNTRIES } from '../../src/lib/site/origin-countries.ts';
import { loadReferenceData } from '../../server/db/reference-data.ts';
import { WAREHOUSES } from '../../server/mailboxes/warehouses.ts';
import { ID_TYPES } from '../../src/lib/api/reference/contract.ts';

// The same loader the database seed uses: every file parsed with its schema.
const { countries, plans, offices, currencies, countryRates, cities } = loadReferenceData();

const ORIGINS = ['US', 'GB', 'CN', 'TR', 'AE', 'IN', 'HK', 'DE', 'IT', 'ES', 'FR', 'ZA', 'SG'];
/** Countries where customers live and receive their shipments. */
const DESTINATIONS = ['JO', 'SA', 'AE', 'KW', 'QA', 'BH', 'OM', 'EG', 'LB', 'IQ', 'MA', 'ZA'];
const LISTED_COUNTRIES = [...new Set([...ORIGINS, ...DESTINATIONS, 'GB'])];
/** Destinations priced from every origin but without an office of their own yet. */
const DESTINATIONS_WITHOUT_OFFICES = ['AU'];
const FULL_SERVICE_COUNTRIES = ['AE', 'JO', 'SA', 'KW', 'ZA', 'GB', 'US'];
const WHAT3WORDS_COUNTRIES = ['AE', 'SA', 'KW', 'QA', 'BH', 'OM', 'JO', 'EG', 'ZA'];
const ARABIC = /\p{Script=Arabic}/u;

/** The product's rule: flex membership is offered when the first plan is lifetime, or when more than one plan is. */
function isFlexAvailable(countryPlans: readonly Plan[]): boolean {
  if (countryPlans[0]?.planId === 5) return true;
  return countryPlans.length > 1;
}

function plansOf(countryCode: string): readonly Plan[] {
  const entry = plans.find((item) => item.countryCode === countryCode);
  if (!entry) throw new Error(`plans.json has no entry for ${countryCode}`);
  return entry.plans;
}

describe('reference data files', () => {
  it('parse with their schemas', () => {
    expect(countries.length).toBeGreaterThan(0);
    expect(plans.length).toBeGreaterThan(0);
    expect(offices.length).toBeGreaterThan(0);
    expect(currencies.length).toBeGreaterThan(0);
    expect(countryRates.length).toBeGreaterThan(0);
  });

  it('have no duplicate keys', () => {
    const countryCodes = countries.map((country) => country.code);
    expect(new Set(countryCodes).size).toBe(countryCodes.length);
    const planCountries = plans.map((entry) => entry.countryCode);
    expect(new Set(planCountries).size).toBe(planCountries.length);
    const currencyCodes = currencies.map((currency) => currency.currencyCode);
    expect(new Set(currencyCodes).size).toBe(currencyCodes.length);
    const ratePairs = countryRates.map((rate) => `${rate.originCountryCode}>${rate.destinationCountryCode}`);
    expect(new Set(ratePairs).size).toBe(ratePairs.length);
  });
});

describe('countries', () => {
  it('lists every origin and destination country', () => {
    const codes = countries.map((country) => country.code);
    expect(codes).toEqual(expect.arrayContaining(LISTED_COUNTRIES));
  });

  it('uses the same origin countries as the site', () => {
    expect([...ORIGIN_COUNTRIES].sort()).toEqual([...ORIGINS].sort());
  });

  it('gives mailbox addresses in exactly the origin countries', () => {
    const withAddresses = countries.filter((country) => country.hasAddresses).map((country) => country.code);
    expect(withAddresses.sort()).toEqual([...ORIGINS].sort());
  });

  it('include Australia as a destination only', () => {
    expect(countries.find((country) => country.code === 'AU')).toMatchObject({
      hasAddresses: false,
      isZipCodeRequired: true,
      currencyCode: 'AUD',
      phoneCode: '+61',
    });
  });

  it('enables what3words in exactly the expected countries', () => {
    const enabled = countries.filter((country) => country.enableWhat3Words).map((country) => country.code);
    expect(enabled.sort()).toEqual([...WHAT3WORDS_COUNTRIES].sort());
  });

  it('requires zip codes where the post requires them', () => {
    const zip = new Map(countries.map((country) => [country.code, country.isZipCodeRequired]));
    for (const code of ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'CN', 'IN', 'SG', 'SA'])
      expect(zip.get(code), code).toBe(true);
    for (const code of ['AE', 'QA', 'HK']) expect(zip.get(code), code).toBe(false);
  });

  it('names every country in Arabic script', () => {
    for (const country of countries) expect(country.nameAr, country.code).toMatch(ARABIC);
  });

  it('uses currencies that currencies.json defines', () => {
    const codes = new Set(currencies.map((currency) => currency.currencyCode));
    for (const country of countries) expect(codes.has(country.currencyCode), country.code).toBe(true);
  });
});

describe('currencies', () => {
  it('names every currency in Arabic script', () => {
    for (const currency of currencies) expect(currency.nameAr, currency.currencyCode).toMatch(ARABIC);
  });

  it('publish a rate for every currency a country uses; only a few have none', () => {
    const rate = new Map(currencies.map((currency) => [currency.currencyCode, currency.usdRate]));
    for (const country of countries) expect(rate.get(country.currencyCode), country.code).toBeGreaterThan(0);
    const unpublished = currencies.filter((currency) => currency.usdRate === null).map((c) => c.currencyCode);
    expect(unpublished.sort()).toEqual(['SYP', 'YER']);
  });

  it('has the US dollar at rate 1 and the pegged Gulf currencies at their pegs', () => {
    const rate = new Map(currencies.map((currency) => [currency.currencyCode, currency.usdRate]));
    expect(rate.get('USD')).toBe(1);
    expect(rate.get('SAR')).toBe(3.75);
    expect(rate.get('AED')).toBeCloseTo(3.6725, 4);
    expect(rate.get('JOD')).toBeCloseTo(0.709, 3);
  });
});

describe('plans', () => {
  it('are offered only in known countries or as the default', () => {
    const codes = new Set(countries.map((country) => country.code));
    for (const entry of plans) {
      expect(entry.countryCode === 'default' || codes.has(entry.countryCode), entry.countryCode).toBe(true);
    }
  });

  it('include all four plans by default', () => {
    const ids = plansOf('default').map((plan) => plan.planId);
    expect([...ids].sort()).toEqual([1, 2, 3, 5]);
  });

  it('offer each plan at most once per country', () => {
    for (const entry of plans) {
      const ids = entry.plans.map((plan) => plan.planId);
      expect(new Set(ids).size, entry.countryCode).toBe(ids.length);
    }
  });

  it('have the terms of each plan', () => {
    const terms = {
      1: { duration: 12, mandateAutoRenew: false, renewalAllowedInLastDays: 0 },
      2: { duration: 12, mandateAutoRenew: false, renewalAllowedInLastDays: 30 },
      3: { duration: 1, mandateAutoRenew: true, renewalAllowedInLastDays: 5 },
      5: { duration: 1200, mandateAutoRenew: false, renewalAllowedInLastDays: 0 },
    } as const;
    for (const entry of plans) {
      for (const plan of entry.plans) {
        expect(plan, `${entry.countryCode} plan ${plan.planId}`).toMatchObject(terms[plan.planId]);
      }
    }
  });

  it('price flex above basic and in a currency that currencies.json defines', () => {
    const codes = new Set(currencies.map((currency) => currency.currencyCode));
    for (const entry of plans) {
      const basic = entry.plans.find((plan) => plan.planId === 1);
      for (const plan of entry.plans) {
        expect(codes.has(plan.currencyCode), `${entry.countryCode} plan ${plan.planId}`).toBe(true);
        if (basic && plan.planId !== 1) expect(plan.amount).toBeGreaterThan(basic.amount);
      }
    }
  });

  it.each([
    ['default', true],
    ['JO', true],
    ['SA', true],
    ['AE', true],
    ['KW', true],
    ['ZA', true],
    ['EG', true],
    ['MA', false],
    ['LB', true],
  ])('flex availability for %s is %s', (countryCode, expected) => {
    expect(isFlexAvailable(plansOf(countryCode))).toBe(expected);
  });

  it('puts lifetime first in Lebanon, where only lifetime and basic are offered', () => {
    expect(plansOf('LB').map((plan) => plan.planId)).toEqual([5, 1]);
  });
});

describe('offices', () => {
  it('have unique ids of three uppercase letters or one to five digits', () => {
    const ids = offices.map((office) => office.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(?:[A-Z]{3}|\d{1,5})$/);
  });

  it('are in countries that countries.json defines', () => {
    const codes = new Set(countries.map((country) => country.code));
    for (const office of offices) expect(codes.has(office.countryCode), office.id).toBe(true);
  });

  it('exist in every listed country, each with a reception', () => {
    for (const code of LISTED_COUNTRIES) {
      const here = offices.filter((office) => office.countryCode === code);
      expect(here.length, code).toBeGreaterThan(0);
      expect(
        here.some((office) => office.typeIds.includes(4)),
        `${code} reception`,
      ).toBe(true);
    }
  });

  it.each(FULL_SERVICE_COUNTRIES)('include a locker, an outlet and a reception in %s', (code) => {
    const types = new Set(offices.filter((office) => office.countryCode === code).flatMap((office) => office.typeIds));
    expect([...types].sort()).toEqual([1, 3, 4]);
  });

  it('name their city and address in Arabic script', () => {
    for (const office of offices) {
      expect(office.cityName.ar, office.id).toMatch(ARABIC);
      expect(office.address.ar, office.id).toMatch(ARABIC);
    }
  });

  it('lie in the hemisphere of their country', () => {
    for (const office of offices) {
      const south = office.countryCode === 'ZA';
      const west = ['US', 'GB', 'ES', 'MA'].includes(office.countryCode);
      expect(office.geoLatitude < 0, office.id).toBe(south);
      expect(office.geoLongitude < 0, office.id).toBe(west);
    }
  });

  it('have phone numbers with their country dialling code', () => {
    const phoneCode = new Map(countries.map((country) => [country.code, country.phoneCode]));
    for (const office of offices)
      expect(office.phone.startsWith(`${phoneCode.get(office.countryCode)} `), office.id).toBe(true);
  });

  it('rejects badly formed working days', () => {
    const office = offices[0];
    expect(office).toBeDefined();
    for (const workingDays of ['Tue,Mon,Wed', 'Mon,Mon', 'Monday', '', 'Sun,Tue,Mon', 'Mon, Tue']) {
      expect(officesSchema.safeParse([{ ...office, workingDays }]).success, workingDays).toBe(false);
    }
    expect(officesSchema.safeParse([{ ...office, workingDays: 'Sat,Sun,Mon,Tue,Wed,Thu' }]).success).toBe(true);
  });
});

describe('country rates', () => {
  const rateOf = (origin: string, destination: string) =>
    countryRates.find((rate) => rate.originCountryCode === origin && rate.destinationCountryCode === destination);

  it('cover every origin and destination pair', () => {
    for (const origin of ORIGINS) {
      for (const destination of [...DESTINATIONS, ...DESTINATIONS_WITHOUT_OFFICES])
        expect(rateOf(origin, destination), `${origin}>${destination}`).toBeDefined();
    }
  });

  it('use only countries that countries.json defines', () => {
    const codes = new Set(countries.map((country) => country.code));
    for (const rate of countryRates) {
      expect(codes.has(rate.originCountryCode), rate.originCountryCode).toBe(true);
      expect(codes.has(rate.destinationCountryCode), rate.destinationCountryCode).toBe(true);
    }
  });

  it('price every plan, flex plans 10–30 % below basic and lifetime the cheapest', () => {
    for (const rate of countryRates) {
      const pair = `${rate.originCountryCode}>${rate.destinationCountryCode}`;
      const byPlan = new Map(rate.rates.map((item) => [item.subscriptionPlanId, item]));
      expect([...byPlan.keys()].sort(), pair).toEqual([1, 2, 3, 5]);
      const basic = byPlan.get(1);
      const lifetime = byPlan.get(5);
      if (!basic || !lifetime) throw new Error(`${pair} lacks basic or lifetime rates`);
      for (const item of rate.rates) {
        expect(item.firstHalfKg, pair).toBeGreaterThanOrEqual(8);
        expect(item.firstHalfKg, pair).toBeLessThanOrEqual(25);
        expect(item.additionalHalfKg, pair).toBeGreaterThanOrEqual(3);
        expect(item.additionalHalfKg, pair).toBeLessThanOrEqual(10);
        expect(item.additionalHalfKg, pair).toBeLessThan(item.firstHalfKg);
        if (item.subscriptionPlanId === 1) continue;
        const discount = 1 - item.firstHalfKg / basic.firstHalfKg;
        expect(discount, `${pair} plan ${item.subscriptionPlanId}`).toBeGreaterThanOrEqual(0.1 - 1e-9);
        expect(discount, `${pair} plan ${item.subscriptionPlanId}`).toBeLessThanOrEqual(0.3 + 1e-9);
        expect(lifetime.firstHalfKg, pair).toBeLessThanOrEqual(item.firstHalfKg);
        expect(lifetime.additionalHalfKg, pair).toBeLessThanOrEqual(item.additionalHalfKg);
      }
    }
  });

  it('give transit times as a day range', () => {
    for (const rate of countryRates) {
      const [min, max] = rate.transitDays.split('-').map(Number);
      expect(min, rate.transitDays).toBeGreaterThan(0);
      expect(max, rate.transitDays).toBeGreaterThanOrEqual(min ?? Infinity);
    }
  });
});

describe('ID rules of countries', () => {
  it('accept a passport everywhere, and each type once', () => {
    for (const country of countries) {
      expect(country.idTypes, country.code).toContain('passport');
      expect(new Set(country.idTypes).size, country.code).toBe(country.idTypes.length);
      for (const type of country.idTypes) expect(ID_TYPES, country.code).toContain(type);
    }
  });

  it('take the civil ID in Kuwait and Oman, and a driving licence in the US', () => {
    const types = new Map(countries.map((country) => [country.code, country.idTypes]));
    expect(types.get('KW')).toContain('civilId');
    expect(types.get('OM')).toContain('civilId');
    expect(types.get('US')).toEqual(['drivingLicence', 'passport']);
  });

  it('make the ID document mandatory where customs want it, and the details in a subset of those', () => {
    const attachment = countries.filter((c) => c.idAttachmentMandatory).map((c) => c.code);
    expect(attachment).toEqual(expect.arrayContaining(['SA', 'KW', 'QA', 'EG', 'IN']));
    expect(attachment).not.toContain('JO');
    for (const country of countries.filter((c) => c.idDetailsMandatory)) {
      expect(country.idAttachmentMandatory, country.code).toBe(true);
    }
  });
});

describe('cities', () => {
  const citiesOf = (code: string) => cities.find((entry) => entry.countryCode === code)?.cities ?? [];

  it('cover every country once, with at least 8 cities each and more in the big ones', () => {
    expect(cities.map((entry) => entry.countryCode).sort()).toEqual(countries.map((country) => country.code).sort());
    for (const country of countries) expect(citiesOf(country.code).length, country.code).toBeGreaterThanOrEqual(8);
    for (const code of ['US', 'GB', 'CN', 'IN', 'SA', 'DE'])
      expect(citiesOf(code).length, code).toBeGreaterThanOrEqual(15);
  });

  it('name each city in Arabic too, each name once in its country, as the offices name their cities', () => {
    for (const entry of cities) {
      const names = entry.cities.map((city) => city.cityNameAr);
      expect(new Set(names).size, entry.countryCode).toBe(names.length);
      for (const city of entry.cities) expect(city.cityNameAr, city.cityName).not.toMatch(/\p{Script=Latin}/u);
    }
    for (const office of offices) {
      const city = citiesOf(office.countryCode).find((c) => c.cityName === office.cityName.en);
      if (city) expect(city.cityNameAr, office.id).toBe(office.cityName.ar);
    }
  });

  it('give a postal code wherever the country requires one, and none where the country has none', () => {
    for (const country of countries.filter((c) => c.isZipCodeRequired)) {
      for (const city of citiesOf(country.code))
        expect(city.zipCode, `${country.code} ${city.cityName}`).not.toBeNull();
    }
    for (const code of ['AE', 'HK', 'QA']) {
      for (const city of citiesOf(code)) expect(city.zipCode, `${code} ${city.cityName}`).toBeNull();
    }
    const zip = (code: string, name: string) => citiesOf(code).find((city) => city.cityName === name)?.zipCode;
    expect(zip('US', 'New York')).toMatch(/^\d{5}$/);
    expect(zip('GB', 'London')).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    expect(zip('SA', 'Riyadh')).toMatch(/^1\d{4}$/);
    expect(zip('IN', 'Mumbai')).toMatch(/^4\d{5}$/);
  });

  it('include the cities of the offices and of the demo customers', () => {
    for (const [code, name] of [
      ['JO', 'Amman'],
      ['JO', 'Irbid'],
      ['JO', 'Zarqa'],
      ['AE', 'Dubai'],
      ['SA', 'Riyadh'],
      ['KW', 'Kuwait City'],
    ] as const) {
      expect(
        citiesOf(code).some((city) => city.cityName === name),
        `${code} ${name}`,
      ).toBe(true);
    }
    const receptions = offices.filter((office) => office.typeIds.includes(4));
    for (const office of receptions) {
      expect(
        citiesOf(office.countryCode).some((city) => city.cityName === office.cityName.en),
        `${office.id} ${office.cityName.en}`,
      ).toBe(true);
    }
  });
});

describe('mailbox warehouses', () => {
  it('stand in exactly the countries with addresses, one each, with the local dialling code', () => {
    const origins = countries.filter((country) => country.hasAddresses).map((country) => country.code);
    expect(WAREHOUSES.map((w) => w.countryCode).sort()).toEqual([...origins].sort());
    const phoneCode = new Map(countries.map((country) => [country.code, country.phoneCode]));
    for (const w of WAREHOUSES) {
      expect(w.entity, w.countryCode).toMatch(/^[A-Z]{3}$/);
      expect(w.phone.startsWith(`${phoneCode.get(w.countryCode)} `), w.countryCode).toBe(true);
    }
  });

  it('name each mailbox and its city in Arabic, and print their postal address in Latin script', () => {
    const codes = WAREHOUSES.map((w) => w.entity);
    expect(new Set(codes).size).toBe(codes.length);
    for (const w of WAREHOUSES) {
      expect(`${w.alias.ar} ${w.city.ar}`, w.entity).not.toMatch(/\p{Script=Latin}/u);
      for (const line of [w.street, w.city.en, w.state, w.zip]) {
        if (line) expect(line, w.entity).not.toMatch(ARABIC);
      }
    }
  });
});
