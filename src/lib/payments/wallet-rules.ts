/**
 * The wallet's rules (spec 1 §4.8, §5 Wallet; spec 2 §4 Wallet): which saved options can pay, AutoPay and what
 * it needs, and which confirmation deleting an option asks for. The wallet page and the API both decide with
 * these, so the page never offers what the server would refuse.
 */
import type { SavedCard, WalletContent } from '../api/payments/contract.ts';
import { THIRD_PARTY_TYPE, savedCardExpired } from './checkout-rules.ts';

/** A saved option as the wallet lists it: `expired` derived from its expiry (accounts never expire). */
export type WalletOption = SavedCard & { expired: boolean; thirdParty: boolean };

export function walletOptions(content: WalletContent, today: Date): WalletOption[] {
  return [...content.cards, ...content.thirdParty].map((option) => {
    const thirdParty = option.type === THIRD_PARTY_TYPE;
    return { ...option, thirdParty, expired: !thirdParty && savedCardExpired(option.expiryDate, today) };
  });
}

/** Options that can pay now: accounts and cards that have not expired. AutoPay needs one (spec 1 §4.8). */
export function usableOptionCount(content: WalletContent, today: Date): number {
  return walletOptions(content, today).filter((o) => !o.expired).length;
}

// ---------------------------------------------------------------------------
// AutoPay

export type DeliveryPayment = 'cash' | 'autoPay';

export interface AutoPayState {
  /** What the customer has chosen on the page. */
  choice: DeliveryPayment;
  /** The shipping agreement checkbox. */
  agreement: boolean;
}

export interface AutoPayContext {
  mandatory: boolean;
  /** Usable payment options (usableOptionCount). */
  usableOptions: number;
}

/**
 * The AutoPay choice the page starts from: AutoPay only when it is on and a payment option can pay; without
 * one, AutoPay is disabled, the agreement cleared and delivery falls back to Cash.
 */
export function initialAutoPay(
  saved: { value: boolean; shippingAgreement: boolean },
  ctx: AutoPayContext,
): AutoPayState {
  const on = saved.value && ctx.usableOptions > 0;
  return { choice: on ? 'autoPay' : 'cash', agreement: on && saved.shippingAgreement };
}

/** AutoPay can be chosen only with a usable payment option. */
export function autoPayAvailable(ctx: AutoPayContext): boolean {
  return ctx.usableOptions > 0;
}

/** Choosing an option: Cash clears the shipping agreement; AutoPay keeps what the box says. */
export function chooseDeliveryPayment(state: AutoPayState, choice: DeliveryPayment): AutoPayState {
  return { choice, agreement: choice === 'cash' ? false : state.agreement };
}

/**
 * Why the choice can't be saved (a translation key), or null: Cash is refused where AutoPay is mandatory, AutoPay
 * needs a usable payment option and the shipping agreement.
 */
export function autoPayProblem(state: AutoPayState, ctx: AutoPayContext): string | null {
  if (state.choice === 'cash') return ctx.mandatory ? 'wallet.autoPay.mandatoryRefused' : null;
  if (!autoPayAvailable(ctx)) return 'wallet.autoPay.needsOption';
  if (!state.agreement) return 'wallet.autoPay.agreementRequired';
  return null;
}

/**
 * What deleting a saved option leaves: with no usable option left, AutoPay goes back to Cash (the agreement with
 * it) and the membership stops renewing automatically, both saved by the server in the same change.
 */
export function afterDeletion(ctx: { autoPay: boolean; autoRenewal: boolean; usableLeft: number }): {
  autoPay: boolean;
  autoRenewal: boolean;
} {
  const none = ctx.usableLeft === 0;
  return { autoPay: ctx.autoPay && !none, autoRenewal: ctx.autoRenewal && !none };
}

// ---------------------------------------------------------------------------
// Delete confirmations (spec 1 §4.8: by last payment option, AutoPay, mandatory AutoPay, auto-renewal)

export type DeleteVariant = 'default' | 'last' | 'lastAutoPay' | 'lastAutoPayMandatory';

export interface DeleteConfirmation {
  variant: DeleteVariant;
  /** The membership's end, shown when deleting the last option stops its auto-renewal (YYYY-MM-DD). */
  renewalEnds: string | null;
}

export interface DeleteContext {
  content: WalletContent;
  today: Date;
  autoPay: { value: boolean; mandatory: boolean };
  membership: { autoRenewal: boolean; expiryDate: string | null };
}

/** The confirmation deleting `optionId` asks for. */
export function deleteConfirmation(optionId: number, ctx: DeleteContext): DeleteConfirmation {
  const options = walletOptions(ctx.content, ctx.today);
  const option = options.find((o) => o.id === optionId);
  const usableLeft = options.filter((o) => !o.expired && o.id !== optionId).length;
  const last = option !== undefined && !option.expired && usableLeft === 0;
  if (!last) return { variant: 'default', renewalEnds: null };
  const renewalEnds = ctx.membership.autoRenewal ? ctx.membership.expiryDate : null;
  if (ctx.autoPay.mandatory) return { variant: 'lastAutoPayMandatory', renewalEnds };
  if (ctx.autoPay.value) return { variant: 'lastAutoPay', renewalEnds };
  return { variant: 'last', renewalEnds };
}

/** The default option after `deletedId` goes: the same if it wasn't the default, else the oldest left. */
export function nextDefault(options: readonly { id: number; isDefault: boolean }[], deletedId: number): number | null {
  const left = options.filter((o) => o.id !== deletedId);
  return (left.find((o) => o.isDefault) ?? [...left].sort((a, b) => a.id - b.id)[0])?.id ?? null;
}
