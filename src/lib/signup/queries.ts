/**
 * What the signup steps read (spec 1 §2.4, spec 2 §7), one query each (src/lib/api/query.ts), each asked once per
 * page: the plans of the country chosen on step 1 (the default list until one is), the details a customer without
 * mailboxes has saved so far, and the delivery address of step 2. Step 1 also starts from the visitor's country
 * (src/lib/reference/visitor-country.ts).
 */
import { query } from '../api/query.ts';
import { getProfileDetails, getShippingDetails } from '../api/account/contract.ts';
import { getMembershipPlans } from '../api/reference/contract.ts';
import { DEFAULT_COUNTRY } from '../content/flex-plans.ts';
import { forCustomer } from '../session/session-store.ts';

/** The plans of the country chosen on step 1's form ('' for none yet: the default list), a query of its own. */
export const signupPlans = (countryCode: string) =>
  query(getMembershipPlans, { params: { code: countryCode || DEFAULT_COUNTRY } });

const customer = forCustomer((guid) => ({ params: { guid } }));

/** Step 1 of a logged-in customer without mailboxes, who completes the account. */
export const $savedProfileDetails = query(getProfileDetails, customer);

export const $shippingDetails = query(getShippingDetails, customer);
