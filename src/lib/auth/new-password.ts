/** The schema of a new password (spec 1 §5): the password rules, each broken one named in a message of its own. */
import { z } from '../zod.ts';
import { passwordProblems } from './password-policy.ts';

/** A new password must meet the rule; the message names the first rule it breaks. */
export const newPasswordSchema = z.string().check(
  z.superRefine((value, ctx) => {
    for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: `password.${problem}` });
  }),
);
