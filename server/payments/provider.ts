/**
 * What the payment API needs from a payment provider. The sandbox (server/payments/sandbox/) implements it in
 * the same process under /sandbox; a real provider's adapter implements the same interface and is chosen in
 * server/main.ts. Card numbers and security codes pass through `tokenizeCard` and nowhere else: what comes back
 * (a token, first six and last four digits, expiry, name) is all the product keeps.
 *
 * Every charging call takes the order's `reference`: the provider must treat a second call with the same
 * reference as the same payment (answer the first result, charge nothing more).
 */
import type { PaymentSystemId } from '../../src/lib/api/payments/contract.ts';
import type { GatewayCode } from '../../src/lib/payments/gateway-messages.ts';
import type { Lang } from '../../src/i18n/languages.ts';

export interface CardDetails {
  name: string;
  /** Digits only. */
  number: string;
  cvv: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
}

/** A card as the provider keeps it for us. */
export interface CardToken {
  token: string;
  systemId: PaymentSystemId;
  first6: string;
  last4: string;
  /** MMYY. */
  expiryDate: string;
  name: string;
}

/**
 * Why the provider refused: one of the product's codes (src/lib/payments/gateway-messages.ts), which the customer
 * reads in their language. An adapter maps its provider's own reasons onto them, `processing_error` for the rest.
 */
export type FailureCode = GatewayCode;

/** A refusal: the code the customer is shown, and the provider's own words for logs and support. */
export interface Refusal {
  code: FailureCode;
  message: string;
}

export type TokenizeResult = ({ ok: true } & CardToken) | ({ ok: false } & Refusal);

/** The outcome of a charge. */
export type ChargeResult = { status: 'succeeded'; providerRef: string } | ({ status: 'failed' } & Refusal);

export interface Money {
  /** In minor units of `currency` (cents, fils: the currency's own exponent). */
  amountMinor: number;
  currency: string;
}

export interface ChargeRequest extends Money {
  /** The order id: the provider's idempotency key. */
  reference: string;
  /** A card token from tokenizeCard (or a saved card's token). */
  token: string;
  /** Security code of a saved card, checked and never kept. */
  cvv?: string | undefined;
  /** The passed 3-D Secure step of this token, when the card asked for one. */
  secure?: { id: string; response: string } | undefined;
  description: string;
}

export interface SecureChallenge {
  /** Names the challenge; the cookie SECURE_KEY_COOKIE will carry `{id}.{response}`. */
  id: string;
  /** HTML to show in place of the page (a frame of the challenge). Markup only, no script. */
  html: string;
}

export type RedirectMethod = 'paypal' | 'sadad' | 'knet';

export interface RedirectRequest extends Money {
  reference: string;
  /** Absolute URL the provider returns to on success (the provider adds its parameters). */
  returnUrl: string;
  /** Absolute URL the provider returns to on cancel. */
  cancelUrl: string;
  lang: Lang;
  /** PayPal: keep the account for later payments (a billing agreement). */
  saveAccount: boolean;
}

/** What came back from a redirect method, as its return parameters carry it. */
export type RedirectReturn =
  | { method: 'paypal'; token: string; payerId: string }
  | { method: 'sadad'; estn: string }
  | { method: 'knet'; paymentId: string };

export type RedirectResult = ChargeResult & {
  /** PayPal: the account, to save when asked (first6 empty, last4 the last four of the e-mail's user part). */
  account?: { token: string; name: string; email: string } | undefined;
};

export interface VisaCheckoutCard extends CardToken {
  verified: boolean;
  /** Masked number: only the last four digits show. */
  maskedNumber: string;
  /** The card art's file name (visa, mastercard, …). */
  imageFileName: string;
}

/**
 * Saving a card without a payment (the wallet's add card). The provider checks the card (a zero-amount
 * authorisation); a card that asks for 3-D Secure is verified in the provider's frame first.
 */
export type CardRegistration =
  | ({ status: 'refused' } & Refusal)
  /** Accepted as it is: the token to keep. */
  | { status: 'registered'; card: CardToken }
  /**
   * To verify in the provider's frame: `html` is markup only (a frame named PAYMENT_FRAME_NAME of the site's
   * guard). When the customer is done, the frame goes to `returnUrl` with `id` added to its query; the
   * registration is then finished with completeCardRegistration(id).
   */
  | { status: 'verify'; id: string; html: string };

