/** The signup's shipping step as the browser checks it; messages are translation keys. */
import { z } from '../zod.ts';
import { isThreeWordAddress } from '../three-words/three-word-address.ts';
import { required } from './form-fields.ts';

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
