/** Whose price list the flex article shows (spec 1 §6). */

/** Spec 2 §9: the country code of the default price list. */
export const DEFAULT_COUNTRY = 'default';

/**
 * A logged-in customer's own country; a visitor's country as the network reports it; otherwise the default list.
 */
export function flexPlansCountry(
  user: { isLoggedIn: boolean; countryCode: string } | null,
  countryByClient: string | null,
): string {
  if (user?.isLoggedIn && /^[A-Z]{2}$/.test(user.countryCode)) return user.countryCode;
  if (countryByClient && /^[A-Z]{2}$/.test(countryByClient)) return countryByClient;
  return DEFAULT_COUNTRY;
}
