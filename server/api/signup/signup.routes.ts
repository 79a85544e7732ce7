/**
 * Signup (spec 1 §2.4, spec 2 §7 Signup and marketing): the account, the e-mail check, the payment link, and
 * the steps of a logged-in customer without mailboxes (profile details, shipping details).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import {
  getProfileDetails,
  getShippingDetails,
  profileDetailsSchema,
  saveProfileDetails,
  saveShippingDetails,
  type ProfileDetailsResponse,
  type ShippingDetailsResponse,
  type ShippingDetailsResult,
} from '../../../src/lib/api/account/contract.ts';
import {
  SignupErrorCode,
  checkSignupEmail,
  email as emailSchema,
  resolveSignupPaymentUrl,
  signup,
  signupRequestSchema,
} from '../../../src/lib/api/signup/contract.ts';
import { birthDateToIso, zipCodeRequired } from '../../../src/lib/profile/profile-rules.ts';
import { threeWordWords } from '../../../src/lib/three-words/three-word-address.ts';
import { threeWordProblem } from '../../../src/lib/three-words/three-word-check.ts';
import { suggestionsIn } from '../../three-words/three-word-service.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Limit } from '../../auth/throttle.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { openMailboxes } from '../../mailboxes/open-mailboxes.ts';
import { toLoginResponse } from '../account/user-views.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, invalid, readJson, unauthorized } from '../http-errors.ts';
import { subscribeAtSignup, subscriptionsOf } from '../marketing/subscriptions.ts';
import { customerEntity, findCity, findCountry, offeredPlan, planList } from '../../reference/lookups.ts';
import { refuseOver, throttleFirst } from '../throttle-first.ts';
import type { ApiRouter } from '../router.ts';
import { deviceOf, setSessionCookie } from '../session.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang, linkOrigin } from '../users/link-mail.ts';
import { checkedBody, emailInUse, isUniqueViolation, mobileInUse, refused, type FieldErrors } from './validation.ts';

type User = typeof users.$inferSelect;

export const SIGNUP_LIMITS = {
  /** Signups that reach the e-mail and mobile checks, per client address. */
  signup: { max: 10, windowSeconds: 60 * 60 },
  /** E-mail checks per client address: enough for a person, too few to sweep a list of addresses. */
  check: { max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

const signupKey = (c: Context<ApiEnv>) => `signup:addr:${clientAddress(c)}`;
const checkKey = (c: Context<ApiEnv>) => `signup-check:addr:${clientAddress(c)}`;

/** The e-mail check's body: anything but an address is VEX002, whatever the JSON. */
const checkEmailBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!emailSchema.safeParse(await readJson(c)).success) throw refused({ email: [SignupErrorCode.emailInvalid] });
  await next();
};

const isoToBirthDate = (iso: string | null) => {
  const [year, month, day] = (iso ?? '').split('-').map(Number);
  return year && month && day ? { day, month, year } : null;
};

/** The plan a customer signed up for, as their country's list prices it; basic when the list lacks it. */
async function signupPlan(db: Db, user: User) {
  const list = await planList(db, user.countryCode);
  const wanted = user.signupPlanId ?? 1;
  const plan = list.plans.find((p) => p.planId === wanted) ?? list.plans.find((p) => p.planId === 1);
  if (!plan) throw new Error(`No basic plan in the list of ${user.countryCode}`);
  return plan;
}

