/** Contract of the password and activation calls (spec 2 §7 Users). */
import { z } from '../../zod.ts';
import { passwordProblems } from '../../auth/password-policy.ts';

const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));
/** A link token from an e-mail (`q`). */
const linkToken = z.string().check(z.regex(/^[\w-]{20,200}$/));

/** A new password must meet the rule; the message names the first rule it breaks. */
export const newPasswordSchema = z.string().check(
  z.superRefine((value, ctx) => {
    for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: `password.${problem}` });
  }),
);

export const forgottenPasswordRequestSchema = z.object({ email, langCode: z.enum(['en', 'ar']) });
export type ForgottenPasswordRequest = z.infer<typeof forgottenPasswordRequestSchema>;

export const linkRequestSchema = z.object({ q: linkToken });
export type LinkRequest = z.infer<typeof linkRequestSchema>;

/** Account from link (spec 1 §3). */
export const accountFromLinkSchema = z.object({
  active: z.boolean(),
  email: z.string(),
  activationParam: z.string(),
});
export type AccountFromLink = z.infer<typeof accountFromLinkSchema>;

export const changeForgottenPasswordRequestSchema = z.object({ q: linkToken, newPassword: newPasswordSchema });
export type ChangeForgottenPasswordRequest = z.infer<typeof changeForgottenPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(200)),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const doneResponseSchema = z.object({ done: z.literal(true) });

/** Error codes of these calls. */
export const UsersErrorCode = {
  /** The link is unknown, used or expired. */
  accountNotResolved: 'ACCOUNT_NOT_RESOLVED',
  /** Activation link of an account that is already active. */
  alreadyActive: 'ALREADY_ACTIVE',
  /** The new password equals the current one. */
  samePassword: 'SAME_PASSWORD',
  /** The current password given is wrong. */
  wrongPassword: 'WRONG_PASSWORD',
} as const;
