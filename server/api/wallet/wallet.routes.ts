/**
 * The wallet (spec 2 §7 Wallet, v1 AutoPayOptions, account options/notifications; docs/decisions/016): balance
 * and transactions, saved cards (added directly or after the provider's verification frame), third-party
 * accounts (added through the provider's approval page), the default option, deletions and what they decide,
 * AutoPay and the Wallet e-mail switch. Every path names the customer, so the router's owner check refuses a
 * session touching someone else's wallet (401 without one, 403 with another's).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  WalletErrorCode,
  addCard,
  addThirdPartyAccount,
  deleteCard,
  deleteThirdParty,
  getAutoPayOptions,
  getCardToken,
  getWalletBalance,
  getWalletOptions,
  getWalletTransactions,
  setAutoPayOptions,
  setDefaultCard,
  setDefaultThirdParty,
  startThirdPartySession,
  type AutoPayOptions,
} from '../../../src/lib/api/wallet/contract.ts';
import { getUserOptions, setUserOptions } from '../../../src/lib/api/user-options/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import { cardDigits } from '../../../src/lib/payments/card-type.ts';
import { preparedOn } from '../../db/prepared.ts';
import { autoPayProblem, usableOptionCount } from '../../../src/lib/payments/wallet-rules.ts';
import { users, walletAdditions, walletTransactions, type WalletAdditionKind } from '../../db/schema.ts';
import {
  deleteOption,
  findOption,
  saveOption,
  setDefaultOption,
  walletChange,
  walletContent,
  type NewOption,
} from '../../wallet/saved-options.ts';
import { notifyWallet, saveUserOptions, userOptions } from '../../wallet/wallet-mail.ts';
import type { Refusal } from '../../payments/provider.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, conflict } from '../http-errors.ts';
import { findCountry } from '../../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { sitePage } from '../site-pages.ts';
import { LANGUAGES } from '../../../src/i18n/languages.ts';
import { brandLang, mailPlace } from '../users/link-mail.ts';

type Ctx = Context<ApiEnv>;
type User = typeof users.$inferSelect;

/** The wallet's balance is kept in US dollars, the currency shipping is charged in. */
export const WALLET_CURRENCY = 'USD';
const WALLET_PAGE = new RegExp(`^/(${LANGUAGES.join('|')})/account/payment-options$`);
/** How many transactions the statement lists, newest first. */
const STATEMENT_LENGTH = 100;

const refuse = (code: string, message: string) => new HttpError(400, { code, message });
/** The provider refused: its words for logs and support, its code for the customer's message. */
const providerRefusal = (code: string, refusal: Refusal) =>
  new HttpError(400, { code, message: refusal.message, reason: refusal.code });

/** What the customer's country says of AutoPay, what they chose, and how many options could pay for it. */
async function autoPayState(c: Ctx, user: User): Promise<{ options: AutoPayOptions; usable: number }> {
  const country = await findCountry(c.var.deps.db, user.countryCode);
  const usable = usableOptionCount(await walletContent(c.var.deps.db, user.guid), c.var.deps.clock());
  const mandatory = country?.autoPayMandatory ?? false;
  const discount = country?.autoPayDiscountPercent ?? null;
  // AutoPay without a usable option can't charge anything: it reads as off (spec 1 §4.8).
  const value = user.paymentMethod === 1 && usable > 0;
  const options: AutoPayOptions = {
    value,
    isAutoPayMandatory: mandatory,
    isAutoPayVisible: mandatory || (country?.autoPayVisible ?? true),
    isPaymentOptionSavingMandatory: mandatory,
    discountLabel: discount === null ? null : `${discount}%`,
    shippingAgreement: value && user.autoPayAgreedAt !== null,
  };
  return { options, usable };
}

/** How the server refuses each AutoPay problem of the shared rules (src/lib/payments/wallet-rules.ts). */
const AUTOPAY_REFUSALS: Record<string, () => HttpError> = {
  'wallet.autoPay.mandatoryRefused': () =>
    conflict('AutoPay is mandatory in your country', WalletErrorCode.autoPayMandatory),
  'wallet.autoPay.needsOption': () => conflict('AutoPay needs a saved payment option', WalletErrorCode.noPaymentOption),
  'wallet.autoPay.agreementRequired': () =>
    refuse(WalletErrorCode.agreement, 'Accept the shipping agreement to turn AutoPay on'),
};

/** The customer's saved option `id` of that kind, or a 400. */
async function requireOption(c: Ctx, user: User, id: number, thirdParty: boolean): Promise<void> {
  if (!(await findOption(c.var.deps.db, user.guid, id, thirdParty))) {
    throw refuse(WalletErrorCode.unknownOption, 'No such saved option');
  }
}

/** A pending addition of this customer, by the provider's id. */
async function additionOf(c: Ctx, user: User, providerId: string, kind: WalletAdditionKind) {
  const [row] = await c.var.deps.db
    .select()
    .from(walletAdditions)
    .where(
      and(
        eq(walletAdditions.providerId, providerId),
        eq(walletAdditions.userGuid, user.guid),
        eq(walletAdditions.kind, kind),
      ),
    );
  if (!row) throw refuse(WalletErrorCode.unknownAddition, 'No such payment option is being added');
  return row;
}

