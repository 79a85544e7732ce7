/**
 * Subject and body of the product's e-mails, from the site's catalogues (keys mail.*), so the words live
 * with every other translation.
 */
import type { Lang } from '../../src/i18n/languages.ts';
import { serverCatalogue, serverTranslator } from '../i18n/catalogues.ts';
import type { OutboxKind } from '../db/schema.ts';

const KEYS: Record<OutboxKind, string> = {
  activation: 'mail.activation',
  reactivation: 'mail.reactivation',
  'reset-password': 'mail.resetPassword',
  'wallet-option-added': 'mail.walletOptionAdded',
  'wallet-option-removed': 'mail.walletOptionRemoved',
  'wallet-autopay-on': 'mail.walletAutoPayOn',
  'wallet-autopay-off': 'mail.walletAutoPayOff',
  'shipments-paid': 'mail.shipmentsPaid',
  'package-arrived': 'mail.packageArrived',
  'storage-3-days': 'mail.storage3Days',
  'storage-1-day': 'mail.storage1Day',
  'held-for-charges': 'mail.heldForCharges',
  'new-device': 'mail.newDevice',
};

export interface MailContent {
  subject: string;
  body: string;
}

/** What a mail's text says: the brand and the link, and any facts of its own (a package's, a date, an amount). */
export type MailValues = Readonly<Record<string, string>> & { brand: string; link: string };

export function composeMail(kind: OutboxKind, lang: Lang, values: MailValues): MailContent {
  const t = serverTranslator(lang);
  const text = (part: 'subject' | 'body') => {
    const key = `${KEYS[kind]}.${part}`;
    // i18next answers a missing key with the key itself; an e-mail saying "mail.activation.body" must not go out.
    if (serverCatalogue(lang)[key] === undefined) throw new Error(`No catalogue text for ${key} in ${lang}`);
    return t(key, values);
  };
  return { subject: text('subject'), body: text('body') };
}
