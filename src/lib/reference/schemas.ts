import { z } from '../zod.ts';

/**
 * Schemas of the product's reference data in `src/content/data/*.json`.
 * The same files feed the site build and the API's database seed, so both sides parse them with these schemas.
 */

/** Two-letter uppercase ISO 3166-1 alpha-2 country code. */
export const countryCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z]{2}$/, 'Expected a two-letter uppercase ISO country code'));

/** A country code as a caller writes it in a query (two letters, any case), read in capitals. */
export const countryCodeQuerySchema = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{2}$/)),
  z.transform((code: string) => code.toUpperCase()),
);

/** Three-letter uppercase ISO 4217 currency code. */
export const currencyCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z]{3}$/, 'Expected a three-letter uppercase ISO currency code'));

/** Text that contains at least one letter of the Arabic script. */
export const arabicTextSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.regex(/\p{Script=Arabic}/u, 'Expected text in Arabic script'));

const englishTextSchema = z.string().check(z.trim(), z.minLength(1));

// ---------------------------------------------------------------------------
// Countries

/** Identity document types; their labels are the translation keys `idType.{value}`. */
export const ID_TYPES = ['nationalId', 'passport', 'residencePermit', 'civilId', 'drivingLicence'] as const;

export const countrySchema = z.object({
  code: countryCodeSchema,
  nameEn: englishTextSchema,
  nameAr: arabicTextSchema,
  isZipCodeRequired: z.boolean(),
  /** True for the origin countries where customers get mailbox addresses. */
  hasAddresses: z.boolean(),
  enableWhat3Words: z.boolean(),
  currencyCode: currencyCodeSchema,
  phoneCode: z.string().check(z.regex(/^\+\d{1,4}$/, 'Expected an international dialling code such as "+962"')),
  /** The identity documents accepted from residents, in the order the profile form lists them. */
  idTypes: z.array(z.enum(ID_TYPES)).check(
    z.minLength(1),
    z.refine((types) => new Set(types).size === types.length, 'Expected each ID type once'),
  ),
  /** Customs there want a copy of the customer's ID document on file (the upload step). */
  idAttachmentMandatory: z.boolean(),
  /** Customs there want the ID type and number in the profile. */
  idDetailsMandatory: z.boolean(),
  /** Deliveries there are paid with AutoPay only, so customers keep a payment option (spec 1 §3 AutoPay options). */
  autoPayMandatory: z._default(z.boolean(), false),
  /** AutoPay is offered there. */
  autoPayVisible: z._default(z.boolean(), true),
  /** Discount on shipping charges paid with AutoPay, in percent. */
  autoPayDiscountPercent: z._default(z.nullable(z.int().check(z.gte(1), z.lte(50))), null),
});
export const countriesSchema = z.array(countrySchema);

export type Country = z.infer<typeof countrySchema>;

// ---------------------------------------------------------------------------
// Cities

/**
 * The cities the service delivers to in a country (spec 1 §3 City): the shipping and profile forms accept only
 * these. `cityName` is the English name, which addresses store and which is unique within its country, whatever
 * the case; `cityNameAr` is how Arabic pages name it.
 */
export const cityDataSchema = z.object({
  cityName: englishTextSchema,
  cityNameAr: arabicTextSchema,
  /** A representative postal code where the country has them, else null. */
  zipCode: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))),
  /** Region, state, emirate or governorate, where addresses name one. */
  state: z.nullable(englishTextSchema),
});
export const countryCitiesSchema = z.object({
  countryCode: countryCodeSchema,
  cities: z.array(cityDataSchema).check(
    z.minLength(1),
    z.refine((cities) => {
      const names = cities.map((city) => city.cityName.toLowerCase());
      return new Set(names).size === names.length;
    }, 'Expected each city name once per country'),
  ),
});
export const countryCitiesListSchema = z.array(countryCitiesSchema);

export type CityData = z.infer<typeof cityDataSchema>;
export type CountryCities = z.infer<typeof countryCitiesSchema>;

// ---------------------------------------------------------------------------
// Membership plans

/** Plan ids: basic 1, flex annual 2, flex monthly 3, flex lifetime 5. */
export const PLAN_IDS = { basic: 1, flexAnnual: 2, flexMonthly: 3, flexLifetime: 5 } as const;
export const planIdSchema = z.literal([1, 2, 3, 5]);
export type PlanId = z.infer<typeof planIdSchema>;

export const planSchema = z.object({
  planId: planIdSchema,
  /** Price in `currencyCode`, with at most two decimals. */
  amount: z.number().check(z.nonnegative(), z.multipleOf(0.01)),
  currencyCode: currencyCodeSchema,
  /** Length of one term in months (basic 12, annual 12, monthly 1, lifetime 1200). */
  duration: z.int().check(z.positive()),
  mandateAutoRenew: z.boolean(),
  /** How many days before the term ends the customer may renew; 0 when renewal does not apply. */
  renewalAllowedInLastDays: z.int().check(z.nonnegative()),
});
export type Plan = z.infer<typeof planSchema>;

export const countryPlansSchema = z.object({
  /** The customer's country, or 'default' for every country without its own price list. */
  countryCode: z.union([countryCodeSchema, z.literal('default')]),
  plans: z.array(planSchema).check(z.minLength(1)),
});
export const countryPlansListSchema = z.array(countryPlansSchema);

export type CountryPlans = z.infer<typeof countryPlansSchema>;

// ---------------------------------------------------------------------------
// Offices

