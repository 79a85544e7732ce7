/**
 * The visitor's country as the network places them (spec 2 §6 resolvebyclient), a query (src/lib/api/query.ts)
 * asked once per page, for visitors only: a customer's country is their own. Signup step 1 and the flex article
 * start from it.
 */
import { computed } from 'nanostores';
import { query } from '../api/query.ts';
import { getCountryByClient } from '../api/reference/contract.ts';
import { $session } from '../session/session-store.ts';

export const $visitorCountry = query(
  getCountryByClient,
  computed($session, (user) => (user?.isLoggedIn ? null : {})),
);
