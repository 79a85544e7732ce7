/** The office-locator tool: the countries it offers are those with at least one office. */
import { checked, type Checked } from './validation.ts';

/** Codes of the countries that have an office, once each, in the order of `countries` (the site's list). */
export function officeCountryCodes(
  offices: readonly { countryCode: string }[],
  countries: readonly { code: string }[],
): string[] {
  const withOffices = new Set(offices.map((o) => o.countryCode));
  return countries.map((c) => c.code).filter((code) => withOffices.has(code));
}

export function validateOfficeCountry(
  form: { countryCode: string },
  allowed: readonly string[],
): Checked<{ countryCode: string }, 'countryCode'> {
  const errors = allowed.includes(form.countryCode) ? {} : { countryCode: 'validation.required' };
  return checked(errors, () => ({ countryCode: form.countryCode }));
}
