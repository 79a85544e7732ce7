/**
 * The fields the signup and profile forms share, as the browser checks them; messages are translation keys. A module
 * of its own, so each page carries only its own form's rules (src/lib/signup/signup-forms.ts,
 * src/lib/profile/profile-form.ts).
 */
import { z } from '../zod.ts';
import { isAdult, isCalendarDate, NAME_PATTERN, normalisePhone, PHONE_PATTERN } from '../profile/profile-rules.ts';

export const required = 'validation.required';

export const name = z.string().check(
  z.trim(),
  z.minLength(1, required),
  z.maxLength(60, 'validation.tooLong'),
  z.refine((v) => v === '' || NAME_PATTERN.test(v), 'errors.400.VEX022'),
);

export const phone = z.string().check(
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
export function checkBirthDate(form: BirthDateForm, ctx: z.core.$RefinementCtx) {
  if (!form.birthDay || !form.birthMonth || !form.birthYear) return;
  const date = birthDateOf(form);
  if (!isCalendarDate(date)) ctx.addIssue({ code: 'custom', path: ['birthDay'], message: 'validation.date' });
  else if (!isAdult(date)) ctx.addIssue({ code: 'custom', path: ['birthYear'], message: 'validation.adult' });
}
