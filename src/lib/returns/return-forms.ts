/**
 * The return wizard's forms as the browser checks them (spec 1 §5 "Return addresses" and "Pickup"); messages are
 * translation keys. The API checks the same rules again (server/api/returns).
 */
import { z } from '../zod.ts';
import { RETURN_PHONE_PATTERN, type ReturnCountry } from '../api/returns/contract.ts';
import { MIN_STREET_LENGTH } from '../reference/address-validation.ts';
import { zipCodeRequired } from '../profile/profile-rules.ts';
import {
  MAX_RETURN_WEIGHT_KG,
  isIsoDay,
  isLatestTimeValid,
  isPickupDateAllowed,
  isReadyTimeAhead,
  parseDecimal,
  withinValueLimit,
} from './return-rules.ts';

const required = 'validation.required';
const tooLong = 'validation.tooLong';

const street = z.string().check(
  z.trim(),
  z.minLength(1, required),
  z.maxLength(120, tooLong),
  z.refine((v) => v === '' || v.length >= MIN_STREET_LENGTH, 'return.validation.street'),
);
const city = z.string().check(z.trim(), z.minLength(1, required), z.maxLength(80, tooLong));
const zip = z.string().check(z.trim(), z.maxLength(12, tooLong));
const country = z.string().check(z.minLength(1, required));

/** Where a zip code is required: unless the country says otherwise (an unknown country: required). */
export function zipRequiredIn(countries: readonly ReturnCountry[], code: string): boolean {
  return zipCodeRequired(countries.find((c) => c.code === code));
}

export function pickupAddressFormSchema(countries: readonly ReturnCountry[]) {
  return z
    .object({ pickupStreetAdress: street, pickupCity: city, pickupZipCode: zip, pickupCountryCode: country })
    .check(
      z.superRefine((form, ctx) => {
        if (form.pickupCountryCode && zipRequiredIn(countries, form.pickupCountryCode) && !form.pickupZipCode) {
          ctx.addIssue({ code: 'custom', path: ['pickupZipCode'], message: 'validation.zipCode' });
        }
      }),
    );
}

export function deliveryAddressFormSchema(countries: readonly ReturnCountry[]) {
  return z
    .object({
      name: z
        .string()
        .check(z.trim(), z.minLength(1, required), z.minLength(2, 'return.validation.name'), z.maxLength(80, tooLong)),
      phoneNumber: z.string().check(
        z.trim(),
        z.minLength(1, required),
        z.refine((v) => v === '' || RETURN_PHONE_PATTERN.test(v.replace(/[\s+()-]/g, '')), 'validation.phone'),
      ),
      deliveryStreetAddress: street,
      deliveryCity: city,
      deliveryZipCode: zip,
      deliveryCountryCode: country,
    })
    .check(
      z.superRefine((form, ctx) => {
        if (form.deliveryCountryCode && zipRequiredIn(countries, form.deliveryCountryCode) && !form.deliveryZipCode) {
          ctx.addIssue({ code: 'custom', path: ['deliveryZipCode'], message: 'validation.zipCode' });
        }
      }),
    );
}

export interface PickupRules {
  /** The instant the checks are made at, and the pickup country's time zone. */
  now: () => Date;
  timeZone: string;
  /** The highest declared amount allowed. */
  lowValueLimit: number;
}

export function pickupFormSchema(rules: PickupRules) {
  return z
    .object({
      pickupDate: z.string().check(z.trim(), z.minLength(1, required)),
      readyTime: z.string().check(z.minLength(1, required)),
      latestTime: z.string().check(z.minLength(1, required)),
      contentDescription: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, required),
          z.minLength(2, 'return.validation.description'),
          z.maxLength(200, tooLong),
        ),
      amount: z.string().check(z.trim(), z.minLength(1, required)),
      weight: z.string().check(z.trim(), z.minLength(1, required)),
    })
    .check(
      z.superRefine((form, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        const now = rules.now();
        if (form.pickupDate && !isIsoDay(form.pickupDate)) issue('pickupDate', 'validation.date');
        else if (form.pickupDate && !isPickupDateAllowed(form.pickupDate, now, rules.timeZone)) {
          issue('pickupDate', 'return.validation.pickupWindow');
        } else if (form.pickupDate && !isReadyTimeAhead(form.pickupDate, form.readyTime, now, rules.timeZone)) {
          issue('readyTime', 'return.validation.readyTimePassed');
        }
        if (form.readyTime && form.latestTime && !isLatestTimeValid(form.readyTime, form.latestTime)) {
          issue('latestTime', 'return.validation.latestTime');
        }
        const amount = parseDecimal(form.amount);
        if (form.amount && (Number.isNaN(amount) || amount <= 0)) issue('amount', 'return.validation.amount');
        else if (form.amount && !withinValueLimit(amount, rules.lowValueLimit)) {
          issue('amount', 'return.validation.lowValueLimit');
        }
        const weight = parseDecimal(form.weight);
        if (form.weight && (Number.isNaN(weight) || weight <= 0 || weight > MAX_RETURN_WEIGHT_KG)) {
          issue('weight', 'return.validation.weight');
        }
      }),
    );
}
