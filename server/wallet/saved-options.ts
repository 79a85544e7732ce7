/**
 * The customer's saved payment options (cards and third-party accounts): listed, saved once, made default and
 * deleted, with what a deletion decides for AutoPay and auto-renewal (src/lib/payments/wallet-rules.ts). Only
 * provider tokens and display data are kept (docs/decisions/015).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { WalletContent } from '../../src/lib/api/payments/contract.ts';
import type { WalletChange } from '../../src/lib/api/wallet/contract.ts';
import { THIRD_PARTY_TYPE } from '../../src/lib/payments/checkout-rules.ts';
import { afterDeletion, nextDefault, usableOptionCount } from '../../src/lib/payments/wallet-rules.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { preparedOn } from '../db/prepared.ts';
import { savedCards, users } from '../db/schema.ts';
import type { CardToken, SavedAccount } from '../payments/provider.ts';

type Row = typeof savedCards.$inferSelect;

const view = (r: Row) => ({
  id: r.id,
  type: r.type,
  first6Digits: r.first6Digits,
  last4Digits: r.last4Digits,
  expiryDate: r.expiryDate,
  name: r.name,
  isDefault: r.isDefault,
});

const optionsOfCustomer = preparedOn((db) =>
  db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userGuid, sql.placeholder('userGuid')))
    .orderBy(asc(savedCards.id))
    .prepare('saved_options_of_customer'),
);

async function rowsOf(db: Db, userGuid: string): Promise<Row[]> {
  return optionsOfCustomer(db).execute({ userGuid });
}

const contentOf = (rows: readonly Row[]): WalletContent => ({
  cards: rows.filter((r) => r.type !== THIRD_PARTY_TYPE).map(view),
  thirdParty: rows.filter((r) => r.type === THIRD_PARTY_TYPE).map(view),
});

/** Saved cards and third-party accounts, oldest first, as the wallet and the checkout show them. */
export async function walletContent(db: Db, userGuid: string): Promise<WalletContent> {
  return contentOf(await rowsOf(db, userGuid));
}

/** The options and what they decide now. */
export async function walletChange(db: Db, userGuid: string): Promise<WalletChange> {
  const [user] = await db
    .select({ paymentMethod: users.paymentMethod, autoRenewal: users.planAutoRenewal })
    .from(users)
    .where(eq(users.guid, userGuid));
  return {
    content: await walletContent(db, userGuid),
    paymentMethod: user?.paymentMethod === 1 ? 1 : 0,
    autoRenewal: user?.autoRenewal ?? false,
  };
}

/** Makes `id` the one default option (two statements: the partial unique index allows one default at a time). */
async function makeDefault(db: Db, userGuid: string, id: number): Promise<void> {
  await db
    .update(savedCards)
    .set({ isDefault: false })
    .where(and(eq(savedCards.userGuid, userGuid), ne(savedCards.id, id)));
  await db
    .update(savedCards)
    .set({ isDefault: true })
    .where(and(eq(savedCards.userGuid, userGuid), eq(savedCards.id, id)));
}

export type NewOption = { card: CardToken } | { account: SavedAccount };

/**
 * Keeps a card or account; the first option is the default, and `asDefault` makes it so. An option already saved
 * (the same card, the same account) is not saved twice: the existing one answers. Runs in a transaction with the
 * customer's row locked, so two saves at once keep one default and no double.
 */
export async function saveOption(db: Db, userGuid: string, option: NewOption, asDefault: boolean): Promise<number> {
  return db.transaction(async (t) => {
    await t.select({ guid: users.guid }).from(users).where(eq(users.guid, userGuid)).for('update');
    const values =
      'card' in option
        ? {
            providerToken: option.card.token,
            type: String(option.card.systemId),
            first6Digits: option.card.first6,
            last4Digits: option.card.last4,
            expiryDate: option.card.expiryDate,
            name: option.card.name,
          }
        : {
            providerToken: option.account.token,
            type: THIRD_PARTY_TYPE,
            first6Digits: '',
            last4Digits: '',
            expiryDate: '',
            name: option.account.email || option.account.name,
          };
    const existing = await rowsOf(t, userGuid);
    const same = existing.find(
      (r) =>
        r.type === values.type &&
        r.first6Digits === values.first6Digits &&
        r.last4Digits === values.last4Digits &&
        r.expiryDate === values.expiryDate &&
        (values.type !== THIRD_PARTY_TYPE || r.name === values.name),
    );
    let id: number;
    if (same) {
      // The newer token replaces the old one: it is the provider's latest word on the card.
      await t.update(savedCards).set({ providerToken: values.providerToken }).where(eq(savedCards.id, same.id));
      id = same.id;
    } else {
      const [row] = await t
        .insert(savedCards)
        .values({ userGuid, ...values, isDefault: false })
        .returning({ id: savedCards.id });
      if (!row) throw new Error('saved option not inserted');
      id = row.id;
    }
    if (asDefault || !existing.some((r) => r.isDefault)) await makeDefault(t, userGuid, id);
    return id;
  });
}

/** The customer's option `id` of that kind (card or account), or null. */
export async function findOption(db: Db, userGuid: string, id: number, thirdParty: boolean): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userGuid, userGuid)));
  return row && (row.type === THIRD_PARTY_TYPE) === thirdParty ? row : null;
}

export async function setDefaultOption(db: Db, userGuid: string, id: number): Promise<void> {
  await db.transaction(async (tx) => makeDefault(tx, userGuid, id));
}

/**
 * Deletes an option. When it was the default, the oldest one left becomes the default; when no usable option is
 * left, AutoPay goes back to Cash (its agreement cleared) and the membership stops renewing automatically
 * (spec 1 §4.8), in the same transaction. Answers whether AutoPay was turned off.
 */
export async function deleteOption(
  db: Db,
  clock: Clock,
  userGuid: string,
  id: number,
): Promise<{ autoPayOff: boolean }> {
  return db.transaction(async (t) => {
    const [user] = await t.select().from(users).where(eq(users.guid, userGuid)).for('update');
    if (!user) throw new Error('no such customer');
    const rows = await rowsOf(t, userGuid);
    await t.delete(savedCards).where(and(eq(savedCards.id, id), eq(savedCards.userGuid, userGuid)));
    const left = rows.filter((r) => r.id !== id);
    const next = nextDefault(rows, id);
    if (next !== null && !left.some((r) => r.isDefault)) await makeDefault(t, userGuid, next);
    const usableLeft = usableOptionCount(contentOf(left), clock());
    const autoPay = user.paymentMethod === 1;
    const decided = afterDeletion({ autoPay, autoRenewal: user.planAutoRenewal, usableLeft });
    const autoPayOff = autoPay && !decided.autoPay;
    const autoRenewalOff = user.planAutoRenewal && !decided.autoRenewal;
    if (autoPayOff || autoRenewalOff) {
      await t
        .update(users)
        .set({
          ...(autoPayOff ? { paymentMethod: 0, autoPayAgreedAt: null } : {}),
          ...(autoRenewalOff ? { planAutoRenewal: false } : {}),
        })
        .where(eq(users.guid, userGuid));
    }
    return { autoPayOff };
  });
}
