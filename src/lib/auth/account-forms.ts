/** The account forms; messages are translation keys. */
import { z } from '../zod.ts';
import { confirmationMatches, passwordProblems } from './password-policy.ts';

/** A new password and its confirmation; messages are translation keys. */
const newPasswordFields = {
  newPassword: z.string().check(
    z.superRefine((value, ctx) => {
      const [first] = passwordProblems(value);
      if (first) {
        ctx.addIssue({
          code: 'custom',
          message: first === 'required' ? 'validation.required' : `validation.password.${first}`,
        });
      }
    }),
  ),
  confirmation: z.string().check(z.minLength(1, 'validation.required')),
};

const matching = <T extends { newPassword: string; confirmation: string }>(form: T) =>
  confirmationMatches(form.newPassword, form.confirmation);
const mismatch = { message: 'validation.passwordMatch', path: ['confirmation'] };

export const resetPasswordFormSchema = z.object(newPasswordFields).check(z.refine(matching, mismatch));
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({ oldPassword: z.string().check(z.minLength(1, 'validation.required')), ...newPasswordFields })
  .check(z.refine(matching, mismatch));
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const email = z.pipe(z.string().check(z.trim(), z.minLength(1, 'validation.required')), z.email('validation.email'));

export const emailFormSchema = z.object({ email });
export type EmailForm = z.infer<typeof emailFormSchema>;

export const loginFormSchema = z.object({ email, password: z.string().check(z.minLength(1, 'validation.required')) });
export type LoginForm = z.infer<typeof loginFormSchema>;
