/**
 * The payment provider sandbox: a PaymentProvider that behaves as a real provider's adapter would, for
 * development and tests. Its pages (3-D Secure challenge, PayPal, Sadad and Knet approval, PayPal account link,
 * Visa Checkout lightbox, Peach card frame, hosted checkout) are served by sandbox-pages.ts under /sandbox.
 *
 * Card tokens and saved PayPal account tokens are stateless and signed with the sandbox secret, so they survive
 * a restart and two API processes sharing the secret accept each other's. What must live between calls
 * (3-D Secure challenges, redirect and account-link sessions, Peach checkouts, hosted payments, the results by
 * reference) is kept in memory in this instance; a real provider keeps it on its side. Card numbers and security
 * codes are checked and dropped: no token, record, page or log holds one.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_SYSTEMS, type PaymentSystemId } from '../../../src/lib/api/payments/contract.ts';
import { PAYMENT_FRAME_NAME } from '../../../src/lib/guard/guard.ts';
import type { Lang } from '../../../src/i18n/languages.ts';
import { CARD_RULES, cardDigits, cardTypeOf, isExpiryValid, passesLuhn } from '../../../src/lib/payments/card-type.ts';
import type {
  AccountLinkResult,
  CardDetails,
  CardRegistration,
  CardToken,
  ChargeRequest,
  ChargeResult,
  FailureCode,
  HostedPaymentRequest,
  HostedPaymentResult,
  Money,
  PaymentProvider,
  RedirectMethod,
  RedirectRequest,
  RedirectResult,
  RedirectReturn,
  RegistrationResult,
  SavedAccount,
  SecureChallenge,
  TokenizeResult,
  VisaCheckoutCard,
} from '../provider.ts';
import { TEST_CARDS, outcomeOf, type CardOutcome } from './test-cards.ts';

/** Used when PAYMENT_SANDBOX_SECRET is not set: a sandbox moves no money, and a shared default lets processes agree. */
const DEFAULT_SECRET = 'payment-sandbox-secret-not-for-real-money';
export const VISA_CHECKOUT_API_KEY = 'sandbox-visa-checkout';
export const VISA_BUTTON_PATH = '/sandbox/visa-checkout/button.svg';
export const VISA_LIGHTBOX_PATH = '/sandbox/visa-checkout/lightbox';
/** The cardholder of the Visa Checkout wallet and the PayPal-style buyer. */
export const SANDBOX_BUYER = { name: 'Sandbox Buyer', email: 'buyer@sandbox.example' } as const;
/** The legacy tokens seeded before the sandbox existed: a succeeding Visa 411111…1111. */
const LEGACY_TOKEN_PREFIX = 'sandbox_tok_';

const CHALLENGE_TTL_MS = 15 * 60_000;
const SESSION_TTL_MS = 60 * 60_000;

export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  secureFailed: '3-D Secure verification failed.',
  expired: 'Your card has expired.',
  securityCode: "Your card's security code is incorrect.",
  badToken: 'The card token is not valid.',
  badAccount: 'The account token is not valid.',
  badAmount: 'The amount is not valid.',
  notApproved: 'The payment was not approved.',
  unknownSession: 'The payment session is not known or has expired.',
  otherOrder: 'The payment belongs to another order.',
  amountMismatch: 'The amount does not match the payment.',
  payerMismatch: 'The payer does not match the payment.',
  peachUnfinished: 'The card payment is not complete.',
  verificationPending: 'The card verification is not complete.',
  paymentClosed: 'The payment was closed before it was paid.',
} as const;

// ---------------------------------------------------------------------------
// Signing and small helpers

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');
const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const failed = (code: FailureCode, message: string): ChargeResult => ({ status: 'failed', code, message });
const isMoney = (m: Money) => Number.isSafeInteger(m.amountMinor) && m.amountMinor > 0 && /^[A-Z]{3}$/.test(m.currency);
const sameMoney = (a: Money, b: Money) => a.amountMinor === b.amountMinor && a.currency === b.currency;
/** Copies, so that what a session keeps or a page is shown carries nothing more. */
const moneyOf = (m: Money): Money => ({ amountMinor: m.amountMinor, currency: m.currency });
const paymentOf = (p: Payment): Payment => ({ ...moneyOf(p), reference: p.reference });

function assertMoney(money: Money): void {
  if (!isMoney(money)) throw new Error('The amount must be a positive whole number of minor units');
}

/** What a card token says about its card: never the number, never the security code. */
interface CardClaims {
  outcome: CardOutcome;
  first6: string;
  last4: string;
  systemId: PaymentSystemId;
  /** MMYY; empty for the legacy tokens, which carry no expiry. */
  exp: string;
  /** Makes every tokenization's token its own. */
  n: string;
}

const OUTCOMES: readonly string[] = ['success', 'secure', 'declined', 'insufficient_funds'];
const SYSTEM_IDS: readonly number[] = Object.values(PAYMENT_SYSTEMS);

/** Claims travel as a JSON array, so a token stays well inside the 200 characters the pay calls allow. */
const cardWire = (c: CardClaims) => [c.outcome, c.first6, c.last4, c.systemId, c.exp, c.n];

