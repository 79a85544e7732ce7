import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import {
  citiesResponseSchema,
  countriesResponseSchema,
  countryByClientSchema,
  countryResponseSchema,
  idTypesResponseSchema,
  membershipPlansResponseSchema,
  worldCountrySchema,
} from '../../src/lib/api/reference/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { count, eq } from 'drizzle-orm';
import { cities, countries, users } from '../../server/db/schema.ts';
import { refreshReferenceData } from '../../server/db/reference-data.ts';
import { loadReferenceData } from '../../server/db/reference-data.ts';
import { loadIpLocationDb } from '../../server/geo/ip-location-db.ts';
import { join } from 'node:path';
import { z } from '../../src/lib/zod.ts';

const IP_FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'ip-location-db');

describe.each(BACKENDS)('reference API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
  const notFound = async (res: Response) => {
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(await res.json()).code).toBe('NOT_FOUND');
  };

  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION');
    return Object.keys(body.fieldErrors ?? {});
  };

  describe('countries', () => {
    it('lists every country by English name at the spec path, with its slash, without logging in', async () => {
      const res = await get('/api/countries/');
      expect(res.status).toBe(200);
      const list = countriesResponseSchema.parse(await res.json());
      expect(list.length).toBe(24);
      const names = list.map((c) => c.nameEn);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(list.find((c) => c.code === 'AE')).toEqual({
        code: 'AE',
        nameEn: 'United Arab Emirates',
        nameAr: 'الإمارات العربية المتحدة',
        isZipCodeRequired: false,
        hasAddresses: true,
        enableWhat3Words: true,
        phoneCode: '+971',
        currencyCode: 'AED',
      });
    });

    it('answers one country by code, in any case, and 404 for an unknown one', async () => {
      const res = await get('/api/countries/jo');
      expect(countryResponseSchema.parse(await res.json())).toMatchObject({ code: 'JO', currencyCode: 'JOD' });
      await notFound(await get('/api/countries/XX'));
      await notFound(await get('/api/countries/JOR'));
    });

    it('answers nothing at the path without the slash, which the spec does not write', async () => {
      const res = await get('/api/countries');
      expect(res.status).toBe(404);
    });
  });

  describe('all countries', () => {
    const all = async (query = '') => {
      const res = await get(`/api/shareddata/allCountries${query}`);
      expect(res.status).toBe(200);
      return z.array(z.strictObject(worldCountrySchema.shape)).parse(await res.json());
    };
    const service = loadReferenceData().countries;

    it('lists every country of the world once, in English by default, sorted by name', async () => {
      const list = await all();
      const codes = list.map((c) => c.code);
      expect(new Set(codes).size).toBe(codes.length);
      // ISO 3166-1's 249 officially assigned codes, and Kosovo's XK.
      expect(list.length).toBe(250);
      for (const code of ['BR', 'NG', 'FJ', 'IS', 'XK', 'AQ', ...service.map((c) => c.code)])
        expect(codes).toContain(code);
      const names = list.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('en-US').compare));
      expect(list.find((c) => c.code === 'BR')).toEqual({ code: 'BR', name: 'Brazil', isZipCodeRequired: true });
      expect(await all('?language=en')).toEqual(list);
    });

    it("keeps the service's own names and zip-code rule for its countries", async () => {
      const list = await all();
      for (const country of service) {
        expect(list.find((c) => c.code === country.code)).toEqual({
          code: country.code,
          name: country.nameEn,
          isZipCodeRequired: country.isZipCodeRequired,
        });
      }
      expect(list.find((c) => c.code === 'AE')?.isZipCodeRequired).toBe(false);
    });

    it('names them in Arabic, sorted as Arabic sorts', async () => {
      const list = await all('?language=ar');
      expect(list.length).toBe(250);
      for (const c of list) expect(c.name, c.code).toMatch(/\p{Script=Arabic}/u);
      expect(list.find((c) => c.code === 'JO')?.name).toBe(service.find((c) => c.code === 'JO')?.nameAr);
      const names = list.map((c) => c.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('ar-u-nu-latn').compare));
    });

    it('refuses a language the site is not written in', async () => {
      expect(await refused(await get('/api/shareddata/allCountries?language=fr'))).toEqual(['language']);
    });
  });

  describe('three-word setting', () => {
    const setting = async (code: string) => {
      const res = await get(`/api/v1/countries/${code}/settings/enableWhat3Words`);
      expect(res.status, code).toBe(200);
      return z.boolean().parse(await res.json());
    };

    it("answers each country's flag as the site's data has it, the code in any case", async () => {
      const service = loadReferenceData().countries;
      expect(service.some((c) => c.enableWhat3Words)).toBe(true);
      expect(service.some((c) => !c.enableWhat3Words)).toBe(true);
      for (const country of service) expect(await setting(country.code)).toBe(country.enableWhat3Words);
      expect(await setting('ae')).toBe(true);
      expect(await setting('us')).toBe(false);
    });

    it('answers 404 for a country the service does not know', async () => {
      await notFound(await get('/api/v1/countries/BR/settings/enableWhat3Words'));
      await notFound(await get('/api/v1/countries/JOR/settings/enableWhat3Words'));
    });
  });

  describe('membership plans', () => {
    it("answers the country's own list in list order", async () => {
      const res = await get('/api/v1/countries/LB/membershipplans');
      expect(res.status).toBe(200);
      const body = membershipPlansResponseSchema.parse(await res.json());
      expect(body.countryCode).toBe('LB');
      expect(body.plans.map((p) => p.planId)).toEqual([5, 1]);
      const jo = membershipPlansResponseSchema.parse(await (await get('/api/v1/countries/JO/membershipplans')).json());
      expect(jo.plans.map((p) => [p.planId, p.amount, p.currencyCode])).toEqual([
        [1, 0, 'JOD'],
        [2, 35, 'JOD'],
        [3, 4.25, 'JOD'],
        [5, 175, 'JOD'],
      ]);
    });

    it('falls back to the default list for a country without one, and answers it for "default"', async () => {
      const qa = membershipPlansResponseSchema.parse(await (await get('/api/v1/countries/QA/membershipplans')).json());
      expect(qa.countryCode).toBe('default');
      expect(qa.plans.map((p) => [p.planId, p.amount, p.currencyCode])).toEqual([
        [1, 0, 'USD'],
        [2, 49.99, 'USD'],
        [3, 5.99, 'USD'],
        [5, 249, 'USD'],
      ]);
      const fallback = membershipPlansResponseSchema.parse(
        await (await get('/api/v1/countries/default/membershipplans')).json(),
      );
      expect(fallback).toEqual(qa);
    });

    it('answers 404 for an unknown country', async () => {
      await notFound(await get('/api/v1/countries/ZZ/membershipplans'));
    });
  });

  describe('country by client', () => {
    const resolve = async (app: TestApp, headers: Record<string, string>) => {
      const res = await app.request('/api/v1/countries/resolvebyclient', { headers });
      expect(res.status).toBe(200);
      return countryByClientSchema.parse(await res.json()).countryCode;
    };

    it("takes the edge's country header behind a trusted proxy, when it names a known country", async () => {
      expect(await resolve(t, { 'cf-ipcountry': 'JO' })).toBe('JO');
      expect(await resolve(t, { 'cf-ipcountry': 'sa' })).toBe('SA');
      // Cloudflare's XX (unknown) and T1 (Tor), a country the service doesn't know, nothing at all.
      expect(await resolve(t, { 'cf-ipcountry': 'XX' })).toBeNull();
      expect(await resolve(t, { 'cf-ipcountry': 'T1' })).toBeNull();
      expect(await resolve(t, { 'cf-ipcountry': 'BR' })).toBeNull();
      expect(await resolve(t, {})).toBeNull();
    });

    it("falls back to the offline IP database on the client's address", async () => {
      const located = await createTestApp(backend, { countryByIp: loadIpLocationDb(IP_FIXTURE) });
      const direct = await createTestApp(backend, { trustProxy: false, countryByIp: loadIpLocationDb(IP_FIXTURE) });
      const from = (app: TestApp, address: string, headers: Record<string, string> = {}) =>
        app.request('/api/v1/countries/resolvebyclient', { headers, from: address }).then(async (res) => {
          expect(res.status).toBe(200);
          return countryByClientSchema.parse(await res.json()).countryCode;
        });
      try {
        // The fixture places 212.35.64.0/19 in JO, 2a01:4f8::/32 in AE and 2001:200::/32 in JP.
        expect(await from(located, '212.35.64.10')).toBe('JO');
        expect(await from(located, '2a01:4f8::1')).toBe('AE');
        // The edge's word first; its unknown answer leaves it to the database.
        expect(await from(located, '212.35.64.10', { 'cf-ipcountry': 'SA' })).toBe('SA');
        expect(await from(located, '212.35.64.10', { 'cf-ipcountry': 'XX' })).toBe('JO');
        // A country the service doesn't know, a private address, an address in no range.
        expect(await from(located, '2001:200::1')).toBeNull();
        expect(await from(located, '10.1.2.3')).toBeNull();
        expect(await from(located, '198.51.100.7')).toBeNull();
        // Without a trusted proxy the forwarded address is no one's word either: the socket's is used.
        expect(await from(direct, '212.35.64.10')).toBeNull();
      } finally {
        await located.close();
        await direct.close();
      }
    });

    it('reads the configured header only, and nothing without a trusted proxy', async () => {
      const other = await createTestApp(backend, { countryHeader: 'x-client-country' });
      const direct = await createTestApp(backend, { trustProxy: false });
      try {
        expect(await resolve(other, { 'x-client-country': 'AE', 'cf-ipcountry': 'JO' })).toBe('AE');
        expect(await resolve(other, { 'cf-ipcountry': 'JO' })).toBeNull();
        expect(await resolve(direct, { 'cf-ipcountry': 'JO' })).toBeNull();
      } finally {
        await other.close();
        await direct.close();
      }
    });
  });

  describe('cities', () => {
    const cities = async (path: string) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      return citiesResponseSchema.parse(await res.json());
    };

    it('finds the cities starting with a prefix, whatever its case, sorted by name', async () => {
      expect(await cities('/api/shareddata/AE/city/a')).toEqual([
        { cityName: 'Abu Dhabi', zipCode: null, state: 'Abu Dhabi' },
        { cityName: 'Ajman', zipCode: null, state: 'Ajman' },
        { cityName: 'Al Ain', zipCode: null, state: 'Abu Dhabi' },
        { cityName: 'Al Dhaid', zipCode: null, state: 'Sharjah' },
      ]);
      expect(await cities('/api/shareddata/jo/city/AMM')).toEqual([
        { cityName: 'Amman', zipCode: '11118', state: 'Amman' },
      ]);
      expect((await cities('/api/shareddata/AE/city/al%20a')).map((c) => c.cityName)).toEqual(['Al Ain']);
      expect((await cities('/api/shareddata/DE/city/d%C3%BC')).map((c) => c.cityName)).toEqual(['Düsseldorf']);
      expect(await cities('/api/shareddata/JO/city/Atlantis')).toEqual([]);
      // A prefix is not a pattern.
      expect(await cities('/api/shareddata/JO/city/%25')).toEqual([]);
      expect(await cities('/api/shareddata/JO/city/_')).toEqual([]);
    });

    it('answers at most 20', async () => {
      // A blank prefix matches every city: the US has 30, the first 20 by name come back.
      const us = await cities('/api/shareddata/US/city/%20');
      expect(us.length).toBe(20);
      const names = us.map((c) => c.cityName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(names.slice(0, 3)).toEqual(['Atlanta', 'Austin', 'Baltimore']);
      const sa = await cities('/api/shareddata/SA/city/a');
      expect(sa.map((c) => c.cityName)).toEqual(['Abha', 'Al Bahah', 'Al Hofuf', 'Al Kharj', 'Al Mubarraz', 'Arar']);
    });

    it('answers 404 for an unknown country', async () => {
      await notFound(await get('/api/shareddata/ZZ/city/a'));
    });
  });

  describe('ID types', () => {
    const idTypes = async (path: string) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      return idTypesResponseSchema.parse(await res.json());
    };

    it("answers the country's types, plus the user's current one when it is a type and missing", async () => {
      expect(await idTypes('/api/v1/countries/KW/idTypes')).toEqual(['civilId', 'passport', 'residencePermit']);
      expect(await idTypes('/api/v1/countries/US/idTypes')).toEqual(['drivingLicence', 'passport']);
      expect(await idTypes('/api/v1/countries/US/idTypes?currentIdType=nationalId')).toEqual([
        'drivingLicence',
        'passport',
        'nationalId',
      ]);
      expect(await idTypes('/api/v1/countries/US/idTypes?currentIdType=passport')).toEqual([
        'drivingLicence',
        'passport',
      ]);
      expect(await idTypes('/api/v1/countries/US/idTypes?currentIdType=libraryCard')).toEqual([
        'drivingLicence',
        'passport',
      ]);
    });

    it('answers 404 for an unknown country', async () => {
      await notFound(await get('/api/v1/countries/ZZ/idTypes'));
    });
  });

  describe('refresh at start', () => {
    it('brings stale reference tables back to the files and leaves customers alone', async () => {
      const { db } = t.database;
      const [people] = await db.select({ n: count() }).from(users);
      await db.delete(cities);
      await db.update(countries).set({ idTypes: ['passport'], idDetailsMandatory: false });
      await refreshReferenceData(db);
      const files = loadReferenceData();
      const [rows] = await db.select({ n: count() }).from(cities);
      expect(rows?.n).toBe(files.cities.reduce((n, c) => n + c.cities.length, 0));
      const [kw] = await db.select().from(countries).where(eq(countries.code, 'KW'));
      expect(kw).toMatchObject({ idTypes: ['civilId', 'passport', 'residencePermit'], idDetailsMandatory: true });
      const [after] = await db.select({ n: count() }).from(users);
      expect(after?.n).toBe(people?.n);
      // Twice in a row is fine.
      await refreshReferenceData(db);
      expect((await db.select({ n: count() }).from(cities))[0]?.n).toBe(rows?.n);
    });
  });
});
