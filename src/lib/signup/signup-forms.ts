/** The signup's first step as the browser checks it; messages are translation keys. */
import { z } from '../zod.ts';
import { passwordProblems, confirmationMatches } from '../auth/password-policy.ts';
import { birthDateFields, checkBirthDate, name, phone, required } from './form-fields.ts';

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
