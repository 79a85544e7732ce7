/**
 * The payment provider sandbox: a PaymentProvider that behaves as a real provider's adapter would, for
 * development and tests. Its pages (3-D Secure challenge, PayPal, Sadad and Knet approval, Visa Checkout
 * lightbox, Peach card frame) are served by sandbox-pages.ts under /sandbox.
 *
 * Card tokens and saved PayPal account tokens are stateless and signed with the sandbox secret, so they survive
 * a restart and two API processes sharing the secret accept each other's. What must live between calls
 * (3-D Secure challenges, redirect sessions, Peach checkouts, the results by reference) is kept in memory in
 * this instance; a real provider keeps it on its side. Card numbers and security codes are checked and
 * dropped: no token, record or log holds one.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_SYSTEMS, type PaymentSystemId } from '../../../src/lib/api/payments/contract.ts';
import { CARD_RULES, cardDigits, cardTypeOf, isExpiryValid, passesLuhn } from '../../../src/lib/payments/card-type.ts';
import type {
  CardDetails,
  CardToken,
  ChargeRequest,
  ChargeResult,
  FailureCode,
  Money,
  PaymentProvider,
  RedirectMethod,
  RedirectRequest,
  RedirectResult,
  RedirectReturn,
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

interface Challenge {
  id: string;
  token: string;
  amountMinor: number;
  currency: string;
  reference: string;
  last4: string;
  state: ChallengeState;
  /** The reference of the charge that used the passed challenge: one authentication pays one order. */
  usedBy?: string;
  /** Set when the challenge runs inside the Peach card frame. */
  peachCheckoutId?: string;
}

type RedirectState = 'pending' | 'approved' | 'declined' | 'cancelled';

interface RedirectSession extends Money {
  method: RedirectMethod;
  token: string;
  reference: string;
  returnUrl: string;
  cancelUrl: string;
  lang: 'en' | 'ar';
  saveAccount: boolean;
  state: RedirectState;
  payerId?: string;
  paymentId?: string;
}