export type RegistrationResult = { ok: true; card: CardToken } | ({ ok: false } & Refusal);

/** A third-party wallet account (PayPal billing agreement): its token to charge later, and whose it is. */
export interface SavedAccount {
  token: string;
  name: string;
  email: string;
}

export type AccountLinkResult = { ok: true; account: SavedAccount } | ({ ok: false } & Refusal);

/** A payment on the provider's own hosted page (shipment charges). */
export interface HostedPaymentRequest extends Money {
  /** The order id: the provider's idempotency key. */
  reference: string;
  /** Absolute URL or same-origin path the provider sends the browser to once paid (as given, nothing added). */
  returnUrl: string;
  /** Where the browser goes when the customer cancels (as given). */
  cancelUrl: string;
  lang: Lang;
  /** What the page says is being paid for. */
  description: string;
}

/** A hosted payment's outcome: a charge result once paid or refused for good, `open` while it may still be paid. */
export type HostedPaymentResult = ChargeResult | { status: 'open' };

export interface PaymentProvider {
  /** Checks a card and returns the provider's token for it. */
  tokenizeCard(card: CardDetails): Promise<TokenizeResult>;
  /** A 3-D Secure challenge for the token, or null when the card needs none. */
  startSecure(token: string, payment: Money & { reference: string }): Promise<SecureChallenge | null>;
  /** True when the challenge `id` was passed and `response` is the key it set. */
  verifySecure(token: string, id: string, response: string): Promise<boolean>;
  /** Charges a card token once per reference. */
  charge(request: ChargeRequest): Promise<ChargeResult>;

  /** Starts a PayPal, Sadad or Knet payment: the provider page to send the browser to. */
  startRedirect(method: RedirectMethod, request: RedirectRequest): Promise<{ token: string; redirectUrl: string }>;
  /** Completes (captures) a redirect payment from its return parameters, once per reference. */
  completeRedirect(ret: RedirectReturn, expected: Money & { reference: string }): Promise<RedirectResult>;
  /** Charges a saved PayPal account (billing agreement) once per reference. */
  chargeAccount(request: Money & { reference: string; token: string; description: string }): Promise<ChargeResult>;

  /** Visa Checkout: the API key, button image and lightbox page for the checkout. */
  visaCheckoutConfig(): { apiKey: string; buttonImageUrl: string; lightboxUrl: string };
  /** Visa Checkout: decrypts the lightbox's payment data into a card; null when it can't be read. */
  decryptVisaCheckout(encryptKey: string, paymentData: string): Promise<VisaCheckoutCard | null>;

  /** Peach (ZA): a card frame for the payment; null html means pay at once with `checkoutId`. */
  startPeach(payment: Money & { reference: string; lang: Lang }): Promise<{ checkoutId: string; html: string | null }>;
  /** Peach: the outcome of the checkout the frame completed, with its card for saving. */
  completePeach(
    checkoutId: string,
    expected: Money & { reference: string },
  ): Promise<ChargeResult & { card?: CardToken }>;

  /** Wallet: checks a card to keep on file, with a 3-D Secure frame when the card asks for one. */
  registerCard(card: CardDetails, options: { returnUrl: string; lang: Lang }): Promise<CardRegistration>;
  /** Wallet: the card of a verified registration. The same id answers the same every time. */
  completeCardRegistration(id: string): Promise<RegistrationResult>;

  /** Wallet: starts saving a third-party account without a payment; the browser goes to `redirectUrl`. */
  startAccountLink(request: {
    returnUrl: string;
    cancelUrl: string;
    lang: Lang;
  }): Promise<{ token: string; redirectUrl: string }>;
  /** Wallet: the account the customer approved (the return URL carried `token`); the same token answers the same. */
  completeAccountLink(token: string): Promise<AccountLinkResult>;

  /** Starts a payment on the provider's hosted page; the browser goes to `redirectUrl`. */
  startHostedPayment(request: HostedPaymentRequest): Promise<{ token: string; redirectUrl: string }>;
  /** The outcome of a hosted payment, checked against what the order expects; once per reference. */
  completeHostedPayment(token: string, expected: Money & { reference: string }): Promise<HostedPaymentResult>;
  /** Closes a hosted payment that is not paid, so it can't be paid any more; `paid` when it already was. */
  expireHostedPayment(token: string): Promise<'expired' | 'paid' | 'unknown'>;
}