function cardClaimsOf(value: unknown): CardClaims | null {
  if (!Array.isArray(value) || value.length !== 6) return null;
  const [outcome, first6, last4, systemId, exp, n] = value as unknown[];
  const valid =
    typeof outcome === 'string' &&
    OUTCOMES.includes(outcome) &&
    typeof first6 === 'string' &&
    /^\d{6}$/.test(first6) &&
    typeof last4 === 'string' &&
    /^\d{4}$/.test(last4) &&
    typeof systemId === 'number' &&
    SYSTEM_IDS.includes(systemId) &&
    typeof exp === 'string' &&
    /^(\d{4})?$/.test(exp) &&
    typeof n === 'string';
  return valid
    ? { outcome: outcome as CardOutcome, first6, last4, systemId: systemId as PaymentSystemId, exp, n }
    : null;
}

/** A saved PayPal account's token carries [payerId, email]. */
const isAccountWire = (value: unknown) =>
  Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string');

/** Entries that are forgotten `ttlMs` after they were made; pruned as new ones come. */
class ExpiringMap<T> {
  readonly #entries = new Map<string, { value: T; at: number }>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs: number, now: () => number) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    return entry && this.#now() - entry.at <= this.#ttlMs ? entry.value : undefined;
  }

  set(key: string, value: T): void {
    const now = this.#now();
    for (const [k, entry] of this.#entries) if (now - entry.at > this.#ttlMs) this.#entries.delete(k);
    this.#entries.set(key, { value, at: now });
  }
}

// ---------------------------------------------------------------------------
// State kept between calls

type ChallengeState = 'pending' | 'passed' | 'failed';

type Payment = Money & { reference: string };

/** Who asked for a challenge: it decides where the browser goes once the customer has answered. */
type ChallengeOwner =
  /** startSecure: the shop's page polls the cookie the challenge page sets. */
  | { kind: 'shop' }
  /** The Peach card frame, which goes on by itself. */
  | { kind: 'peach'; checkoutId: string }
  /** The hosted checkout, which pays once the challenge is passed. */
  | { kind: 'hosted'; token: string }
  /** A wallet registration: the frame goes back to the shop with the challenge id; the card is then kept. */
  | { kind: 'registration'; returnUrl: string; card: CardToken };

interface Challenge {
  id: string;
  token: string;
  /** The payment to authenticate; null for a registration, which moves no money. */
  payment: Payment | null;
  last4: string;
  state: ChallengeState;
  /** The reference of the charge that used the passed challenge: one authentication pays one order. */
  usedBy?: string;
  owner: ChallengeOwner;
}

type RedirectState = 'pending' | 'approved' | 'declined' | 'cancelled';

interface RedirectSession {
  method: RedirectMethod;
  token: string;
  /** The payment to approve; null for a PayPal account link, which only saves the account. */
  payment: Payment | null;
  returnUrl: string;
  cancelUrl: string;
  lang: Lang;
  saveAccount: boolean;
  state: RedirectState;
  payerId?: string;
  paymentId?: string;
}

type HostedState = 'open' | 'paid' | 'expired';

interface HostedSession extends Payment {
  token: string;
  returnUrl: string;
  cancelUrl: string;
  lang: Lang;
  description: string;
  /** When it was opened: an open session closes by itself SESSION_TTL_MS later. */
  openedAt: number;
  state: HostedState;
  /** The challenge of the last card given, when it asked for one: only that challenge may pay. */
  secureId?: string;
  /** Why the last card was refused, shown on the form. */
  error?: string;
}

interface PeachCheckout extends Money {
  id: string;
  reference: string;
  lang: Lang;
  card?: CardToken;
  secureId?: string;
  /** Why the last card was refused, shown in the frame. */
  error?: string;
  completed: boolean;
}

export interface ChargeRecord {
  reference: string;
  amountMinor: number;
  currency: string;
  token: string;
}

/** What the challenge page shows. */
export interface ChallengeView {
  merchant: string;
  /** The amount to confirm; null when the card is only verified (nothing is charged). */
  payment: Money | null;
  last4: string;
  state: ChallengeState;
}

/** The answer was recorded: a challenge of the shop's page sets the cookie; the others go on to `location`. */
export type DecideChallengeResult =
  | { status: 'unknown' }
  | { status: 'decided' }
  | { status: 'ok'; cookieValue: string }
  | { status: 'redirect'; location: string };

/** What a redirect method's page shows: `payment` is null for a PayPal account link. */
export interface RedirectView {
  payment: Money | null;
  state: RedirectState;
}

export type RedirectDecision = 'approve' | 'decline' | 'cancel';
export type DecideRedirectResult =
  { status: 'unknown' } | { status: 'decided' } | { status: 'invalid' } | { status: 'ok'; location: string };

export interface WalletCard {
  id: 'visa' | 'mastercard';
  system: string;
  last4: string;
  name: string;
  expiryMonth: number;
  expiryYear: number;
}

export type PeachSubmitResult =
  | { status: 'unknown' }
  | { status: 'completed' }
  | { status: 'done' }
  | { status: 'refused'; message: string }
  | { status: 'secure'; challengeId: string };

export type PeachView =
  | { status: 'completed' }
  | { status: 'done' }
  | { status: 'form'; error: string | null; payment: Money }
  | { status: 'secure'; challengeId: string };

/** What the hosted checkout page says it is for. */
export interface HostedFacts extends Money {
  merchant: string;
  description: string;
}

export type HostedView =
  | { status: 'expired' }
  | { status: 'paid'; facts: HostedFacts; returnUrl: string }
  | { status: 'open'; facts: HostedFacts; error: string | null };

/** Where a step of the hosted checkout leads: a refusal is shown on the form, and `go` is a 303. */
export type HostedStep =
  | { status: 'unknown' }
  | { status: 'expired' }
  | { status: 'refused'; message: string }
  | { status: 'go'; location: string };

