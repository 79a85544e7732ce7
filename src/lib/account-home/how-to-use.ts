/**
 * How-to-use (spec 1 §2.5): pick a country and an entity of the customer's mailboxes. An unknown country (the
 * bare route too) goes to ES / BCN; an unknown entity to the country's first entity. The page shows how to write
 * one of the customer's own mailboxes, with their mailbox number, so a customer without a Spanish mailbox (one who
 * lives in Spain has none: no mailbox is opened in one's own country) goes to their first mailbox instead.
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
    // ES / BCN, as the fallback entity of its country would be; without a Spanish mailbox, the first mailbox.
    const spanish = mailboxes.filter((m) => m.countryCode === FALLBACK.countryCode);
    const fallback = spanish.find((m) => m.entity === FALLBACK.entity) ?? spanish[0] ?? first;
    return { countryCode: fallback.countryCode, entity: fallback.entity, redirect: true };
  }
  const found = inCountry.find((m) => m.entity.toUpperCase() === entity?.toUpperCase()) ?? inCountry[0]!;
  return {
    countryCode: found.countryCode,
    entity: found.entity,
    redirect: found.countryCode !== countryCode || found.entity !== entity,
  };
}