/**
 * Finishes an addition once: the request that moves it from pending to done saves the option; a repeated return
 * (a reload, a double message) finds it done and answers the same wallet.
 */
async function finishAddition(c: Ctx, user: User, providerId: string, option: NewOption, isDefault: boolean) {
  // One transaction: a second request's claim waits for this one's commit, and then finds the option saved.
  const saved = await c.var.deps.db.transaction(async (t) => {
    const [claimed] = await t
      .update(walletAdditions)
      .set({ state: 'done' })
      .where(and(eq(walletAdditions.providerId, providerId), eq(walletAdditions.state, 'pending')))
      .returning();
    if (!claimed) return false;
    const id = await saveOption(t, user.guid, option, isDefault);
    await t.update(walletAdditions).set({ savedCardId: id }).where(eq(walletAdditions.providerId, providerId));
    return true;
  });
  if (saved) await notifyWallet(c.var.deps, user, 'wallet-option-added', mailPlace(c, user.langCode));
}

/** Asks the provider to check a card to keep; a refusal is a 400 with the provider's words. */
async function registerCard(c: Ctx, user: User, body: Parameters<typeof cardDetails>[0]) {
  const lang = brandLang(c, user.langCode);
  const registration = await c.var.deps.payments.registerCard(cardDetails(body), {
    returnUrl: `/${lang}/account/payment-options`,
    lang,
  });
  if (registration.status === 'refused') throw providerRefusal(WalletErrorCode.card, registration);
  return registration;
}

const cardDetails = (body: { Name: string; CreditCardNumber?: string; ExpiryDate: string; CVV2?: string }) => ({
  name: body.Name,
  number: cardDigits(body.CreditCardNumber ?? ''),
  cvv: body.CVV2 ?? '',
  expiryMonth: Number(body.ExpiryDate.slice(0, 2)),
  expiryYear: 2000 + Number(body.ExpiryDate.slice(2)),
});

/** The entries of the customer's wallet in its currency: a hot read, prepared once (docs/decisions/041). */
const balanceEntries = preparedOn((db) =>
  db
    .select({ kind: walletTransactions.kind, amountMinor: walletTransactions.amountMinor })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userGuid, sql.placeholder('userGuid')),
        eq(walletTransactions.currency, WALLET_CURRENCY),
      ),
    )
    .prepare('wallet_balance_entries'),
);

