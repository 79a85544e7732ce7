/** The edit-profile form as the browser checks it; messages are translation keys. */
import { z } from '../zod.ts';
import { normalisePhone, PHONE_PATTERN } from './profile-rules.ts';
import { isThreeWordAddress } from '../three-words/three-word-address.ts';
import { weightUnitNameSchema } from '../weight/weight-unit.ts';
import { birthDateFields, checkBirthDate, name, phone, required } from '../signup/form-fields.ts';

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
      weightUnit: weightUnitNameSchema,
    })
    .check(z.superRefine(checkBirthDate));
}
export type EditProfileForm = z.input<ReturnType<typeof editProfileFormSchema>>;
