/**
 * The 400 answers of the signup and profile calls (spec 2 §8): field errors as usual, and a code the site
 * shows: VEX022 for names, VEX008 for a mobile number that is not one, VEX001 and VEX003 for an e-mail or a
 * mobile number another account has, 'City invalid' for a city the service doesn't deliver to.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { SignupErrorCode } from '../../../src/lib/api/signup/contract.ts';
import { NAME_PATTERN } from '../../../src/lib/profile/profile-rules.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import { users } from '../../db/schema.ts';
import { fieldErrorsOf, invalid, readJson, type HttpError } from '../http-errors.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';

export type FieldErrors = Record<string, string[]>;

/** When several apply, the first of these present in the field errors is the answer's code. */
const CODE_ORDER: readonly string[] = [
  SignupErrorCode.nameInvalid,
  SignupErrorCode.mobileInvalid,
  SignupErrorCode.emailTaken,
  SignupErrorCode.emailInvalid,
  SignupErrorCode.mobileInUse,
  SignupErrorCode.cityInvalid,
];

export function codeFor(fieldErrors: FieldErrors): string {
  const messages = new Set(Object.values(fieldErrors).flat());
  return CODE_ORDER.find((code) => messages.has(code)) ?? ErrorCode.validation;
}

/** The 400 of these field errors, with the code they call for. */
export const refused = (fieldErrors: FieldErrors): HttpError => invalid(fieldErrors, codeFor(fieldErrors));

/** Adds `more` to `into`. */
function addErrors(into: FieldErrors, more: FieldErrors): FieldErrors {
  for (const [field, messages] of Object.entries(more)) (into[field] ??= []).push(...messages);
  return into;
}

/** VEX022 for each of `fields` that is a non-blank string failing the name pattern. */
export function nameErrors(raw: unknown, fields: readonly string[] = ['firstName', 'lastName']): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof raw !== 'object' || raw === null) return errors;
  for (const field of fields) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '' && !NAME_PATTERN.test(value.trim())) {
      errors[field] = [SignupErrorCode.nameInvalid];
    }
  }
  return errors;
}

/** Parses a JSON body with `schema`, adding the name rule (VEX022) to the schema's own field errors. */
async function signupBody<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
  extra: (raw: unknown) => FieldErrors = (raw) => nameErrors(raw),
): Promise<z.core.output<S>> {
  const raw = await readJson(c);
  const parsed = z.safeParse(schema, raw);
  const errors = addErrors(parsed.success ? {} : fieldErrorsOf(parsed.error), extra(raw));
  if (!parsed.success || Object.keys(errors).length > 0) throw refused(errors);
  return parsed.data;
}

/**
 * The same check as middleware, for a declared call (server/api/router.ts): it runs before the router parses the
 * body with the declared schema, so a refused body gets its spec 2 §8 code, and a body that passes here passes
 * there too.
 */
export function checkedBody(schema: z.core.$ZodType, extra?: (raw: unknown) => FieldErrors): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await signupBody(c, schema, extra);
    await next();
  };
}

/** Whether another account (not `exceptGuid`) has this mobile number (digits only, as stored). */
export async function mobileInUse(db: Db, mobile: string, exceptGuid?: string): Promise<boolean> {
  const [row] = await db
    .select({ guid: users.guid })
    .from(users)
    .where(exceptGuid ? and(eq(users.mobile, mobile), ne(users.guid, exceptGuid)) : eq(users.mobile, mobile))
    .limit(1);
  return row !== undefined;
}

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ guid: users.guid }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** A unique-constraint failure from either driver (drizzle wraps the driver's error as its cause). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