export function walletRoutes(router: ApiRouter): void {
  // ---------------------------------------------------------------------------------------------------------
  // Balance and statement

  router.handle(
    getWalletBalance,
    async (c) => {
      const rows = await balanceEntries(c.var.deps.db).execute({ userGuid: c.var.userGuid });
      const sign = { credit: 1, refund: 1, balanceUsed: -1, shipmentPayment: 0 } as const;
      const balanceMinor = rows.reduce((sum, r) => sum + sign[r.kind] * r.amountMinor, 0);
      c.header('Cache-Control', 'private, no-cache');
      return { balance: fromMinor(balanceMinor, WALLET_CURRENCY), currencyCode: WALLET_CURRENCY };
    },
    { hot: true },
  );

  router.handle(getWalletTransactions, async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userGuid, c.var.userGuid))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(STATEMENT_LENGTH);
    c.header('Cache-Control', 'private, no-cache');
    return rows.map((r) => ({
      id: r.id,
      date: r.createdAt.toISOString(),
      kind: r.kind,
      amount: fromMinor(r.amountMinor, r.currency),
      currencyCode: r.currency,
      reference: r.reference,
    }));
  });

  router.handle(getWalletOptions, async (c) => walletContent(c.var.deps.db, c.var.userGuid));

  // ---------------------------------------------------------------------------------------------------------
  // Cards

  /** The card-token call: the provider's frame when the card must be verified there, else nothing. */
  router.handle(getCardToken, async (c, { body }) => {
    const user = await sessionUser(c);
    if (body.peachId !== undefined) throw refuse(WalletErrorCode.card, 'Send the card, not a provider id');
    const registration = await registerCard(c, user, body);
    if (registration.status === 'registered') return { html: null };
    await c.var.deps.db.insert(walletAdditions).values({
      providerId: registration.id,
      kind: 'card',
      userGuid: user.guid,
      isDefault: body.IsDefault,
      state: 'pending',
    });
    return { html: registration.html };
  });

  /** Adds a card: the one the provider's frame verified (peachId), or the card in the body, checked by the provider. */
  router.handle(addCard, async (c, { body }) => {
    const user = await sessionUser(c);
    const { db, payments } = c.var.deps;
    if (body.peachId !== undefined) {
      const addition = await additionOf(c, user, body.peachId, 'card');
      if (addition.state === 'pending') {
        const done = await payments.completeCardRegistration(body.peachId);
        if (!done.ok) throw providerRefusal(WalletErrorCode.card, done);
        await finishAddition(c, user, body.peachId, { card: done.card }, addition.isDefault);
      }
      return walletChange(db, user.guid);
    }
    const registration = await registerCard(c, user, body);
    if (registration.status === 'verify') {
      throw providerRefusal(WalletErrorCode.card, {
        code: 'incomplete',
        message: 'This card must be verified by its bank: add it again to verify it',
      });
    }
    await saveOption(db, user.guid, { card: registration.card }, body.IsDefault);
    await notifyWallet(c.var.deps, user, 'wallet-option-added', mailPlace(c, user.langCode));
    return walletChange(db, user.guid);
  });

  // ---------------------------------------------------------------------------------------------------------
  // Third-party accounts

  router.handle(startThirdPartySession, async (c, { body }) => {
    const user = await sessionUser(c);
    const back = sitePage(c, body.returnUrl, WALLET_PAGE, 'returnUrl');
    const cancel = sitePage(c, body.cancelUrl, WALLET_PAGE, 'cancelUrl');
    const started = await c.var.deps.payments.startAccountLink({
      returnUrl: `${back.origin}${back.path}`,
      // The wallet says the customer cancelled, rather than showing itself again without a word.
      cancelUrl: `${cancel.origin}${cancel.path}?cancelled=1`,
      lang: brandLang(c, body.langCode),
    });
    await c.var.deps.db.insert(walletAdditions).values({
      providerId: started.token,
      kind: 'account',
      userGuid: user.guid,
      isDefault: body.IsDefault,
      state: 'pending',
    });
    return { redirectURL: started.redirectUrl };
  });

  /** Adds the account the provider's return names (account/payment-options?token). */
  router.handle(addThirdPartyAccount, async (c, { body }) => {
    const user = await sessionUser(c);
    const addition = await additionOf(c, user, body.token, 'account');
    if (addition.state === 'pending') {
      const done = await c.var.deps.payments.completeAccountLink(body.token);
      if (!done.ok) throw providerRefusal(WalletErrorCode.unknownAddition, done);
      await finishAddition(c, user, body.token, { account: done.account }, addition.isDefault);
    }
    return walletChange(c.var.deps.db, user.guid);
  });

  // ---------------------------------------------------------------------------------------------------------
  // Default and delete, for cards (cc) and accounts (3rdparty)

  for (const [setDefault, remove, thirdParty] of [
    [setDefaultCard, deleteCard, false],
    [setDefaultThirdParty, deleteThirdParty, true],
  ] as const) {
    router.handle(setDefault, async (c, { body: { id } }) => {
      const user = await sessionUser(c);
      await requireOption(c, user, id, thirdParty);
      await setDefaultOption(c.var.deps.db, user.guid, id);
      return walletChange(c.var.deps.db, user.guid);
    });

    router.handle(remove, async (c, { body: { id } }) => {
      const user = await sessionUser(c);
      const { db, clock } = c.var.deps;
      await requireOption(c, user, id, thirdParty);
      const { autoPayOff } = await deleteOption(db, clock, user.guid, id);
      await notifyWallet(c.var.deps, user, 'wallet-option-removed', mailPlace(c, user.langCode));
      if (autoPayOff) await notifyWallet(c.var.deps, user, 'wallet-autopay-off', mailPlace(c, user.langCode));
      return walletChange(db, user.guid);
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // AutoPay

  router.handle(getAutoPayOptions, async (c) => (await autoPayState(c, await sessionUser(c))).options);

  router.handle(setAutoPayOptions, async (c, { body }) => {
    const user = await sessionUser(c);
    const { db, clock } = c.var.deps;
    const { options: before, usable } = await autoPayState(c, user);
    const problem = autoPayProblem(
      { choice: body.value ? 'autoPay' : 'cash', agreement: body.shippingAgreement },
      { mandatory: before.isAutoPayMandatory, usableOptions: usable },
    );
    if (problem) throw (AUTOPAY_REFUSALS[problem] ?? (() => refuse(ErrorCode.validation, problem)))();
    const [saved] = await db
      .update(users)
      .set(
        body.value
          ? { paymentMethod: 1, autoPayAgreedAt: user.autoPayAgreedAt ?? clock() }
          : { paymentMethod: 0, autoPayAgreedAt: null },
      )
      .where(eq(users.guid, user.guid))
      .returning();
    if (body.notifyUser && before.value !== body.value) {
      await notifyWallet(
        c.var.deps,
        user,
        body.value ? 'wallet-autopay-on' : 'wallet-autopay-off',
        mailPlace(c, user.langCode),
      );
    }
    return (await autoPayState(c, saved ?? user)).options;
  });

  // ---------------------------------------------------------------------------------------------------------
  // Notification switches

  router.handle(getUserOptions, async (c) => userOptions(c.var.deps.db, c.var.userGuid));

  router.handle(setUserOptions, async (c, { body }) => {
    await saveUserOptions(c.var.deps.db, c.var.userGuid, body);
    return userOptions(c.var.deps.db, c.var.userGuid);
  });
}
