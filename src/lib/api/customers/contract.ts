/** Contract of the customers calls (spec 2 §7 Users and customers). */
import { z } from '../../zod.ts';

/** Profile (spec 1 §3). */
export const profileSchema = z.object({
  userGuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailHash: z.string(),
  countryCode: z.string(),
  birthDate: z.object({ day: z.number().int(), month: z.number().int(), year: z.number().int() }).nullable(),
  gender: z.enum(['Male', 'Female']).nullable(),
  city: z.string().nullable(),
  entity: z.string().nullable(),
  state: z.string().nullable(),
  nationality: z.string().nullable(),
  idType: z.string().nullable(),
  idTypeValue: z.string().nullable(),
  mobile: z.string().nullable(),
  tel1: z.string().nullable(),
  streetAddressLine1: z.string().nullable(),
  streetAddressLine2: z.string().nullable(),
  zipCode: z.string().nullable(),
  w3wAddress: z.string().nullable(),
  planId: z.number().int(),
  status: z.enum(['pending', 'active', 'deactivated']),
});
export type Profile = z.infer<typeof profileSchema>;
