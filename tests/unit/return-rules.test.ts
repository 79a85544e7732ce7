import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOW_VALUE_LIMIT_USD,
  PICKUP_TIME_ZONES,
  addDays,
  defaultLatestTime,
  defaultPickupTimes,
  formatReturnAmount,
  formatReturnWeight,
  isGridTime,
  isIsoDay,
  isLatestTimeValid,
  isPickupDateAllowed,
  isReadyTimeAhead,
  isReturnable,
  lowValueLimit,
  parseDecimal,
  pickupTimeZone,
  pickupWindow,
  roundUpToStep,
  wallClock,
  withinValueLimit,
} from '../../src/lib/returns/return-rules.ts';
import { returnPriceMinor } from '../../src/lib/returns/return-price.ts';
import {
  POSTAL_FORMATS,
  addressProblems,
  isValidAddress,
  zipArea,
} from '../../src/lib/reference/address-validation.ts';
import { countryCitiesListSchema } from '../../src/lib/reference/schemas.ts';
import citiesData from '../../src/content/data/cities.json';
import countriesData from '../../src/content/data/countries.json';
import {
  $returnDraft,
  clearDraft,
  completeStep,
  draftStep,
  editStep,
  firstIncompleteStep,
  openDraft,
} from '../../src/lib/returns/return-draft.ts';

const UTC = 'UTC';
const at = (iso: string) => new Date(iso);

describe('returnable shipments', () => {
  it('are the delivered ones (lastPI 22) without a return yet', () => {
    expect(isReturnable(22, false)).toBe(true);
    expect(isReturnable(22, true)).toBe(false);
    for (const pi of [1, 4, 13, 18, 21, 23]) expect(isReturnable(pi, false)).toBe(false);
  });
});

describe('default ready time: now + 1 hour, rounded up to 10 minutes', () => {
  it.each([
    ['2026-11-22T14:23:00Z', '2026-11-22', '15:30', '16:30'],
    // An exact multiple stays; a second past it goes up.
    ['2026-11-22T14:50:00Z', '2026-11-22', '15:50', '16:50'],
    ['2026-11-22T14:50:30Z', '2026-11-22', '16:00', '17:00'],
    ['2026-11-22T14:41:00Z', '2026-11-22', '15:50', '16:50'],
    ['2026-11-22T00:00:00Z', '2026-11-22', '01:00', '02:00'],
    // The latest time stays within the day.
    ['2026-11-22T22:05:00Z', '2026-11-22', '23:10', '23:50'],
    ['2026-11-22T22:41:00Z', '2026-11-22', '23:50', '23:50'],
    // Past midnight: tomorrow's time.
    ['2026-11-22T22:55:00Z', '2026-11-23', '00:00', '01:00'],
    ['2026-11-22T23:05:00Z', '2026-11-23', '00:10', '01:10'],
    ['2026-12-31T23:59:59Z', '2027-01-01', '01:00', '02:00'],
  ])('at %s UTC: %s %s, latest %s', (now, date, ready, latest) => {
    expect(defaultPickupTimes(at(now), UTC)).toEqual({ pickupDate: date, readyTime: ready, latestTime: latest });
  });

  it('reads the clock in the pickup country', () => {
    // 21:30 UTC is 00:30 the next day in Amman (UTC+3).
    expect(defaultPickupTimes(at('2026-11-22T21:30:00Z'), 'Asia/Amman')).toEqual({
      pickupDate: '2026-11-23',
      readyTime: '01:30',
      latestTime: '02:30',
    });
    expect(wallClock(at('2026-11-22T21:30:00Z'), 'Asia/Amman')).toEqual({ date: '2026-11-23', minutes: 30 });
    expect(pickupTimeZone('JO')).toBe('Asia/Amman');
    expect(pickupTimeZone('ZZ')).toBe('UTC');
  });

  it('names a valid zone for every country of the service', () => {
    for (const country of countriesData) {
      expect(PICKUP_TIME_ZONES[country.code], country.code).toBeTruthy();
      expect(() => wallClock(new Date(), pickupTimeZone(country.code))).not.toThrow();
    }
  });

  it('rounds minutes up to the grid', () => {
    expect(roundUpToStep(0)).toBe(0);
    expect(roundUpToStep(900)).toBe(900);
    expect(roundUpToStep(900.01)).toBe(910);
    expect(roundUpToStep(899.9999999999)).toBe(900);
    expect(roundUpToStep(1431)).toBe(1440);
  });
});

