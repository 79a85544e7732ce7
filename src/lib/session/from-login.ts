import type { LoginResponse } from '../api/session/contract.ts';
import type { CurrentUser } from './current-user.ts';

/** The current-user entity (spec 1 §3) from a login or customer-details answer. */
export function currentUserFrom(r: LoginResponse): CurrentUser {
  return {
    isLoggedIn: true,
    guid: r.userGuid,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    langCode: r.langCode,
    hasMailboxes: r.hasMailboxes,
    hasLiveChat: r.isLiveChatEnabled,
    hasFlex: r.planId !== 1,
    confirmedAgreement: r.confirmedAgreement,
    countryCode: r.countryCode,
    paymentMethodId: r.paymentMethod,
    ...(r.city ? { city: r.city } : {}),
    ...(r.entity ? { entity: r.entity } : {}),
    ...(r.streetAddressLine1 ? { streetAddressLine1: r.streetAddressLine1 } : {}),
    ...(r.streetAddressLine2 ? { streetAddressLine2: r.streetAddressLine2 } : {}),
    id: {
      mandatory: r.isIdAttachmentMandatory,
      uploaded: r.isIdUploaded,
      detailsMandatory: r.areIdDetailsMandatory,
      detailsFilled: r.idTypeValue !== null && r.idTypeValue !== '',
    },
    membershipPlan: {
      id: r.planId,
      startDate: r.planStartDate,
      expiryDate: r.planExpiryDate,
      expirationDate: r.planExpiryDate,
      autoRenewal: r.planAutoRenewal,
    },
    weightUnit: r.weightUnit,
  };
}
