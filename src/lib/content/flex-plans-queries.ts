/**
 * The plans the flex article shows (spec 1 §6), a query (src/lib/api/query.ts) asked once the island shows: the
 * logged-in customer's country's, else the visitor's country's once the network has placed them (or failed to),
 * else the default list.
 */
import { computed } from 'nanostores';
import { query } from '../api/query.ts';
import { getMembershipPlans } from '../api/reference/contract.ts';
import { $visitorCountry } from '../reference/visitor-country.ts';
import { $session } from '../session/session-store.ts';
import { flexPlansCountry } from './flex-plans.ts';

export const $flexPlans = query(
  getMembershipPlans,
  computed([$session, $visitorCountry], (user, byClient) => {
    if (user?.isLoggedIn) return { params: { code: flexPlansCountry(user, null) } };
    // A visitor's list waits for their country's answer.
    if (byClient.data === undefined && byClient.error === undefined) return null;
    return { params: { code: flexPlansCountry(null, byClient.data?.countryCode ?? null) } };
  }),
);