describe('latest time', () => {
  it('defaults to one hour after the ready time, at most 23:50', () => {
    expect(defaultLatestTime('09:00')).toBe('10:00');
    expect(defaultLatestTime('22:50')).toBe('23:50');
    expect(defaultLatestTime('23:20')).toBe('23:50');
  });

  it('is refused before the ready time, accepted at or after it', () => {
    expect(isLatestTimeValid('10:00', '09:50')).toBe(false);
    expect(isLatestTimeValid('10:00', '10:00')).toBe(true);
    expect(isLatestTimeValid('10:00', '23:50')).toBe(true);
    expect(isLatestTimeValid('00:10', '00:00')).toBe(false);
  });

  it('is on the 10-minute grid, 24-hour', () => {
    expect(isGridTime('00:00')).toBe(true);
    expect(isGridTime('23:50')).toBe(true);
    expect(isGridTime('23:55')).toBe(false);
    expect(isGridTime('24:00')).toBe(false);
    expect(isGridTime('9:00')).toBe(false);
    expect(isGridTime('09:00 PM')).toBe(false);
  });

  it('a ready time today must not have passed', () => {
    const now = at('2026-11-22T11:00:30Z');
    expect(isReadyTimeAhead('2026-11-22', '10:50', now, UTC)).toBe(false);
    expect(isReadyTimeAhead('2026-11-22', '11:00', now, UTC)).toBe(true);
    expect(isReadyTimeAhead('2026-11-23', '00:00', now, UTC)).toBe(true);
  });
});

describe('pickup window: today to 7 days ahead', () => {
  const now = at('2026-11-22T08:00:00Z');

  it('runs from today to today + 7 in the pickup country', () => {
    expect(pickupWindow(now, UTC)).toEqual({ first: '2026-11-22', last: '2026-11-29' });
    expect(pickupWindow(at('2026-11-22T22:30:00Z'), 'Asia/Amman')).toEqual({ first: '2026-11-23', last: '2026-11-30' });
    expect(pickupWindow(at('2026-12-28T12:00:00Z'), UTC)).toEqual({ first: '2026-12-28', last: '2027-01-04' });
  });

  it.each([
    ['2026-11-21', false],
    ['2026-11-22', true],
    ['2026-11-29', true],
    ['2026-11-30', false],
    ['2026-11-31', false],
    ['22/11/2026', false],
    ['', false],
  ])('%s allowed: %s', (day, allowed) => {
    expect(isPickupDateAllowed(day, now, UTC)).toBe(allowed);
  });

  it('knows real days and adds days across months and years', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(addDays('2026-02-25', 7)).toBe('2026-03-04');
    expect(addDays('2026-12-30', 7)).toBe('2027-01-06');
  });
});

describe('declared value limit', () => {
  it('is per origin country in USD, 1000 elsewhere, converted to the shipment currency', () => {
    expect(lowValueLimit('US')).toBe(800);
    expect(lowValueLimit('DE')).toBe(DEFAULT_LOW_VALUE_LIMIT_USD);
    expect(lowValueLimit('US', 0.709)).toBe(567);
    expect(lowValueLimit('US', null)).toBe(800);
  });

  it('refuses an amount above it', () => {
    expect(withinValueLimit(800, 800)).toBe(true);
    expect(withinValueLimit(800.01, 800)).toBe(false);
    expect(withinValueLimit(Number.NaN, 800)).toBe(false);
  });
});