export function signupRoutes(router: ApiRouter): void {
  // The throttle refuses before the body is read; a signup that reaches the e-mail and mobile checks counts.
  router.handle(
    signup,
    async (c, { body }) => {
      const { db, sessions, clock, brand } = c.var.deps;
      // Counted and decided in one statement: of many signups at once, the limit's number reach the checks.
      await refuseOver(c, [signupKey(c), SIGNUP_LIMITS.signup]);

      const country = await findCountry(db, body.countryCode);
      if (!country) throw invalid({ countryCode: ['unknown'] });
      if (!(await offeredPlan(db, country.code, body.planId))) throw invalid({ planId: ['unavailable'] });
      const taken: FieldErrors = {};
      if (await emailInUse(db, body.email)) taken.email = [SignupErrorCode.emailTaken];
      if (await mobileInUse(db, body.mobileNumber)) taken.mobileNumber = [SignupErrorCode.mobileInUse];
      if (Object.keys(taken).length > 0) throw refused(taken);

      // Hashed before the transaction: scrypt takes long enough that it shouldn't hold one open.
      const passwordHash = await hashPassword(body.password);
      const now = clock();
      let user: User | undefined;
      try {
        user = await db.transaction(async (t) => {
          const [created] = await t
            .insert(users)
            .values({
              guid: randomUUID(),
              email: body.email,
              passwordHash,
              // Active at once: the visitor goes on to the next steps logged in (docs/decisions/008).
              status: 'active',
              firstName: body.firstName,
              lastName: body.lastName,
              langCode: body.langCode,
              countryCode: country.code,
              mobile: body.mobileNumber,
              birthDate: birthDateToIso(body.birthDate),
              signupPlanId: body.planId,
              idMandatory: country.idAttachmentMandatory,
              idDetailsMandatory: country.idDetailsMandatory,
              // The signup form includes accepting the service agreement.
              confirmedAgreement: true,
              hasMailboxes: false,
            })
            .returning();
          if (!created) throw new Error('insert returned no user');
          await subscribeAtSignup(t, brand, created.guid, body.agreeOnUseOptIn, now);
          return created;
        });
      } catch (error) {
        // Another signup with this e-mail won the race.
        if (isUniqueViolation(error)) throw refused({ email: [SignupErrorCode.emailTaken] });
        throw error;
      }

      // Logged in as by login: a new session id, and any session the browser had ends.
      const previous = c.var.sessionId;
      if (previous) await sessions.destroy(previous);
      setSessionCookie(c, await sessions.create(user.guid, await deviceOf(c)));
      return toLoginResponse(user);
    },
    { before: [throttleFirst(signupKey, SIGNUP_LIMITS.signup, false), checkedBody(signupRequestSchema)] },
  );

  // Every check counts, before its body is read: a list of addresses can't be swept.
  router.handle(
    checkSignupEmail,
    async (c, { body: email }) => {
      if (await emailInUse(c.var.deps.db, email)) throw refused({ email: [SignupErrorCode.emailTaken] });
      return { available: true as const };
    },
    { before: [throttleFirst(checkKey, SIGNUP_LIMITS.check), checkEmailBody] },
  );

  router.handle(resolveSignupPaymentUrl, async (c, { body }) => {
    const user = await sessionUser(c);
    const plan = await offeredPlan(c.var.deps.db, user.countryCode, body.planId);
    if (!plan) throw invalid({ planId: ['unavailable'] });
    if (plan.currencyCode !== body.currencyCode) throw invalid({ currencyCode: ['currency'] });
    const lang = brandLang(c, body.lang);
    return { absoluteUri: `${linkOrigin(c)}/${lang}/signup/payment?id=${plan.planId}` };
  });

  router.handle(getProfileDetails, async (c) => {
    const { db, brand } = c.var.deps;
    const user = await sessionUser(c);
    const promo = (await subscriptionsOf(db, brand, user.guid)).find((s) => s.kind === 'promo');
    const details: ProfileDetailsResponse = {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      countryCode: user.countryCode,
      mobileNumber: user.mobile ?? '',
      birthDate: isoToBirthDate(user.birthDate),
      planId: user.signupPlanId ?? user.planId,
      agreeOnUseOptIn: promo?.subscribed ?? false,
      confirmedAgreement: user.confirmedAgreement,
    };
    return details;
  });

  // Step 1 for a logged-in customer without mailboxes: completes the account instead of creating another.
  router.handle(
    saveProfileDetails,
    async (c, { body }) => {
      const { db, brand, clock } = c.var.deps;
      const user = await sessionUser(c);
      if (user.hasMailboxes) {
        throw new HttpError(409, {
          code: SignupErrorCode.alreadyComplete,
          message: 'The account has its mailboxes: edit the profile instead',
        });
      }
      const country = await findCountry(db, body.countryCode);
      if (!country) throw invalid({ countryCode: ['unknown'] });
      if (!(await offeredPlan(db, country.code, body.planId))) throw invalid({ planId: ['unavailable'] });
      if (await mobileInUse(db, body.mobileNumber, user.guid)) {
        throw refused({ mobileNumber: [SignupErrorCode.mobileInUse] });
      }
      const movedCountry = country.code !== user.countryCode;
      const saved = await db.transaction(async (t) => {
        const [updated] = await t
          .update(users)
          .set({
            firstName: body.firstName,
            lastName: body.lastName,
            countryCode: country.code,
            mobile: body.mobileNumber,
            birthDate: birthDateToIso(body.birthDate),
            signupPlanId: body.planId,
            confirmedAgreement: true,
            idMandatory: country.idAttachmentMandatory,
            idDetailsMandatory: country.idDetailsMandatory,
            // An address in another country is no address: the shipping step asks again.
            ...(movedCountry
              ? {
                  city: null,
                  state: null,
                  zipCode: null,
                  entity: null,
                  streetAddressLine1: null,
                  streetAddressLine2: null,
                }
              : {}),
          })
          .where(eq(users.guid, user.guid))
          .returning();
        await subscribeAtSignup(t, brand, user.guid, body.agreeOnUseOptIn, clock());
        return updated;
      });
      if (!saved) throw unauthorized();
      return toLoginResponse(saved);
    },
    { before: [checkedBody(profileDetailsSchema)] },
  );

  router.handle(getShippingDetails, async (c) => {
    const user = await sessionUser(c);
    const details: ShippingDetailsResponse = {
      addressLine1: user.streetAddressLine1 ?? '',
      addressLine2: user.streetAddressLine2 ?? '',
      w3wAddress: user.w3wAddress ?? '',
      countryCode: user.countryCode,
      city: user.city ?? '',
      zipCode: user.zipCode ?? '',
      state: user.state ?? '',
      applyProtectionService: user.applyProtectionService,
    };
    return details;
  });

  // Step 2: the delivery address. A free plan opens the mailboxes here; a paid one after its payment.
  router.handle(saveShippingDetails, async (c, { body }) => {
    const { db, clock } = c.var.deps;
    const user = await sessionUser(c);
    const country = await findCountry(db, body.countryCode);
    const errors: FieldErrors = {};
    // The country is chosen in step 1 (it decides the plans and the mailboxes); the address must be in it.
    if (!country) errors.countryCode = ['unknown'];
    else if (country.code !== user.countryCode) errors.countryCode = ['country'];
    const city = country ? await findCity(db, country.code, body.city) : undefined;
    if (country && !city) errors.city = [SignupErrorCode.cityInvalid];
    if (country && zipCodeRequired(country) && body.zipCode === '') errors.zipCode = ['required'];
    if (country) {
      const threeWords = await threeWordProblem(
        suggestionsIn(c.var.deps.threeWords),
        body.w3wAddress,
        country.code,
        user.w3wAddress,
      );
      if (threeWords) errors.w3wAddress = [threeWords];
    }
    if (!country || !city || Object.keys(errors).length > 0) throw refused(errors);

    const entity = user.entity ?? (await customerEntity(db, country.code, city.cityName));
    const [saved] = await db
      .update(users)
      .set({
        streetAddressLine1: body.addressLine1,
        streetAddressLine2: body.addressLine2 || null,
        w3wAddress: threeWordWords(body.w3wAddress) || null,
        city: city.cityName,
        zipCode: body.zipCode || null,
        state: body.state || city.state,
        applyProtectionService: body.applyProtectionService,
        ...(user.hasMailboxes ? {} : { entity }),
      })
      .where(eq(users.guid, user.guid))
      .returning();
    if (!saved) throw unauthorized();

    const plan = await signupPlan(db, saved);
    let hasMailboxes = saved.hasMailboxes;
    if (!hasMailboxes && plan.amount === 0) {
      await openMailboxes(db, clock, saved, plan, entity ?? country.code);
      hasMailboxes = true;
    }
    const result: ShippingDetailsResult = {
      hasMailboxes,
      planId: plan.planId,
      amount: plan.amount,
      currencyCode: plan.currencyCode,
    };
    return result;
  });
}
