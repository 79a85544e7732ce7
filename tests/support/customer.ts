import type { CurrentUser } from '../../src/lib/session/current-user.ts';

/** A logged-in customer as the session store keeps one: the demo customer, changed where a test says. */
export function customer(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    isLoggedIn: true,
    guid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    email: 'demo@example.com',
    firstName: 'Dana',
    lastName: 'Haddad',
    langCode: 'en',
    hasMailboxes: true,
    hasLiveChat: true,
    hasFlex: false,
    confirmedAgreement: true,
    countryCode: 'JO',
    paymentMethodId: 1,
    id: { mandatory: false, uploaded: false, detailsMandatory: false, detailsFilled: false },
    membershipPlan: null,
    weightUnit: 'kg',
    ...overrides,
  };
}
