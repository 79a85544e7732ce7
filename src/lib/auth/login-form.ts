import { z } from 'zod';

/** The login form; messages are translation keys. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  password: z.string().min(1, 'validation.required'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;
