import { createHash } from 'node:crypto';
import type { LoginResponse } from '../../../src/lib/api/session/contract.ts';
import type { Profile } from '../../../src/lib/api/customers/contract.ts';
import type { users } from '../../db/schema.ts';

type User = typeof users.$inferSelect;

export function toLoginResponse(u: User): LoginResponse {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userGuid: u.guid,
    langCode: u.langCode,
    hasMailboxes: u.hasMailboxes,
    confirmedAgreement: u.confirmedAgreement,
    isLiveChatEnabled: u.liveChatEnabled,
    countryCode: u.countryCode,
    city: u.city,
    entity: u.entity,
    streetAddressLine1: u.streetAddressLine1,
    streetAddressLine2: u.streetAddressLine2,
    isIdAttachmentMandatory: u.idMandatory,
    isIdUploaded: u.idUploaded,
    areIdDetailsMandatory: u.idDetailsMandatory,
    idType: u.idType,
    idTypeValue: u.idTypeValue,
    paymentMethod: u.paymentMethod === 1 ? 1 : 0,
    planId: u.planId,
    planStartDate: u.planStartDate,
    planExpiryDate: u.planExpiryDate,
    planAutoRenewal: u.planAutoRenewal,
    weightUnit: u.weightUnit,
  };
}

export function toProfile(u: User): Profile {
  const [year, month, day] = (u.birthDate ?? '').split('-').map(Number);
  return {
    userGuid: u.guid,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    emailHash: createHash('sha256').update(u.email).digest('hex'),
    countryCode: u.countryCode,
    birthDate: year && month && day ? { day, month, year } : null,
    gender: u.gender ?? null,
    city: u.city,
    entity: u.entity,
    state: u.state,
    nationality: u.nationality,
    idType: u.idType,
    idTypeValue: u.idTypeValue,
    mobile: u.mobile,
    tel1: u.tel1,
    streetAddressLine1: u.streetAddressLine1,
    streetAddressLine2: u.streetAddressLine2,
    zipCode: u.zipCode,
    w3wAddress: u.w3wAddress,
    planId: u.planId,
    status: u.status,
    weightUnit: u.weightUnit,
  };
}
