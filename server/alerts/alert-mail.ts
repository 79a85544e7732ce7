/**
 * The e-mail of an alert about a package (issue 24): in the customer's language (the brand's first when the brand
 * lacks it), dates on the wall clock of the customer's country, amounts in the language's way, and a link to the
 * package's page, or to pending payments for a hold.
 */
import type { Brand } from '../../src/brands/brands.ts';
import { DEFAULT_LANG, localeOf, type Lang } from '../../src/i18n/languages.ts';
import { buildUrl } from '../../src/lib/routes/paths.ts';
import { pickupTimeZone } from '../../src/lib/returns/return-rules.ts';
import type { AlertKind } from '../../src/lib/storage/package-alerts.ts';
import { storageStatus, type StorageTerms } from '../../src/lib/storage/storage-deadline.ts';
import type { shipments, users } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { warehouseName } from '../mailboxes/warehouses.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface AlertMailFacts {
  kind: AlertKind;
  shipment: ShipmentRow;
  user: Pick<UserRow, 'email' | 'langCode' | 'countryCode'>;
  terms: StorageTerms;
  /** When the package arrived at its mailbox; null for a package not kept there (a hold). */
  arrivedAt: Date | null;
  /** The charges it is held for; null when none. */
  held: { total: number; currency: string } | null;
  now: Date;
}

/** The asked language if the brand has it (Mailbridge is English only), else the brand's first. */
export const mailLang = (brand: Brand, asked: string): Lang =>
  brand.languages.find((lang) => lang === asked) ?? brand.languages[0] ?? DEFAULT_LANG;

/** The facts an alert's texts name (its e-mail's and its push message's), written for `lang`. */
export function alertValues(facts: AlertMailFacts, lang: Lang): Record<string, string> {
  const { shipment, user, terms } = facts;
  const timeZone = pickupTimeZone(user.countryCode);
  const day = (d: Date) => new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone }).format(d);
  const moment = (d: Date) =>
    new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeStyle: 'short', timeZone }).format(d);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency }).format(amount);

  const values: Record<string, string> = {
    package: shipment.merchant ? `${shipment.description} — ${shipment.merchant}` : shipment.description,
    awb: shipment.awb,
    mailbox: warehouseName(shipment.originEntity, lang) ?? shipment.originEntity,
    fee: money(terms.feePerDay, terms.currency),
  };
  if (facts.arrivedAt) {
    const status = storageStatus(facts.arrivedAt, facts.now, terms);
    values['arrived'] = day(facts.arrivedAt);
    values['freeUntil'] = moment(status.freeUntil);
    values['freeDays'] = String(terms.freeDays);
  }
  if (facts.held) values['total'] = money(facts.held.total, facts.held.currency);
  return values;
}

/** The page an alert leads to, from the site's root: the package's, or pending payments for a hold. */
export function alertPage(kind: AlertKind, awb: string, brand: Brand, lang: Lang): string {
  return kind === 'held-for-charges'
    ? buildUrl(lang, 'pending-payments', brand.slug)
    : buildUrl(lang, 'tracking', brand.slug, { awbNumber: awb });
}

export function alertMail(facts: AlertMailFacts, brand: Brand, origin: string): OutgoingMail {
  const lang = mailLang(brand, facts.user.langCode);
  const page = alertPage(facts.kind, facts.shipment.awb, brand, lang);
  return {
    to: facts.user.email,
    kind: facts.kind,
    langCode: lang,
    link: `${origin}${page}`,
    values: alertValues(facts, lang),
  };
}
