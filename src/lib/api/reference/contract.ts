/** Contract of the reference-data calls (spec 2 §7 Reference data). */
import { z } from '../../zod.ts';
import { DEFAULT_LANG, LANGUAGES } from '../../../i18n/languages.ts';
import { ID_TYPES, planSchema } from '../../reference/schemas.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

/** GET api/countries/{code}, and each entry of GET api/countries/ (sorted by English name). */
export const countryResponseSchema = z.object({
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  nameEn: z.string(),
  nameAr: z.string(),
  isZipCodeRequired: z.boolean(),
  /** An origin country, where customers get mailbox addresses. */
  hasAddresses: z.boolean(),
  enableWhat3Words: z.boolean(),
  phoneCode: z.string(),
  currencyCode: z.string(),
});
export type CountryResponse = z.infer<typeof countryResponseSchema>;
export const countriesResponseSchema = z.array(countryResponseSchema);

/** GET api/v1/countries/{code}/membershipplans: the country's plans, or the default list. */
export const membershipPlansResponseSchema = z.object({
  /** The list answered: the country's own, or 'default'. */
  countryCode: z.string(),
  plans: z.array(planSchema),
});
export type MembershipPlansResponse = z.infer<typeof membershipPlansResponseSchema>;

/** GET api/v1/countries/resolvebyclient: the visitor's country as the network edge reports it, if known. */
export const countryByClientSchema = z.object({
  countryCode: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
});
export type CountryByClient = z.infer<typeof countryByClientSchema>;

/** City (spec 1 §3). */
export const citySchema = z.object({
  cityName: z.string(),
  zipCode: z.nullable(z.string()),
  state: z.nullable(z.string()),
});
export type City = z.infer<typeof citySchema>;

/** GET api/shareddata/{code}/city/{name}: cities of the country whose name starts with `name` (at most 20). */
export const citiesResponseSchema = z.array(citySchema);

/** Identity document types; their labels are the translation keys `idType.{value}` (defined with the country data). */
export { ID_TYPES };
export const idTypeSchema = z.enum(ID_TYPES);
export type IdType = z.infer<typeof idTypeSchema>;

/**
 * GET api/v1/countries/{code}/idTypes?currentIdType: the types accepted in the country; the user's
 * current type stays in the list even where it is no longer offered, so a saved profile stays valid.
 */
export const idTypesResponseSchema = z.array(idTypeSchema);

/**
 * A country of the world (spec 1 §3 Country: code, name, isZipCodeRequired), for the fields that take any
 * country (nationality), where GET api/countries/ lists only the countries the service works with.
 */
export const worldCountrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** In the language asked for. */
  name: z.string().check(z.minLength(1)),
  /** As the service's data says for its own countries; required everywhere else (spec 1 §5: default required). */
  isZipCodeRequired: z.boolean(),
});
export type WorldCountry = z.infer<typeof worldCountrySchema>;

export const allCountriesQuerySchema = z.object({ language: z._default(z.enum(LANGUAGES), DEFAULT_LANG) });

// ---------------------------------------------------------------------------
// The calls: open to everyone.

const tag = 'Reference data';
const unknownCountry = { 404: [ErrorCode.notFound] } as const;

export const getCountries = endpoint({
  tag,
  summary: 'The countries the service works with, by English name',
  description: 'The path ends with a slash, as spec 2 §7 writes it.',
  method: 'GET',
  path: 'api/countries/',
  answer: countriesResponseSchema,
});

export const getCountry = endpoint({
  tag,
  summary: 'One country the service works with, by its code in any case',
  method: 'GET',
  path: 'api/countries/{code}',
  answer: countryResponseSchema,
  errors: unknownCountry,
});

export const getAllCountries = endpoint({
  tag,
  summary: 'Every country in the world (ISO 3166-1), named in the language, in its alphabetical order',
  description:
    "For the fields that take any country, such as a nationality. The service's own countries keep the names " +
    'it gives them elsewhere; the others are named by the Unicode CLDR data.',
  method: 'GET',
  path: 'api/shareddata/allCountries',
  query: allCountriesQuerySchema,
  answer: z.array(worldCountrySchema),
});

export const getCountryByClient = endpoint({
  tag,
  summary: "The visitor's country, as the network edge or the IP database places them; null when unknown",
  method: 'GET',
  path: 'api/v1/countries/resolvebyclient',
  answer: countryByClientSchema,
});

export const getMembershipPlans = endpoint({
  tag,
  summary: "The country's plans, or the default list ('default', or a country without its own)",
  method: 'GET',
  path: 'api/v1/countries/{code}/membershipplans',
  answer: membershipPlansResponseSchema,
  errors: unknownCountry,
});

export const getIdTypes = endpoint({
  tag,
  summary: "The ID types accepted in the country, with the customer's current one kept",
  method: 'GET',
  path: 'api/v1/countries/{code}/idTypes',
  query: z.object({ currentIdType: z.optional(z.string()) }),
  answer: idTypesResponseSchema,
  errors: unknownCountry,
});

export const getThreeWordsSetting = endpoint({
  tag,
  summary: 'Whether three-word addresses are on in the country (true or false)',
  description: "The country's enableWhat3Words, as GET api/countries/{code} answers it.",
  method: 'GET',
  path: 'api/v1/countries/{code}/settings/enableWhat3Words',
  answer: z.boolean(),
  errors: unknownCountry,
});

export const getCities = endpoint({
  tag,
  summary: 'The cities of the country whose name starts with `name` (any case), by name, at most 20',
  method: 'GET',
  path: 'api/shareddata/{code}/city/{name}',
  answer: citiesResponseSchema,
  errors: unknownCountry,
});
