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
  birthDate: z.nullable(z.object({ day: z.int(), month: z.int(), year: z.int() })),
  gender: z.nullable(z.enum(['Male', 'Female'])),
  city: z.nullable(z.string()),
  entity: z.nullable(z.string()),
  state: z.nullable(z.string()),
  nationality: z.nullable(z.string()),
  idType: z.nullable(z.string()),
  idTypeValue: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  tel1: z.nullable(z.string()),
  streetAddressLine1: z.nullable(z.string()),
  streetAddressLine2: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  w3wAddress: z.nullable(z.string()),
  planId: z.int(),
  status: z.enum(['pending', 'active', 'deactivated']),
});
export type Profile = z.infer<typeof profileSchema>;
