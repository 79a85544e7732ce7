/** Contract of the reference-data calls (spec 2 §7 Reference data). */
import { z } from '../../zod.ts';
import { ID_TYPES, planSchema } from '../../reference/schemas.ts';

/** GET api/countries/{code}, and each entry of GET api/countries (sorted by English name). */
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