interface PeachCheckout extends Money {
  id: string;
  reference: string;
  lang: 'en' | 'ar';
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
export interface ChallengeView extends Money {
  merchant: string;
  last4: string;
  state: ChallengeState;
}

export type DecideChallengeResult =
  | { status: 'unknown' }
  | { status: 'decided' }
  | { status: 'ok'; cookieValue: string | null; peachCheckoutId: string | null };

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
    if (!name) return { ok: false, message: 'Enter the name on the card.' };
    if (systemId === null) return { ok: false, message: 'The card number is not of a supported card type.' };
    if (!passesLuhn(number)) return { ok: false, message: 'The card number is not valid.' };
    if (!isExpiryValid(card.expiryMonth, card.expiryYear, this.#clock())) {
      return { ok: false, message: 'The card has expired or its expiry date is not valid.' };
    }
    if (checkCvv && !this.#cvvFits(card.cvv, systemId)) {
      return { ok: false, message: `The security code must be ${cvvLength(systemId)} digits.` };
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
    const id = this.#newChallenge(token, claims, payment);
    return {
      id,
      html: `<iframe src="/sandbox/3ds/${id}" title="3-D Secure verification" width="100%" height="460"></iframe>`,
    };
  }

  #newChallenge(token: string, claims: CardClaims, payment: Money & { reference: string }, peachId?: string): string {
    const id = `sbx3ds${randomId()}`;
    this.#challenges.set(id, {
      id,
      token,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reference: payment.reference,
      last4: claims.last4,
      state: 'pending',
      ...(peachId ? { peachCheckoutId: peachId } : {}),
    });
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
    const { amountMinor, currency, last4, state } = challenge;
    return { merchant: this.#merchant, amountMinor, currency, last4, state };
  }

  /**
   * Records the customer's answer. The cookie value is `{id}.{response}`; a Peach challenge sets none (its
   * frame goes on by itself). Repeating the same answer answers the same; changing it is refused.
   */
  decideChallenge(id: string, pass: boolean): DecideChallengeResult {
    const challenge = this.#challenges.get(id);
    if (!challenge) return { status: 'unknown' };
    const state: ChallengeState = pass ? 'passed' : 'failed';
    if (challenge.state !== 'pending' && challenge.state !== state) return { status: 'decided' };
    challenge.state = state;
    const peachId = challenge.peachCheckoutId ?? null;
    if (peachId && !pass) {
      const checkout = this.#checkouts.get(peachId);
      if (checkout && !checkout.completed) {
        delete checkout.card;
        delete checkout.secureId;
        checkout.error = SANDBOX_MESSAGES.secureFailed;
      }
    }
    return {
      status: 'ok',
      cookieValue: peachId ? null : `${id}.${pass ? this.#passResponse(id) : 'failed'}`,
      peachCheckoutId: peachId,
    };
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
      return failed('declined', SANDBOX_MESSAGES.securityCode);
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
      !sameMoney(challenge, request) ||
      (challenge.usedBy !== undefined && challenge.usedBy !== request.reference)
    ) {
      return false;
    }
    challenge.usedBy = request.reference;
    return true;
  }

  /** Keeps the first result of the reference and, when money moved, the charge. */
  #settle(payment: Money & { reference: string }, token: string, result: RedirectResult & { card?: CardToken }) {
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
  // PayPal, Sadad, Knet

  async startRedirect(
    method: RedirectMethod,
    request: RedirectRequest,
  ): Promise<{ token: string; redirectUrl: string }> {
    if (!isReturnTarget(request.returnUrl) || !isReturnTarget(request.cancelUrl)) {
      throw new Error('Return and cancel URLs must be same-origin paths or absolute http(s) URLs');
    }
    if (!isMoney(request)) throw new Error('The amount must be a positive whole number of minor units');
    const token = `sbx${method}${randomId()}`;
    this.#sessions.set(token, {
      method,
      token,
      amountMinor: request.amountMinor,
      currency: request.currency,
      reference: request.reference,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
      lang: request.lang,
      saveAccount: request.saveAccount,
      state: 'pending',
    });
    return { token, redirectUrl: `/sandbox/${method}/${token}` };
  }

  /** A redirect session of `method` for its page; null when unknown or expired. */
  redirectSession(method: RedirectMethod, token: string): (Money & { state: RedirectState }) | null {
    const session = this.#sessions.get(token);
    if (!session || session.method !== method) return null;
    return { amountMinor: session.amountMinor, currency: session.currency, state: session.state };
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
      return { status: 'ok', location: withParams(session.returnUrl, { token, PayerID: session.payerId }) };
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
    if (!session) return failed('processing_error', SANDBOX_MESSAGES.unknownSession);
    if (session.reference !== expected.reference) return failed('processing_error', SANDBOX_MESSAGES.otherOrder);
    if (!sameMoney(session, expected)) return failed('processing_error', SANDBOX_MESSAGES.amountMismatch);
    if (session.state === 'pending') return failed('cancelled', SANDBOX_MESSAGES.notApproved);
    if (ret.method === 'paypal' && session.state === 'approved' && ret.payerId !== session.payerId) {
      return failed('processing_error', SANDBOX_MESSAGES.payerMismatch);
    }
    let result: RedirectResult;
    if (session.state === 'cancelled') result = failed('cancelled', SANDBOX_MESSAGES.notApproved);
    else if (session.state === 'declined') result = failed('declined', SANDBOX_MESSAGES.declined);
    else {
      result = { status: 'succeeded', providerRef: `sbx_${session.method}_${randomId(12)}` };
      if (session.method === 'paypal') {
        const wire = [session.payerId!, SANDBOX_BUYER.email];
        result.account = { token: this.#sign('sbx_pp', wire), ...SANDBOX_BUYER };
      }
    }
    this.#settle(session, session.token, result);
    return result;
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
    payment: Money & { reference: string; lang: 'en' | 'ar' },
  ): Promise<{ checkoutId: string; html: string | null }> {
    if (!isMoney(payment)) throw new Error('The amount must be a positive whole number of minor units');
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
      html: `<iframe src="/sandbox/peach/frame/${id}" title="Card payment" width="100%" height="480"></iframe>`,
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
    return {
      status: 'form',
      error: checkout.error ?? null,
      payment: { amountMinor: checkout.amountMinor, currency: checkout.currency },
    };
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
    checkout.secureId = this.#newChallenge(token.token, claims, checkout, id);
    return { status: 'secure', challengeId: checkout.secureId };
  }

  async completePeach(
    checkoutId: string,
    expected: Money & { reference: string },
  ): Promise<ChargeResult & { card?: CardToken }> {
    const previous = this.#results.get(expected.reference);
    if (previous) return previous;
    const checkout = this.#checkouts.get(checkoutId);
    const card = checkout?.card;
    if (!checkout || !card) return failed('processing_error', SANDBOX_MESSAGES.peachUnfinished);
    if (checkout.reference !== expected.reference) return failed('processing_error', SANDBOX_MESSAGES.otherOrder);
    if (!sameMoney(checkout, expected)) return failed('processing_error', SANDBOX_MESSAGES.amountMismatch);
    let secure: ChargeRequest['secure'];
    if (checkout.secureId) {
      // The frame runs the challenge itself; while it is open the checkout is not finished.
      if (this.#challenges.get(checkout.secureId)?.state === 'pending') {
        return failed('processing_error', SANDBOX_MESSAGES.peachUnfinished);
      }
      secure = { id: checkout.secureId, response: this.#passResponse(checkout.secureId) };
    }
    const charged = this.#chargeCard({ ...expected, token: card.token, secure });
    const result = charged.status === 'succeeded' ? { ...charged, card } : charged;
    checkout.completed = true;
    this.#settle(expected, card.token, result);
    return result;
  }
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