const WALLET_NUMBERS: Record<WalletCard['id'], string> = {
  visa: TEST_CARDS.find((c) => c.number.startsWith('4242'))!.number,
  mastercard: TEST_CARDS.find((c) => c.systemId === PAYMENT_SYSTEMS.masterCard)!.number,
};

/** A relative path on this origin, or an absolute http(s) URL: the only return targets a session keeps. */
function isReturnTarget(url: string): boolean {
  // Browsers drop tabs and newlines from URLs: "/\t/evil.example" would leave this origin.
  if (/[\s\p{Cc}]/u.test(url)) return false;
  if (/^\/(?![/\\])/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

function assertReturnTargets(...urls: string[]): void {
  if (!urls.every(isReturnTarget)) {
    throw new Error('Return and cancel URLs must be same-origin paths or absolute http(s) URLs');
  }
}

/** The pages' paths, which the provider hands out as frames and redirects. */
export const challengePath = (id: string) => `/sandbox/3ds/${id}`;
export const peachFramePath = (checkoutId: string) => `/sandbox/peach/frame/${checkoutId}`;
export const hostedPath = (token: string) => `/sandbox/checkout/${token}`;
/** Where the challenge page sends a hosted checkout's customer after the answer: it pays, or shows the failure. */
const hostedSecurePath = (token: string, challengeId: string) => `${hostedPath(token)}/secure/${challengeId}`;

const challengeFrame = (id: string, title: string, name?: string) =>
  `<iframe${name ? ` name="${name}"` : ''} src="${challengePath(id)}" title="${title}" width="100%" height="460"></iframe>`;

/** `url` with `params` added to its query, keeping a relative URL relative. */
export function withParams(url: string, params: Record<string, string>): string {
  const relative = url.startsWith('/');
  const parsed = new URL(url, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return relative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
}

// ---------------------------------------------------------------------------

export interface SandboxOptions {
  clock?: () => Date;
  secret?: string;
  /** The merchant the 3-D Secure page names. */
  merchant?: string;
}

export class SandboxProvider implements PaymentProvider {
  readonly #clock: () => Date;
  readonly #secret: string;
  readonly #merchant: string;
  readonly #challenges: ExpiringMap<Challenge>;
  readonly #sessions: ExpiringMap<RedirectSession>;
  /** Knet PaymentID → session token. */
  readonly #knetPayments: ExpiringMap<string>;
  readonly #checkouts: ExpiringMap<PeachCheckout>;
  /**
   * Hosted payments by token. Never forgotten, like the results by reference: a paid or closed payment must
   * answer the same however late the shop asks.
   */
  readonly #hosted = new Map<string, HostedSession>();
  /** The first result of every reference: the provider's idempotency. */
  readonly #results = new Map<string, RedirectResult & { card?: CardToken }>();
  readonly #records: ChargeRecord[] = [];

  constructor(options: SandboxOptions = {}) {
    this.#clock = options.clock ?? (() => new Date());
    this.#secret = options.secret ?? process.env.PAYMENT_SANDBOX_SECRET ?? DEFAULT_SECRET;
    this.#merchant = options.merchant ?? 'Sandbox shop';
    const now = () => this.#clock().getTime();
    this.#challenges = new ExpiringMap(CHALLENGE_TTL_MS, now);
    this.#sessions = new ExpiringMap(SESSION_TTL_MS, now);
    this.#knetPayments = new ExpiringMap(SESSION_TTL_MS, now);
    this.#checkouts = new ExpiringMap(SESSION_TTL_MS, now);
  }

  /** The sandbox's time (its pages list expiry years from it). */
  now(): Date {
    return this.#clock();
  }

  /** The charges that moved money, one per reference, oldest first. */
  chargeRecords(): readonly ChargeRecord[] {
    return [...this.#records];
  }

  // -------------------------------------------------------------------------
  // Signing

  #mac(data: string): string {
    return createHmac('sha256', this.#secret).update(data).digest('base64url');
  }

  #sign(kind: string, claims: object): string {
    const payload = b64url(JSON.stringify(claims));
    return `${kind}.${payload}.${this.#mac(`${kind}.${payload}`)}`;
  }

  #verify(kind: string, token: string): unknown {
    const [prefix, payload, mac, ...rest] = token.split('.');
    if (prefix !== kind || !payload || !mac || rest.length) return null;
    if (!sameText(mac, this.#mac(`${kind}.${payload}`))) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    } catch {
      return null;
    }
  }

  #claimsOf(token: string): CardClaims | null {
    if (token.startsWith(LEGACY_TOKEN_PREFIX)) {
      return { outcome: 'success', first6: '411111', last4: '1111', systemId: PAYMENT_SYSTEMS.visa, exp: '', n: '' };
    }
    return cardClaimsOf(this.#verify('sbx_card', token));
  }

  /** The key the 3-D Secure page hands over for a passed challenge. */
  #passResponse(id: string): string {
    return createHmac('sha256', this.#secret).update(`${id}:pass`).digest('hex');
  }

  // -------------------------------------------------------------------------
  // Cards

  async tokenizeCard(card: CardDetails): Promise<TokenizeResult> {
    return this.#tokenize(card, true);
  }

  /** Checks the card and signs its token; the security code is checked only when the caller has one. */
  #tokenize(card: CardDetails, checkCvv: boolean): TokenizeResult {
    const name = card.name.trim();
    const number = cardDigits(card.number);
    const systemId = cardTypeOf(number);
    if (!name) return { ok: false, code: 'invalid_card', message: 'Enter the name on the card.' };
    if (systemId === null) {
      return { ok: false, code: 'unsupported_card', message: 'The card number is not of a supported card type.' };
    }
    if (!passesLuhn(number)) return { ok: false, code: 'invalid_card', message: 'The card number is not valid.' };
    if (!isExpiryValid(card.expiryMonth, card.expiryYear, this.#clock())) {
      return { ok: false, code: 'expired_card', message: 'The card has expired or its expiry date is not valid.' };
    }
    if (checkCvv && !this.#cvvFits(card.cvv, systemId)) {
      return { ok: false, code: 'incorrect_cvc', message: `The security code must be ${cvvLength(systemId)} digits.` };
    }
    const exp = `${String(card.expiryMonth).padStart(2, '0')}${String(card.expiryYear % 100).padStart(2, '0')}`;
    const claims: CardClaims = {
      outcome: outcomeOf(number),
      first6: number.slice(0, 6),
      last4: number.slice(-4),
      systemId,
      exp,
      n: randomId(6),
    };
    return {
      ok: true,
      token: this.#sign('sbx_card', cardWire(claims)),
      systemId,
      first6: claims.first6,
      last4: claims.last4,
      expiryDate: exp,
      name,
    };
  }

  #cvvFits(cvv: string, systemId: PaymentSystemId): boolean {
    return new RegExp(`^\\d{${cvvLength(systemId)}}$`).test(cvv);
  }

  /** True when an MMYY expiry is past. */
  #expired(exp: string): boolean {
    if (!exp) return false;
    return !isExpiryValid(Number(exp.slice(0, 2)), 2000 + Number(exp.slice(2)), this.#clock());
  }

  async startSecure(token: string, payment: Money & { reference: string }): Promise<SecureChallenge | null> {
    const claims = this.#claimsOf(token);
    if (claims?.outcome !== 'secure') return null;
    const id = this.#newChallenge(token, claims, paymentOf(payment), { kind: 'shop' });
    return { id, html: challengeFrame(id, '3-D Secure verification') };
  }

  #newChallenge(token: string, claims: CardClaims, payment: Payment | null, owner: ChallengeOwner): string {
    const id = `sbx3ds${randomId()}`;
    this.#challenges.set(id, { id, token, payment, last4: claims.last4, state: 'pending', owner });
    return id;
  }

  async verifySecure(token: string, id: string, response: string): Promise<boolean> {
    const challenge = this.#challenges.get(id);
    return (
      challenge !== undefined &&
      challenge.state === 'passed' &&
      challenge.token === token &&
      sameText(response, this.#passResponse(id))
    );
  }

  /** The challenge page's content; null for an unknown or expired id. */
  challenge(id: string): ChallengeView | null {
    const challenge = this.#challenges.get(id);
    if (!challenge) return null;
    const { payment, last4, state } = challenge;
    return { merchant: this.#merchant, payment: payment && moneyOf(payment), last4, state };
  }

  /**
   * Records the customer's answer. A challenge of the shop's page sets the cookie `{id}.{response}`; the others
   * send the browser on (the Peach frame, the hosted checkout, a registration's return URL with `id`) and hand
   * out no response. Repeating the same answer answers the same; changing it is refused.
   */
  decideChallenge(id: string, pass: boolean): DecideChallengeResult {
    const challenge = this.#challenges.get(id);
    if (!challenge) return { status: 'unknown' };
    const state: ChallengeState = pass ? 'passed' : 'failed';
    if (challenge.state !== 'pending' && challenge.state !== state) return { status: 'decided' };
    challenge.state = state;
    const { owner } = challenge;
    switch (owner.kind) {
      case 'shop':
        return { status: 'ok', cookieValue: `${id}.${pass ? this.#passResponse(id) : 'failed'}` };
      case 'peach':
        if (!pass) this.#dropPeachCard(owner.checkoutId);
        return { status: 'redirect', location: peachFramePath(owner.checkoutId) };
      case 'hosted':
        return { status: 'redirect', location: hostedSecurePath(owner.token, id) };
      case 'registration':
        return { status: 'redirect', location: withParams(owner.returnUrl, { id }) };
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.#results.get(request.reference);
    if (previous) return previous;
    const result = this.#chargeCard(request);
    this.#settle(request, request.token, result);
    return result;
  }

  /** The outcome of charging a card token; synchronous, so two calls with one reference can't interleave. */
  #chargeCard(request: Omit<ChargeRequest, 'description'>): ChargeResult {
    if (!isMoney(request)) return failed('processing_error', SANDBOX_MESSAGES.badAmount);
    const claims = this.#claimsOf(request.token);
    if (!claims) return failed('processing_error', SANDBOX_MESSAGES.badToken);
    if (this.#expired(claims.exp)) return failed('expired_card', SANDBOX_MESSAGES.expired);
    if (request.cvv !== undefined && !this.#cvvFits(request.cvv, claims.systemId)) {
      return failed('incorrect_cvc', SANDBOX_MESSAGES.securityCode);
    }
    if (claims.outcome === 'secure' && !this.#useChallenge(request)) {
      return failed('authentication_failed', SANDBOX_MESSAGES.secureFailed);
    }
    if (claims.outcome === 'declined') return failed('declined', SANDBOX_MESSAGES.declined);
    if (claims.outcome === 'insufficient_funds') {
      return failed('insufficient_funds', SANDBOX_MESSAGES.insufficientFunds);
    }
    return { status: 'succeeded', providerRef: `sbx_ch_${randomId(12)}` };
  }

  /** A passed challenge of this token, for this amount, not yet spent on another order. */
  #useChallenge(request: Omit<ChargeRequest, 'description'>): boolean {
    const secure = request.secure;
    if (!secure) return false;
    const challenge = this.#challenges.get(secure.id);
    if (
      !challenge ||
      challenge.state !== 'passed' ||
      challenge.token !== request.token ||
      !sameText(secure.response, this.#passResponse(secure.id)) ||
      !challenge.payment ||
      !sameMoney(challenge.payment, request) ||
      (challenge.usedBy !== undefined && challenge.usedBy !== request.reference)
    ) {
      return false;
    }
    challenge.usedBy = request.reference;
    return true;
  }

  /** Keeps the first result of the reference and, when money moved, the charge. */
  #settle(payment: Payment, token: string, result: RedirectResult & { card?: CardToken }) {
    this.#results.set(payment.reference, result);
    if (result.status === 'succeeded') {
      this.#records.push({
        reference: payment.reference,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        token,
      });
    }
  }

  // -------------------------------------------------------------------------
  // Wallet: card registration

  async registerCard(card: CardDetails, options: { returnUrl: string; lang: Lang }): Promise<CardRegistration> {
    // Checked whatever the card, so that a wrong return URL shows at once and not with the challenge card only.
    assertReturnTargets(options.returnUrl);
    const tokenized = this.#tokenize(card, true);
    if (!tokenized.ok) return { status: 'refused', code: tokenized.code, message: tokenized.message };
    const registered = cardTokenOf(tokenized);
    const claims = this.#claimsOf(registered.token)!;
    // A zero-amount authorisation: the issuer declines a declined card, but asks nothing of its funds.
    if (claims.outcome === 'declined') {
      return { status: 'refused', code: 'declined', message: SANDBOX_MESSAGES.declined };
    }
    if (claims.outcome !== 'secure') return { status: 'registered', card: registered };
    const owner: ChallengeOwner = { kind: 'registration', returnUrl: options.returnUrl, card: registered };
    const id = this.#newChallenge(registered.token, claims, null, owner);
    return { status: 'verify', id, html: challengeFrame(id, 'Card verification', PAYMENT_FRAME_NAME) };
  }

  async completeCardRegistration(id: string): Promise<RegistrationResult> {
    const challenge = this.#challenges.get(id);
    if (challenge?.owner.kind !== 'registration') {
      return { ok: false, code: 'processing_error', message: SANDBOX_MESSAGES.unknownSession };
    }
    if (challenge.state === 'pending') {
      return { ok: false, code: 'incomplete', message: SANDBOX_MESSAGES.verificationPending };
    }
    if (challenge.state === 'failed') {
      return { ok: false, code: 'authentication_failed', message: SANDBOX_MESSAGES.secureFailed };
    }
    return { ok: true, card: challenge.owner.card };
  }

  // -------------------------------------------------------------------------
  // PayPal, Sadad, Knet, and the PayPal account link

  async startRedirect(
    method: RedirectMethod,
    request: RedirectRequest,
  ): Promise<{ token: string; redirectUrl: string }> {
    assertReturnTargets(request.returnUrl, request.cancelUrl);
    assertMoney(request);
    return this.#openRedirect(method, request, paymentOf(request), request.saveAccount);
  }

  async startAccountLink(request: {
    returnUrl: string;
    cancelUrl: string;
    lang: Lang;
  }): Promise<{ token: string; redirectUrl: string }> {
    assertReturnTargets(request.returnUrl, request.cancelUrl);
    return this.#openRedirect('paypal', request, null, true);
  }

  #openRedirect(
    method: RedirectMethod,
    request: { returnUrl: string; cancelUrl: string; lang: Lang },
    payment: Payment | null,
    saveAccount: boolean,
  ): { token: string; redirectUrl: string } {
    const token = `sbx${method}${randomId()}`;
    const { returnUrl, cancelUrl, lang } = request;
    this.#sessions.set(token, { method, token, payment, returnUrl, cancelUrl, lang, saveAccount, state: 'pending' });
    return { token, redirectUrl: `/sandbox/${method}/${token}` };
  }

  /** A redirect session of `method` for its page; null when unknown or expired. */
  redirectSession(method: RedirectMethod, token: string): RedirectView | null {
    const session = this.#sessions.get(token);
    if (!session || session.method !== method) return null;
    return { payment: session.payment && moneyOf(session.payment), state: session.state };
  }

  /** Records the customer's choice on the provider page and says where the browser goes next. */
  decideRedirect(method: RedirectMethod, token: string, decision: RedirectDecision): DecideRedirectResult {
    const session = this.#sessions.get(token);
    if (!session || session.method !== method) return { status: 'unknown' };
    if (decision === 'decline' && method !== 'knet') return { status: 'invalid' };
    const state: RedirectState =
      decision === 'approve' ? 'approved' : decision === 'decline' ? 'declined' : 'cancelled';
    if (session.state !== 'pending' && session.state !== state) return { status: 'decided' };
    session.state = state;
    if (state === 'cancelled') return { status: 'ok', location: session.cancelUrl };
    if (method === 'paypal') {
      session.payerId ??= randomBytes(10).toString('base64url').replace(/[-_]/g, 'X').slice(0, 13).toUpperCase();
      // An account link returns with its token only, as a billing agreement's approval does.
      const params: Record<string, string> = session.payment ? { token, PayerID: session.payerId } : { token };
      return { status: 'ok', location: withParams(session.returnUrl, params) };
    }
    if (method === 'sadad') return { status: 'ok', location: withParams(session.returnUrl, { estn: token }) };
    if (!session.paymentId) {
      session.paymentId = String(100_000_000_000 + randomBytes(5).readUIntBE(0, 5));
      this.#knetPayments.set(session.paymentId, token);
    }
    return { status: 'ok', location: withParams(session.returnUrl, { PaymentID: session.paymentId }) };
  }

  #sessionOf(ret: RedirectReturn): RedirectSession | undefined {
    const token =
      ret.method === 'paypal' ? ret.token : ret.method === 'sadad' ? ret.estn : this.#knetPayments.get(ret.paymentId);
    const session = token ? this.#sessions.get(token) : undefined;
    return session?.method === ret.method ? session : undefined;
  }

  async completeRedirect(ret: RedirectReturn, expected: Money & { reference: string }): Promise<RedirectResult> {
    const previous = this.#results.get(expected.reference);
    if (previous) return previous;
    const session = this.#sessionOf(ret);
    const payment = session?.payment;
    if (!session || !payment) return failed('processing_error', SANDBOX_MESSAGES.unknownSession);
    if (payment.reference !== expected.reference) return failed('processing_error', SANDBOX_MESSAGES.otherOrder);
    if (!sameMoney(payment, expected)) return failed('processing_error', SANDBOX_MESSAGES.amountMismatch);
    if (session.state === 'pending') return failed('cancelled', SANDBOX_MESSAGES.notApproved);
    if (ret.method === 'paypal' && session.state === 'approved' && ret.payerId !== session.payerId) {
      return failed('processing_error', SANDBOX_MESSAGES.payerMismatch);
    }
    let result: RedirectResult;
    if (session.state === 'cancelled') result = failed('cancelled', SANDBOX_MESSAGES.notApproved);
    else if (session.state === 'declined') result = failed('declined', SANDBOX_MESSAGES.declined);
    else {
      result = { status: 'succeeded', providerRef: `sbx_${session.method}_${randomId(12)}` };
      if (session.method === 'paypal') result.account = this.#paypalAccount(session.payerId!);
    }
    this.#settle(payment, session.token, result);
    return result;
  }

  async completeAccountLink(token: string): Promise<AccountLinkResult> {
    const session = this.#sessions.get(token);
    if (session?.method !== 'paypal' || session.payment) {
      return { ok: false, code: 'processing_error', message: SANDBOX_MESSAGES.unknownSession };
    }
    if (session.state !== 'approved') return { ok: false, code: 'cancelled', message: SANDBOX_MESSAGES.notApproved };
    return { ok: true, account: this.#paypalAccount(session.payerId!) };
  }

  /** The saved account of a PayPal payer, which chargeAccount takes: signing is deterministic, so always the same. */
  #paypalAccount(payerId: string): SavedAccount {
    return { token: this.#sign('sbx_pp', [payerId, SANDBOX_BUYER.email]), ...SANDBOX_BUYER };
  }

  async chargeAccount(
    request: Money & { reference: string; token: string; description: string },
  ): Promise<ChargeResult> {
    const previous = this.#results.get(request.reference);
    if (previous) return previous;
    let result: ChargeResult;
    if (!isMoney(request)) result = failed('processing_error', SANDBOX_MESSAGES.badAmount);
    else if (!isAccountWire(this.#verify('sbx_pp', request.token))) {
      result = failed('processing_error', SANDBOX_MESSAGES.badAccount);
    } else result = { status: 'succeeded', providerRef: `sbx_pp_${randomId(12)}` };
    this.#settle(request, request.token, result);
    return result;
  }

  // -------------------------------------------------------------------------
  // Visa Checkout

  visaCheckoutConfig(): { apiKey: string; buttonImageUrl: string; lightboxUrl: string } {
    return { apiKey: VISA_CHECKOUT_API_KEY, buttonImageUrl: VISA_BUTTON_PATH, lightboxUrl: VISA_LIGHTBOX_PATH };
  }

  /** The lightbox's wallet: two cards that expire at the end of the year three years from now. */
  walletCards(): readonly WalletCard[] {
    const expiryYear = this.#clock().getUTCFullYear() + 3;
    return [
      {
        id: 'visa',
        system: 'Visa',
        last4: WALLET_NUMBERS.visa.slice(-4),
        name: SANDBOX_BUYER.name,
        expiryMonth: 12,
        expiryYear,
      },
      {
        id: 'mastercard',
        system: 'Mastercard',
        last4: WALLET_NUMBERS.mastercard.slice(-4),
        name: SANDBOX_BUYER.name,
        expiryMonth: 12,
        expiryYear,
      },
    ];
  }

  #walletKey(encKey: string): Buffer {
    return createHmac('sha256', this.#secret).update(encKey).digest();
  }

  /** What the lightbox hands to the page: the chosen card encrypted (AES-256-GCM) under a key of this call. */
  visaCheckoutPayment(cardId: string): { callid: string; encKey: string; encPaymentData: string } | null {
    const card = this.walletCards().find((c) => c.id === cardId);
    if (!card) return null;
    const encKey = b64url(randomBytes(32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#walletKey(encKey), iv);
    const plain = JSON.stringify({
      number: WALLET_NUMBERS[card.id],
      name: card.name,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    });
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return {
      callid: randomId(),
      encKey,
      encPaymentData: b64url(Buffer.concat([iv, sealed, cipher.getAuthTag()])),
    };
  }

  async decryptVisaCheckout(encryptKey: string, paymentData: string): Promise<VisaCheckoutCard | null> {
    const data = Buffer.from(paymentData, 'base64url');
    if (!encryptKey || data.length < 12 + 16 + 1) return null;
    let card: unknown;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#walletKey(encryptKey), data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const plain = Buffer.concat([decipher.update(data.subarray(12, data.length - 16)), decipher.final()]);
      card = JSON.parse(plain.toString('utf8')) as unknown;
    } catch {
      return null;
    }
    if (typeof card !== 'object' || card === null) return null;
    const { number, name, expiryMonth, expiryYear } = card as Record<string, unknown>;
    if (typeof number !== 'string' || typeof name !== 'string') return null;
    if (typeof expiryMonth !== 'number' || typeof expiryYear !== 'number') return null;
    // The page asks for the security code apart and the payment call checks it against the token.
    const tokenized = this.#tokenize({ name, number, cvv: '', expiryMonth, expiryYear }, false);
    if (!tokenized.ok) return null;
    const token = cardTokenOf(tokenized);
    return {
      ...token,
      verified: true,
      maskedNumber: `${'*'.repeat(number.length - 4)}${token.last4}`,
      imageFileName: token.systemId === PAYMENT_SYSTEMS.masterCard ? 'mastercard' : 'visa',
    };
  }

  // -------------------------------------------------------------------------
  // Peach

  async startPeach(
    payment: Money & { reference: string; lang: Lang },
  ): Promise<{ checkoutId: string; html: string | null }> {
    assertMoney(payment);
    const id = randomId().toUpperCase();
    this.#checkouts.set(id, {
      id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reference: payment.reference,
      lang: payment.lang,
      completed: false,
    });
    return {
      checkoutId: id,
      html: `<iframe src="${peachFramePath(id)}" title="Card payment" width="100%" height="480"></iframe>`,
    };
  }

  /** What the Peach frame shows now. */
  peachView(id: string): PeachView | null {
    const checkout = this.#checkouts.get(id);
    if (!checkout) return null;
    if (checkout.completed) return { status: 'completed' };
    if (checkout.card && checkout.secureId) {
      const challenge = this.#challenges.get(checkout.secureId);
      if (challenge?.state === 'pending') return { status: 'secure', challengeId: checkout.secureId };
      if (challenge?.state === 'passed') return { status: 'done' };
    } else if (checkout.card) return { status: 'done' };
    return { status: 'form', error: checkout.error ?? null, payment: moneyOf(checkout) };
  }

  /** The card the customer typed in the Peach frame: tokenized at once, the number and code dropped. */
  submitPeachCard(id: string, card: CardDetails): PeachSubmitResult {
    const checkout = this.#checkouts.get(id);
    if (!checkout) return { status: 'unknown' };
    if (checkout.completed) return { status: 'completed' };
    const tokenized = this.#tokenize(card, true);
    if (!tokenized.ok) return { status: 'refused', message: tokenized.message };
    const token = cardTokenOf(tokenized);
    checkout.card = token;
    delete checkout.secureId;
    delete checkout.error;
    const claims = this.#claimsOf(token.token)!;
    if (claims.outcome !== 'secure') return { status: 'done' };
    checkout.secureId = this.#newChallenge(token.token, claims, paymentOf(checkout), { kind: 'peach', checkoutId: id });
    return { status: 'secure', challengeId: checkout.secureId };
  }

  /** A failed challenge: the frame asks for a card again, saying why. */
  #dropPeachCard(checkoutId: string): void {
    const checkout = this.#checkouts.get(checkoutId);
    if (!checkout || checkout.completed) return;
    delete checkout.card;
    delete checkout.secureId;
    checkout.error = SANDBOX_MESSAGES.secureFailed;
  }

  async completePeach(
    checkoutId: string,
    expected: Money & { reference: string },
  ): Promise<ChargeResult & { card?: CardToken }> {
    const previous = this.#results.get(expected.reference);
    if (previous) return previous;
    const checkout = this.#checkouts.get(checkoutId);
    const card = checkout?.card;
    if (!checkout || !card) return failed('incomplete', SANDBOX_MESSAGES.peachUnfinished);
    if (checkout.reference !== expected.reference) return failed('processing_error', SANDBOX_MESSAGES.otherOrder);
    if (!sameMoney(checkout, expected)) return failed('processing_error', SANDBOX_MESSAGES.amountMismatch);
    let secure: ChargeRequest['secure'];
    if (checkout.secureId) {
      // The frame runs the challenge itself; while it is open the checkout is not finished.
      if (this.#challenges.get(checkout.secureId)?.state === 'pending') {
        return failed('incomplete', SANDBOX_MESSAGES.peachUnfinished);
      }
      secure = { id: checkout.secureId, response: this.#passResponse(checkout.secureId) };
    }
    const charged = this.#chargeCard({ ...expected, token: card.token, secure });
    const result = charged.status === 'succeeded' ? { ...charged, card } : charged;
    checkout.completed = true;
    this.#settle(expected, card.token, result);
    return result;
  }

  // -------------------------------------------------------------------------
  // Hosted checkout (shipment charges)

  async startHostedPayment(request: HostedPaymentRequest): Promise<{ token: string; redirectUrl: string }> {
    assertReturnTargets(request.returnUrl, request.cancelUrl);
    assertMoney(request);
    const token = `sbxcheckout${randomId()}`;
    this.#hosted.set(token, {
      ...paymentOf(request),
      token,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
      lang: request.lang,
      description: request.description,
      openedAt: this.#clock().getTime(),
      state: 'open',
    });
    return { token, redirectUrl: hostedPath(token) };
  }

  /** The hosted payment of `token`, closed first when it stayed open too long. */
  #hostedSession(token: string): HostedSession | undefined {
    const session = this.#hosted.get(token);
    if (session?.state === 'open' && this.#clock().getTime() - session.openedAt > SESSION_TTL_MS) {
      session.state = 'expired';
    }
    return session;
  }

  /** What the hosted checkout page shows; null for an unknown token. */
  hostedView(token: string): HostedView | null {
    const session = this.#hostedSession(token);
    if (!session) return null;
    if (session.state === 'expired') return { status: 'expired' };
    const facts = { ...moneyOf(session), merchant: this.#merchant, description: session.description };
    return session.state === 'paid'
      ? { status: 'paid', facts, returnUrl: session.returnUrl }
      : { status: 'open', facts, error: session.error ?? null };
  }

  /** The card typed on the hosted page: tokenized, then charged at once or sent to its challenge first. */
  payHosted(token: string, card: CardDetails): HostedStep {
    const session = this.#hostedSession(token);
    if (session?.state !== 'open') return closedStep(session);
    delete session.secureId;
    const tokenized = this.#tokenize(card, true);
    if (!tokenized.ok) return refuseHosted(session, tokenized.message);
    const claims = this.#claimsOf(tokenized.token)!;
    if (claims.outcome !== 'secure') return this.#chargeHosted(session, tokenized.token);
    delete session.error;
    session.secureId = this.#newChallenge(tokenized.token, claims, paymentOf(session), { kind: 'hosted', token });
    return { status: 'go', location: challengePath(session.secureId) };
  }

  /**
   * Where the challenge page sends the customer after the answer: a passed challenge of the last card given pays;
   * a failed one is a refusal. Any other challenge pays nothing and shows the form (or the return URL once paid).
   */
  finishHostedSecure(token: string, challengeId: string): HostedStep {
    const session = this.#hostedSession(token);
    if (session?.state !== 'open') return closedStep(session);
    const challenge = session.secureId === challengeId ? this.#challenges.get(challengeId) : undefined;
    if (!challenge) return { status: 'go', location: hostedPath(token) };
    if (challenge.state === 'pending') return { status: 'go', location: challengePath(challengeId) };
    delete session.secureId;
    if (challenge.state === 'failed') return refuseHosted(session, SANDBOX_MESSAGES.secureFailed);
    return this.#chargeHosted(session, challenge.token, { id: challengeId, response: this.#passResponse(challengeId) });
  }

  /** The customer goes back to the shop's cancel URL; the payment stays open, so they may come back and pay. */
  cancelHosted(token: string): HostedStep {
    const session = this.#hostedSession(token);
    if (session?.state !== 'open') return closedStep(session);
    return { status: 'go', location: session.cancelUrl };
  }

  /**
   * Charges through the same logic as charge(). Only a success is settled under the reference: after a refusal
   * the customer may try another card, and a reference already paid is never charged again.
   */
  #chargeHosted(session: HostedSession, token: string, secure?: ChargeRequest['secure']): HostedStep {
    const previous = this.#results.get(session.reference);
    const result =
      previous?.status === 'succeeded' ? previous : this.#chargeCard({ ...paymentOf(session), token, secure });
    if (result.status === 'failed') return refuseHosted(session, result.message);
    session.state = 'paid';
    delete session.error;
    if (result !== previous) this.#settle(session, token, result);
    return { status: 'go', location: session.returnUrl };
  }

  async completeHostedPayment(token: string, expected: Money & { reference: string }): Promise<HostedPaymentResult> {
    const session = this.#hostedSession(token);
    if (!session) return failed('processing_error', SANDBOX_MESSAGES.unknownSession);
    if (session.reference !== expected.reference) return failed('processing_error', SANDBOX_MESSAGES.otherOrder);
    if (!sameMoney(session, expected)) return failed('processing_error', SANDBOX_MESSAGES.amountMismatch);
    if (session.state === 'paid') return this.#results.get(session.reference)!;
    if (session.state === 'expired') return failed('cancelled', SANDBOX_MESSAGES.paymentClosed);
    return { status: 'open' };
  }

  async expireHostedPayment(token: string): Promise<'expired' | 'paid' | 'unknown'> {
    const session = this.#hostedSession(token);
    if (!session) return 'unknown';
    if (session.state === 'paid') return 'paid';
    session.state = 'expired';
    delete session.secureId;
    return 'expired';
  }
}

/** A hosted payment that can't be paid any more: once paid, the browser goes on to its return URL. */
function closedStep(session: HostedSession | undefined): HostedStep {
  if (!session) return { status: 'unknown' };
  return session.state === 'paid' ? { status: 'go', location: session.returnUrl } : { status: 'expired' };
}

function refuseHosted(session: HostedSession, message: string): HostedStep {
  session.error = message;
  return { status: 'refused', message };
}

const cardTokenOf = (t: CardToken): CardToken => ({
  token: t.token,
  systemId: t.systemId,
  first6: t.first6,
  last4: t.last4,
  expiryDate: t.expiryDate,
  name: t.name,
});

function cvvLength(systemId: PaymentSystemId): number {
  return CARD_RULES.find((rule) => rule.id === systemId)?.cvvLength ?? 3;
}
