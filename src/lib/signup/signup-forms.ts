/** The signup and profile forms as the browser checks them; messages are translation keys. */
import { z } from '../zod.ts';
import { passwordProblems, confirmationMatches } from '../auth/password-policy.ts';
import { isAdult, isCalendarDate, normalisePhone, PHONE_PATTERN } from '../profile/profile-rules.ts';
import { NAME_PATTERN } from '../api/signup/contract.ts';
import { isThreeWordAddress } from '../three-words/three-word-address.ts';

const required = 'validation.required';

const name = z.string().check(
  z.trim(),
  z.minLength(1, required),
  z.maxLength(60, 'validation.tooLong'),
  z.refine((v) => v === '' || NAME_PATTERN.test(v), 'errors.400.VEX022'),
);

const phone = z.string().check(
  z.trim(),
  z.minLength(1, required),
  z.refine((v) => v === '' || PHONE_PATTERN.test(normalisePhone(v)), 'errors.400.VEX008'),
);

/** Day, month and year chosen from the lookup lists (strings from the selects, '' when not chosen). */
export const birthDateFields = {
  birthDay: z.string().check(z.minLength(1, required)),
  birthMonth: z.string().check(z.minLength(1, required)),
  birthYear: z.string().check(z.minLength(1, required)),
};

export interface BirthDateForm {
  birthDay: string;
  birthMonth: string;
  birthYear: string;
}

export function birthDateOf(form: BirthDateForm) {
  return { day: Number(form.birthDay), month: Number(form.birthMonth), year: Number(form.birthYear) };
}

/** Adds the calendar-date and adult (18+) checks of spec 1 §5 on the year field. */
function checkBirthDate(form: BirthDateForm, ctx: z.core.$RefinementCtx) {
  if (!form.birthDay || !form.birthMonth || !form.birthYear) return;
  const date = birthDateOf(form);
  if (!isCalendarDate(date)) ctx.addIssue({ code: 'custom', path: ['birthDay'], message: 'validation.date' });
  else if (!isAdult(date)) ctx.addIssue({ code: 'custom', path: ['birthYear'], message: 'validation.adult' });
}

/**
 * Step 1. A visitor creates the account (e-mail and password checked); a logged-in user without mailboxes
 * completes it, and the e-mail and password fields are not shown (spec 1 §5: confirmedAgreement, firstName
 * and lastName are what that path needs).
 */
export function signupFormSchema(mode: 'new' | 'complete') {
  const isNew = mode === 'new';
  return z
    .object({
      firstName: name,
      lastName: name,
      countryCode: z.string().check(z.minLength(1, required)),
      mobileNumber: phone,
      ...birthDateFields,
      planId: z.string().check(z.minLength(1, 'validation.planRequired')),
      agreeOnUseOptIn: z.boolean(),
      confirmedAgreement: z.boolean().check(z.refine((v) => v, 'validation.agreement')),
      email: isNew
        ? z.pipe(z.string().check(z.trim(), z.minLength(1, required)), z.email('validation.email'))
        : z.string(),
      password: isNew
        ? z.string().check(
            z.superRefine((value, ctx) => {
              const [first] = passwordProblems(value);
              if (first) {
                ctx.addIssue({
                  code: 'custom',
                  message: first === 'required' ? required : `validation.password.${first}`,
                });
              }
            }),
          )
        : z.string(),
      passwordConfirmation: isNew ? z.string().check(z.minLength(1, required)) : z.string(),
    })
    .check(
      z.superRefine((form, ctx) => {
        if (isNew && form.passwordConfirmation && !confirmationMatches(form.password, form.passwordConfirmation)) {
          ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'validation.passwordMatch' });
        }
        checkBirthDate(form, ctx);
      }),
    );
}
export type SignupForm = z.input<ReturnType<typeof signupFormSchema>>;

/** Step 2. `zipRequired` comes from the country. */
export function shippingFormSchema(zipRequired: boolean) {
  return z.object({
    addressLine1: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(120, 'validation.tooLong')),
    addressLine2: z.string().check(z.trim(), z.maxLength(120, 'validation.tooLong')),
    city: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(80, 'validation.tooLong')),
    zipCode: zipRequired
      ? z.string().check(z.trim(), z.minLength(1, 'validation.zipCode'), z.maxLength(12, 'validation.tooLong'))
      : z.string().check(z.trim(), z.maxLength(12, 'validation.tooLong')),
    state: z.string().check(z.trim(), z.maxLength(80, 'validation.tooLong')),
    w3wAddress: z.string().check(z.trim(), z.refine(isThreeWordAddress, 'validation.threeWordAddress')),
    applyProtectionService: z.boolean(),
  });
}
export type ShippingForm = z.input<ReturnType<typeof shippingFormSchema>>;

/** Edit profile (spec 1 §3 profile). */
export function editProfileFormSchema(options: { zipRequired: boolean; idDetailsMandatory: boolean }) {
  return z
    .object({
      firstName: name,
      lastName: name,
      ...birthDateFields,
      gender: z.enum(['', 'Male', 'Female']),
      nationality: z.string(),
      mobile: phone,
      tel1: z.string().check(
        z.trim(),
        z.refine((v) => v === '' || PHONE_PATTERN.test(normalisePhone(v)), 'validation.phone'),
      ),
      city: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(80, 'validation.tooLong')),
      state: z.string().check(z.trim(), z.maxLength(80, 'validation.tooLong')),
      streetAddressLine1: z.string().check(z.trim(), z.minLength(1, required), z.maxLength(120, 'validation.tooLong')),
      streetAddressLine2: z.string().check(z.trim(), z.maxLength(120, 'validation.tooLong')),
      zipCode: options.zipRequired
        ? z.string().check(z.trim(), z.minLength(1, 'validation.zipCode'), z.maxLength(12, 'validation.tooLong'))
        : z.string().check(z.trim(), z.maxLength(12, 'validation.tooLong')),
      w3wAddress: z.string().check(z.trim(), z.refine(isThreeWordAddress, 'validation.threeWordAddress')),
      idType: options.idDetailsMandatory ? z.string().check(z.minLength(1, required)) : z.string(),
      idTypeValue: options.idDetailsMandatory
        ? z.string().check(z.trim(), z.minLength(1, required), z.maxLength(40, 'validation.tooLong'))
        : z.string().check(z.trim(), z.maxLength(40, 'validation.tooLong')),
    })
    .check(z.superRefine(checkBirthDate));
}
export type EditProfileForm = z.input<ReturnType<typeof editProfileFormSchema>>;
