/**
 * The customer's notification switches (spec 1 §3 user options) and the wallet e-mails the Wallet switch
 * controls: a payment option added or removed, AutoPay turned on or off, shipments paid.
 */
import { eq } from 'drizzle-orm';
import { NOTIFICATION_OPTION_NAMES, type UserOptions } from '../../src/lib/api/user-options/contract.ts';
import type { Db } from '../db/database.ts';
import { notificationOptions, type users, type WalletMailKind } from '../db/schema.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';

type User = typeof users.$inferSelect;

/** Every switch the customer has, on unless they turned it off. */
export async function userOptions(db: Db, userGuid: string): Promise<UserOptions> {
  const rows = await db.select().from(notificationOptions).where(eq(notificationOptions.userGuid, userGuid));
  return {
    notificationOptions: NOTIFICATION_OPTION_NAMES.map((name) => ({
      name,
      value: rows.find((r) => r.name === name)?.value ?? true,
    })),
  };
}

export async function saveUserOptions(db: Db, userGuid: string, options: UserOptions): Promise<void> {
  for (const option of options.notificationOptions) {
    await db
      .insert(notificationOptions)
      .values({ userGuid, name: option.name, value: option.value })
      .onConflictDoUpdate({
        target: [notificationOptions.userGuid, notificationOptions.name],
        set: { value: option.value },
      });
  }
}

/** The page each wallet e-mail links to. */
const PAGES: Record<WalletMailKind, string> = {
  'wallet-option-added': 'account/payment-options',
  'wallet-option-removed': 'account/payment-options',
  'wallet-autopay-on': 'account/payment-options',
  'wallet-autopay-off': 'account/payment-options',
  'shipments-paid': 'pending-payments',
};

/** Where a mail's link points: the site's origin, and the language the customer reads it in. */
export interface MailPlace {
  origin: string;
  lang: Lang;
}

/**
 * Sends a wallet e-mail when the customer's Wallet switch is on. A mail that can't go out is logged, never a
 * reason to fail what the customer did.
 */
export async function notifyWallet(
  deps: { db: Db; mailer: Mailer; logger: Logger },
  user: User,
  kind: WalletMailKind,
  { origin, lang }: MailPlace,
): Promise<void> {
  const { db, mailer, logger } = deps;
  try {
    const { notificationOptions: switches } = await userOptions(db, user.guid);
    if (!switches.some((s) => s.name === 'Wallet' && s.value)) return;
    await mailer.send({ to: user.email, kind, langCode: lang, link: `${origin}/${lang}/${PAGES[kind]}` });
  } catch (err) {
    logger.error({ err, kind }, 'wallet e-mail not sent');
  }
}
