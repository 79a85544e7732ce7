/**
 * The field rules of a customer's profile, shared by the signup form, the profile and shipping details and the
 * profile save (spec 1 §5): in a module of their own, so that a page with one of these forms carries the rules
 * without every call that uses them.
 */
import { z } from '../zod.ts';
import { isAdult, isCalendarDate, normalisePhone, PHONE_PATTERN } from './profile-rules.ts';

/**
 * The 400 codes of the profile and address rules (spec 2 §8), shared with signup: the site shows these instead of
 * the field errors alone. Where several apply, the answer's code is the first of them (server/api/signup).
 */
export const FieldErrorCode = {
  /** First or last name invalid. */
  nameInvalid: 'VEX022',
  /** The mobile number is not valid. */
  mobileInvalid: 'VEX008',
  /** The mobile number belongs to another account. */
  mobileInUse: 'VEX003',
  /** The city is not one the service delivers to in that country. */
  cityInvalid: 'City invalid',
} as const;

/** Profile details (409): the account has its mailboxes already; the profile is edited instead. */
export const ALREADY_COMPLETE = 'CONFLICT';

/** A person's name; the name pattern (VEX022) is checked beside the schema (./profile-rules.ts NAME_PATTERN). */
export const nameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

/** The country of a form: its two-letter code in capitals. */
export const countryFieldSchema = z.string().check(z.regex(/^[A-Z]{2}$/));

export const birthDateSchema = z.object({ day: z.int(), month: z.int(), year: z.int() }).check(
  z.refine(isCalendarDate, { message: 'date' }),
  z.refine((d) => isAdult(d), { message: 'adult' }),
);

/** A phone number as sent: spaces, plus signs and parentheses are removed first. */
export const phoneSchema = z.pipe(
  z.pipe(z.string(), z.transform(normalisePhone)),
  z.string().check(z.regex(PHONE_PATTERN, { message: FieldErrorCode.mobileInvalid })),
);
