/**
 * POST api/account/{guid}/save with action 1 (spec 2 §9): the customer edits the profile. The e-mail and
 * the country stay; the city must be one the service delivers to in the country, the ID type one the country
 * accepts (or the one already saved), and the ID number is required where the country wants ID details.
 */
import { eq } from 'drizzle-orm';
import { PROFILE_FORM_STAGE, type profileSaveSchema } from '../../../src/lib/api/account/contract.ts';
import { FieldErrorCode } from '../../../src/lib/profile/profile-fields.ts';
import { type LoginResponse } from '../../../src/lib/api/session/contract.ts';
import { birthDateToIso, isAdult, isCalendarDate, zipCodeRequired } from '../../../src/lib/profile/profile-rules.ts';
import { threeWordWords } from '../../../src/lib/three-words/three-word-address.ts';
import { threeWordProblem } from '../../../src/lib/three-words/three-word-check.ts';
import { suggestionsIn } from '../../three-words/three-word-service.ts';
import type { z } from 'zod';
import { users } from '../../db/schema.ts';
import type { SessionContext } from '../env.ts';
import { sessionUser } from '../session-user.ts';
import { unauthorized } from '../http-errors.ts';
import { advanceFormStage } from '../marketing/marketing.routes.ts';
import { findCity, findCountry } from '../../reference/lookups.ts';
import { idTypesOf } from '../reference/reference.routes.ts';
import { mobileInUse, refused, type FieldErrors } from '../signup/validation.ts';
import { toLoginResponse } from './user-views.ts';

export type ProfileSave = z.core.output<typeof profileSaveSchema>;

export async function saveProfile(c: SessionContext, body: ProfileSave): Promise<LoginResponse> {
  const { db, clock } = c.var.deps;
  const user = await sessionUser(c);
  const country = await findCountry(db, user.countryCode);

  const errors: FieldErrors = {};
  if (!isCalendarDate(body.birthDate)) errors.birthDate = ['date'];
  else if (!isAdult(body.birthDate, clock())) errors.birthDate = ['adult'];
  if (await mobileInUse(db, body.mobile, user.guid)) errors.mobile = [FieldErrorCode.mobileInUse];
  const city = country ? await findCity(db, country.code, body.city) : undefined;
  if (!city) errors.city = [FieldErrorCode.cityInvalid];
  if (zipCodeRequired(country) && body.zipCode === '') errors.zipCode = ['required'];
  const threeWords = await threeWordProblem(
    suggestionsIn(c.var.deps.threeWords),
    body.w3wAddress,
    user.countryCode,
    user.w3wAddress,
  );
  if (threeWords) errors.w3wAddress = [threeWords];
  const idTypes: readonly string[] = country ? idTypesOf(country, user.idType) : [];
  const idTypeValue = body.idTypeValue || null;
  if (body.idType !== null && !idTypes.includes(body.idType)) errors.idType = ['idType'];
  if (country?.idDetailsMandatory || user.idDetailsMandatory) {
    if (body.idType === null) errors.idType ??= ['required'];
    if (idTypeValue === null) errors.idTypeValue = ['required'];
  }
  if (!city || Object.keys(errors).length > 0) throw refused(errors);

  const now = clock();
  const [saved] = await db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      birthDate: birthDateToIso(body.birthDate),
      gender: body.gender,
      nationality: body.nationality,
      mobile: body.mobile,
      tel1: body.tel1 || null,
      city: city.cityName,
      state: body.state || city.state,
      streetAddressLine1: body.streetAddressLine1,
      streetAddressLine2: body.streetAddressLine2 || null,
      zipCode: body.zipCode || null,
      w3wAddress: threeWordWords(body.w3wAddress) || null,
      idType: body.idType,
      idTypeValue: body.idType === null ? null : idTypeValue,
      ...(body.weightUnit ? { weightUnit: body.weightUnit } : {}),
    })
    .where(eq(users.guid, user.guid))
    .returning();
  if (!saved) throw unauthorized();
  await advanceFormStage(db, saved.email, PROFILE_FORM_STAGE, now);
  return toLoginResponse(saved);
}
