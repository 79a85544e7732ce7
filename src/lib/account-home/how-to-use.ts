/**
 * How-to-use (spec 1 §2.5): pick a country and an entity of the customer's mailboxes. An unknown country goes
 * to ES / BCN; an unknown entity to the country's first entity. A customer without a Spanish mailbox (one who
 * lives in Spain) falls back to the first mailbox instead.
 */

export interface MailboxPlace {
  countryCode: string;
  entity: string;
}

export const FALLBACK = { countryCode: 'ES', entity: 'BCN' } as const;

export interface HowToUseTarget {
  countryCode: string;
  entity: string;
  /** The URL must change to this place. */
  redirect: boolean;
}

export function howToUseTarget(
  mailboxes: readonly MailboxPlace[],
  countryCode: string | undefined,
  entity: string | undefined,
): HowToUseTarget | null {
  const [first] = mailboxes;
  if (!first) return null;
  const inCountry = mailboxes.filter((m) => m.countryCode === countryCode?.toUpperCase());
  if (inCountry.length === 0) {
    const fallback =
      mailboxes.find((m) => m.countryCode === FALLBACK.countryCode && m.entity === FALLBACK.entity) ?? first;
    return { ...fallback, redirect: true };
  }
  const found = inCountry.find((m) => m.entity.toUpperCase() === entity?.toUpperCase()) ?? inCountry[0]!;
  return {
    countryCode: found.countryCode,
    entity: found.entity,
    redirect: found.countryCode !== countryCode || found.entity !== entity,
  };
}
