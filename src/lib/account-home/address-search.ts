/** Address search (spec 1 §2.3): alias, entity or country starting with the query, ignoring case. */
export function matchesAddress(
  address: { alias: string; entity: string; country: string; countryCode: string },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [address.alias, address.entity, address.country, address.countryCode].some((field) =>
    field.toLowerCase().startsWith(q),
  );
}