/** Office types: locker 1, outlet 3, reception 4. */
export const OFFICE_TYPE_IDS = { locker: 1, outlet: 3, reception: 4 } as const;
export const officeTypeIdSchema = z.literal([1, 3, 4]);
export type OfficeTypeId = z.infer<typeof officeTypeIdSchema>;

/** English three-letter day names, Sunday first. */
export const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * True when `value` is a comma list of distinct day names in week order.
 * The week may start on any day, so "Sat,Sun,Mon,Tue,Wed,Thu" is as valid as "Mon,Tue,Wed,Thu,Fri".
 */
function isWorkingDaysList(value: string): boolean {
  const names: readonly string[] = WEEK_DAYS;
  const indexes = value.split(',').map((day) => names.indexOf(day));
  if (indexes.length === 0 || indexes.some((index) => index < 0)) return false;
  if (new Set(indexes).size !== indexes.length) return false;
  let wraps = 0;
  for (let i = 1; i < indexes.length; i++) {
    if ((indexes[i] ?? 0) < (indexes[i - 1] ?? 0)) wraps++;
  }
  if (wraps === 0) return true;
  return wraps === 1 && (indexes.at(-1) ?? 0) < (indexes[0] ?? 0);
}

const localizedTextSchema = z.object({ en: englishTextSchema, ar: arabicTextSchema });

export const officeSchema = z.object({
  /** Three uppercase letters or one to five digits; the office locator's URLs use it. */
  id: z.string().check(z.regex(/^(?:[A-Z]{3}|\d{1,5})$/, 'Expected three uppercase letters or one to five digits')),
  companyCode: z.string().check(z.trim(), z.minLength(1)),
  typeIds: z.array(officeTypeIdSchema).check(z.minLength(1)),
  countryCode: countryCodeSchema,
  cityName: localizedTextSchema,
  address: localizedTextSchema,
  buildingNumber: z.string().check(z.trim(), z.minLength(1)),
  geoLatitude: z.number().check(z.gte(-90), z.lte(90)),
  geoLongitude: z.number().check(z.gte(-180), z.lte(180)),
  /** Comma list of English three-letter day names in week order, e.g. "Sun,Mon,Tue,Wed,Thu". */
  workingDays: z
    .string()
    .check(z.refine(isWorkingDaysList, 'Expected distinct day names such as "Sun,Mon,Tue" in week order')),
  phone: z
    .string()
    .check(z.regex(/^\+\d[\d ]{6,18}\d$/, 'Expected an international phone number such as "+962 6 580 1234"')),
});
export const officesSchema = z.array(officeSchema);

export type Office = z.infer<typeof officeSchema>;

// ---------------------------------------------------------------------------
// Warehouses

/**
 * The warehouse behind the mailbox addresses of an origin country (one per country with `hasAddresses`). `alias`
 * is the mailbox's name and `city` its city's name, per language; the postal address (street, `city.en`, state,
 * zip code) is printed in Latin script whatever the page's language, as merchants must read it.
 */
export const warehouseSchema = z.object({
  countryCode: countryCodeSchema,
  /** The origin entity (airport-style code) the warehouse ships from. */
  entity: z.string().check(z.regex(/^[A-Z]{3}$/, 'Expected three uppercase letters')),
  alias: localizedTextSchema,
  city: localizedTextSchema,
  state: z.nullable(englishTextSchema),
  zip: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))),
  street: englishTextSchema,
  phone: z
    .string()
    .check(z.regex(/^\+\d[\d ]{6,18}\d$/, 'Expected an international phone number such as "+1 212 555 0143"')),
});
export const warehousesSchema = z
  .array(warehouseSchema)
  .check(
    z.refine(
      (list) => new Set(list.map((w) => w.countryCode)).size === list.length,
      'Expected one warehouse a country',
    ),
  );

export type Warehouse = z.infer<typeof warehouseSchema>;

// ---------------------------------------------------------------------------
// Currencies

export const currencySchema = z.object({
  currencyCode: currencyCodeSchema,
  nameEn: englishTextSchema,
  nameAr: arabicTextSchema,
  /**
   * Units of this currency per 1 USD; null when no rate is published (the converter then answers -1, spec 2 §5
   * validation.unavailableCurrency).
   */
  usdRate: z.nullable(z.number().check(z.positive())),
});
export const currenciesSchema = z.array(currencySchema);

export type Currency = z.infer<typeof currencySchema>;

// ---------------------------------------------------------------------------
// Shipping rates per origin and destination

export const rateSchema = z.object({
  subscriptionPlanId: planIdSchema,
  /** Price of the first half kilogram. */
  firstHalfKg: z.number().check(z.positive()),
  /** Price of each further half kilogram. */
  additionalHalfKg: z.number().check(z.positive()),
  currency: z.literal('USD'),
});
export type Rate = z.infer<typeof rateSchema>;

export const countryRateSchema = z.object({
  originCountryCode: countryCodeSchema,
  destinationCountryCode: countryCodeSchema,
  /** Business days from the origin warehouse to the destination, as "min-max". */
  transitDays: z.string().check(
    z.regex(/^\d{1,2}-\d{1,2}$/, 'Expected a day range such as "5-7"'),
    z.refine((value) => {
      const [min = 0, max = 0] = value.split('-').map(Number);
      return min <= max;
    }, 'The first day of the range must not be after the last'),
  ),
  rates: z.array(rateSchema).check(z.minLength(1)),
});
export const countryRatesSchema = z.array(countryRateSchema);

export type CountryRate = z.infer<typeof countryRateSchema>;
