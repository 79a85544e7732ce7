/**
 * The address check behind POST api/v1/Countries/{code}/ValidateAddress (spec 2 §7 Reference data; spec 1 §5
 * "Return addresses"): in a country with zip codes, an address is valid when
 * - the street has at least 3 characters,
 * - the city is one of the country's known cities (the reference cities, any case),
 * - the zip code has the country's postal format (POSTAL_FORMATS), and
 * - the zip code is in the city's area: it starts like the city's own zip code in the reference data (the first
 *   two digits; in Great Britain, the letters of the outward code: "EC1A 1BB" is area EC).
 * A country without a postal format (no zip codes) checks street and city only.
 */

/** Postal formats of the countries with zip codes (their codes are upper-cased and trimmed first). */
export const POSTAL_FORMATS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  CN: /^\d{6}$/,
  TR: /^\d{5}$/,
  IN: /^[1-9]\d{5}$/,
  DE: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  FR: /^\d{5}$/,
  ZA: /^\d{4}$/,
  SG: /^\d{6}$/,
  SA: /^\d{5}(-\d{4})?$/,
  MA: /^\d{5}$/,
  AU: /^\d{4}$/,
};

export const MIN_STREET_LENGTH = 3;

export interface AddressToCheck {
  streetName: string;
  cityName: string;
  zipCode: string;
}

export interface KnownCity {
  cityName: string;
  zipCode: string | null;
}

export type AddressProblem = 'street' | 'city' | 'zipFormat' | 'zipArea';

/** Spaces collapsed, case folded: how city names are compared. */
export const foldName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A zip code as compared: trimmed, upper case, inner spaces collapsed. */
export const normaliseZip = (zip: string): string => zip.trim().toUpperCase().replace(/\s+/g, ' ');

/** Whether the country has zip codes this check knows the format of. */
export function hasPostalFormat(countryCode: string): boolean {
  return countryCode in POSTAL_FORMATS;
}

/** The area a zip code belongs to: the letters of a British outward code, else its first two characters. */
export function zipArea(countryCode: string, zip: string): string {
  const normal = normaliseZip(zip);
  if (countryCode === 'GB') return /^[A-Z]+/.exec(normal)?.[0] ?? '';
  return normal.replace(/[\s-]/g, '').slice(0, 2);
}

/** What is wrong with the address (empty: valid). `cities` are the country's known cities. */
export function addressProblems(
  countryCode: string,
  address: AddressToCheck,
  cities: readonly KnownCity[],
): AddressProblem[] {
  const problems: AddressProblem[] = [];
  if (address.streetName.trim().length < MIN_STREET_LENGTH) problems.push('street');
  const wanted = foldName(address.cityName);
  const city = cities.find((c) => foldName(c.cityName) === wanted);
  if (!city) problems.push('city');
  const format = POSTAL_FORMATS[countryCode];
  if (format) {
    const zip = normaliseZip(address.zipCode);
    if (!format.test(zip)) problems.push('zipFormat');
    else if (city?.zipCode && zipArea(countryCode, zip) !== zipArea(countryCode, city.zipCode)) {
      problems.push('zipArea');
    }
  }
  return problems;
}

export function isValidAddress(countryCode: string, address: AddressToCheck, cities: readonly KnownCity[]): boolean {
  return addressProblems(countryCode, address, cities).length === 0;
}
