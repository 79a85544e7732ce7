/** The account forms; messages are translation keys. */
import { z } from '../zod.ts';
import { confirmationMatches, passwordProblems } from './password-policy.ts';

/** A new password and its confirmation; messages are translation keys. */
const newPasswordFields = {
  newPassword: z.string().superRefine((value, ctx) => {
    const [first] = passwordProblems(value);
    if (first) {
      ctx.addIssue({
        code: 'custom',
        message: first === 'required' ? 'validation.required' : `validation.password.${first}`,
      });
    }
  }),
  confirmation: z.string().min(1, 'validation.required'),
};

const matching = <T extends { newPassword: string; confirmation: string }>(form: T) =>
  confirmationMatches(form.newPassword, form.confirmation);
const mismatch = { message: 'validation.passwordMatch', path: ['confirmation'] };

export const resetPasswordFormSchema = z.object(newPasswordFields).refine(matching, mismatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = z
  .object({ oldPassword: z.string().min(1, 'validation.required'), ...newPasswordFields })
  .refine(matching, mismatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const email = z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email'));

export const emailFormSchema = z.object({ email });
export type EmailForm = z.infer<typeof emailFormSchema>;

export const loginFormSchema = z.object({ email, password: z.string().min(1, 'validation.required') });
export type LoginForm = z.infer<typeof loginFormSchema>;