describe('formatting', () => {
  it.each([
    [60, '60.0'],
    [60.04, '60.0'],
    [60.05, '60.1'],
    [0.25, '0.3'],
    [1234.56, '1234.6'],
  ])('amount %s → %s (1 decimal)', (n, text) => expect(formatReturnAmount(n)).toBe(text));

  it.each([
    [1.2, '1.20'],
    [1.005, '1.01'],
    [2.345, '2.35'],
    [70, '70.00'],
  ])('weight %s → %s (2 decimals)', (n, text) => expect(formatReturnWeight(n)).toBe(text));

  it('reads decimals typed with a point or a comma', () => {
    expect(parseDecimal('60')).toBe(60);
    expect(parseDecimal(' 60,5 ')).toBe(60.5);
    expect(parseDecimal('1.20')).toBe(1.2);
    expect(parseDecimal('1e3')).toBeNaN();
    expect(parseDecimal('-1')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });
});

describe('return price', () => {
  const rates = [
    { subscriptionPlanId: 1, firstHalfKg: 22, additionalHalfKg: 8.5, currency: 'USD' },
    { subscriptionPlanId: 2, firstHalfKg: 17.6, additionalHalfKg: 6.8, currency: 'USD' },
  ];

  it('charges the first half kilogram and each further half begun, for the plan (basic when it has none)', () => {
    expect(returnPriceMinor(rates, 1, 0.3)).toEqual({ amountMinor: 2200, currencyCode: 'USD' });
    expect(returnPriceMinor(rates, 1, 1.5)).toEqual({ amountMinor: 3900, currencyCode: 'USD' });
    expect(returnPriceMinor(rates, 1, 1.51)).toEqual({ amountMinor: 4750, currencyCode: 'USD' });
    expect(returnPriceMinor(rates, 2, 1)).toEqual({ amountMinor: 2440, currencyCode: 'USD' });
    expect(returnPriceMinor(rates, 5, 1)).toEqual({ amountMinor: 3050, currencyCode: 'USD' });
    expect(returnPriceMinor([], 1, 1)).toBeNull();
  });
});

describe('address check (ValidateAddress)', () => {
  const cityLists = countryCitiesListSchema.parse(citiesData);
  const citiesOf = (code: string) => cityLists.find((l) => l.countryCode === code)?.cities ?? [];
  const check = (code: string, streetName: string, cityName: string, zipCode: string) =>
    addressProblems(code, { streetName, cityName, zipCode }, citiesOf(code));

  it.each([
    ['US', '350 Fifth Avenue', 'New York', '10001', []],
    ['US', '350 Fifth Avenue', ' NEW  york ', '10018', []],
    ['US', '350 Fifth Avenue', 'New York', '10001-0001', []],
    ['US', '350 Fifth Avenue', 'New York', '90012', ['zipArea']],
    ['US', '350 Fifth Avenue', 'New York', '1000', ['zipFormat']],
    ['US', '350 Fifth Avenue', 'New York', '', ['zipFormat']],
    ['US', '350 Fifth Avenue', 'Gotham', '10001', ['city']],
    ['US', 'ab', 'New York', '10001', ['street']],
    ['GB', '1 Old Street', 'London', 'EC2A 4NE', []],
    ['GB', '1 Old Street', 'London', 'ec2a4ne', []],
    ['GB', '1 Old Street', 'London', 'E1 6AN', ['zipArea']],
    ['GB', '1 New Street', 'Birmingham', 'BS1 4DJ', ['zipArea']],
    ['GB', '1 New Street', 'Birmingham', '12345', ['zipFormat']],
    ['DE', 'Unter den Linden 1', 'Berlin', '10117', []],
    ['DE', 'Unter den Linden 1', 'Berlin', '80331', ['zipArea']],
    ['CN', '1 Nanjing Road', 'Shanghai', '200002', []],
    ['IN', '1 Marine Drive', 'Mumbai', '012345', ['zipFormat']],
    ['ZA', '1 Main Road', 'Johannesburg', '2000', []],
    ['SA', '1 King Fahd Road', 'Riyadh', '11564-1234', []],
    ['AU', '1 George Street', 'Sydney', '2001', []],
    ['AU', '1 George Street', 'Sydney', '3000', ['zipArea']],
    ['JO', '1 Test Street', 'Amman', '', []],
    ['JO', '1 Test Street', 'Atlantis', 'anything', ['city']],
  ])('%s %s, %s %s → %o', (code, street, city, zip, problems) => {
    expect(check(code, street, city, zip)).toEqual(problems);
    expect(isValidAddress(code, { streetName: street, cityName: city, zipCode: zip }, citiesOf(code))).toBe(
      problems.length === 0,
    );
  });

  it('knows the postal format of every country that requires zip codes, and every reference city fits it', () => {
    const withZip = countriesData.filter((c) => c.isZipCodeRequired).map((c) => c.code);
    expect(Object.keys(POSTAL_FORMATS).sort()).toEqual([...withZip].sort());
    for (const code of withZip) {
      for (const city of citiesOf(code)) {
        expect(check(code, 'Main Street 1', city.cityName, city.zipCode ?? ''), `${code} ${city.cityName}`).toEqual([]);
      }
    }
  });

  it('takes the area from the first two characters, or the letters of a British outward code', () => {
    expect(zipArea('US', '10001-1234')).toBe('10');
    expect(zipArea('GB', 'EC1A 1BB')).toBe('EC');
    expect(zipArea('GB', 'b1 1bb')).toBe('B');
  });
});

describe('wizard draft', () => {
  it('sends a step whose earlier steps are not done to the first that is not', () => {
    expect(firstIncompleteStep({ done: [] })).toBe('address-from');
    expect(firstIncompleteStep({ done: ['address-from'] })).toBe('address-to');
    expect(firstIncompleteStep({ done: ['address-from', 'address-to'] })).toBe('pickup');
    expect(firstIncompleteStep({ done: ['address-from', 'address-to', 'pickup'] })).toBe('pickup');
    expect(draftStep('pickup', { done: ['address-from'] })).toBe('address-to');
    expect(draftStep('address-to', { done: [] })).toBe('address-from');
    expect(draftStep('address-from', { done: ['address-from', 'address-to'] })).toBe('address-from');
    expect(draftStep('address-to', { done: ['address-from', 'address-to'] })).toBe('address-to');
    expect(draftStep('pickup', { done: ['address-from', 'address-to'] })).toBe('pickup');
  });

  it('takes an edited address step out of the done steps, so it is checked again', () => {
    const pickup = {
      pickupStreetAdress: '1 Test Street',
      pickupCity: 'Amman',
      pickupZipCode: '',
      pickupCountryCode: 'JO',
    };
    openDraft(7);
    completeStep('address-from', { pickupAddress: pickup });
    completeStep('address-to', {});
    expect(firstIncompleteStep($returnDraft.get()!)).toBe('pickup');
    editStep('address-from', { pickupAddress: { ...pickup, pickupCity: 'Zarqa' } });
    expect($returnDraft.get()?.pickupAddress?.pickupCity).toBe('Zarqa');
    expect(draftStep('pickup', $returnDraft.get()!)).toBe('address-from');
    // A draft of another shipment starts afresh.
    expect(openDraft(8)).toEqual({ packageID: 8, pickupAddress: null, deliveryAddress: null, pickup: null, done: [] });
    clearDraft();
    expect($returnDraft.get()).toBeNull();
  });
});
