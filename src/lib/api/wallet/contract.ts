/**
 * Contract of the wallet calls (spec 2 §7 Wallet, v1 AutoPayOptions): the balance
 * and its transactions, saved cards and third-party wallet accounts (added, made default, deleted) and AutoPay;
 * the wallet's notification switch is a user option (src/lib/api/user-options/contract.ts). Every call is under the customer's own guid (403 for anyone else's).
 *
 * Card numbers and security codes go to the provider's tokenizer through the add-card calls and nowhere else: the
 * answers carry only the display data (first six and last four digits, expiry, name).
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { walletContentSchema } from '../payments/contract.ts';
import { endpoint } from '../endpoint.ts';

// ---------------------------------------------------------------------------
// Balance and transactions: GET api/account/{guid}/wallet, GET …/wallet/transactions

export const walletBalanceSchema = z.object({
  /** Credit the customer holds, in major units of `currencyCode`. */
  balance: z.number(),
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** credit and refund add to the balance, balanceUsed takes from it, shipmentPayment was paid by card or account. */
export const walletTransactionKindSchema = z.enum(['credit', 'refund', 'balanceUsed', 'shipmentPayment']);
export type WalletTransactionKind = z.infer<typeof walletTransactionKindSchema>;

export const walletTransactionSchema = z.object({
  id: z.int(),
  /** ISO date and time. */
  date: z.string(),
  kind: walletTransactionKindSchema,
  /** Positive, in major units; the kind says which way it went. */
  amount: z.number().check(z.nonnegative()),
  currencyCode: z.string(),
  /** What it was for: waybill numbers, an order number. */
  reference: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;
export const walletTransactionsSchema = z.array(walletTransactionSchema);

// ---------------------------------------------------------------------------
// Saved cards: POST …/wallet/content/cc, cc/peach/gettoken, cc/setDefault, cc/delete

/** MMYY: a month 01–12 and a two-digit year (spec 1 §3 add card payload). */
export const cardExpirySchema = z.string().check(z.regex(/^(0[1-9]|1[0-2])\d{2}$/, 'MMYY'));

/**
 * The add-card payload (spec 1 §3). With `peachId` (the id the provider's frame returned with) the card was
 * verified in the frame and its number and security code are not sent again.
 */
export const addCardSchema = z
  .object({
    Name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    CreditCardNumber: z.optional(z.string().check(z.maxLength(30))),
    ExpiryDate: cardExpirySchema,
    IsDefault: z._default(z.boolean(), false),
    CVV2: z.optional(z.string().check(z.regex(/^\d{3,4}$/))),
    peachId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.refine((card) => card.peachId !== undefined || (card.CreditCardNumber && card.CVV2), {
      message: 'CreditCardNumber and CVV2, or peachId',
      path: ['CreditCardNumber'],
    }),
  );
export type AddCardRequest = z.input<typeof addCardSchema>;

/**
 * POST …/cc/peach/gettoken: the provider's frame to verify the card in, or nothing (html null: add it directly).
 */
export const cardTokenResponseSchema = z.object({ html: z.nullable(z.string()) });
export type CardTokenResponse = z.infer<typeof cardTokenResponseSchema>;

/** setDefault and delete name one saved card or account. */
export const walletOptionRequestSchema = z.object({ id: z.int().check(z.positive()) });
export type WalletOptionRequest = z.infer<typeof walletOptionRequestSchema>;

/** What a change to the saved options leaves: the options, and what they decide (AutoPay, renewal). */
export const walletChangeSchema = z.object({
  content: walletContentSchema,
  /** 0 cash, 1 AutoPay: deleting the last payment option turns AutoPay off (spec 1 §4.8). */
  paymentMethod: z.union([z.literal(0), z.literal(1)]),
  /** The membership's auto-renewal, which also needs a payment option. */
  autoRenewal: z.boolean(),
});
export type WalletChange = z.infer<typeof walletChangeSchema>;

// ---------------------------------------------------------------------------
// Third-party wallet accounts: POST …/3rdparty/generatesession, 3rdparty, 3rdparty/setDefault, 3rdparty/delete

/** The third-party systems an account can be saved with: PayPal. */
export const THIRD_PARTY_CODES = ['PP01'] as const;

export const thirdPartySessionRequestSchema = z.object({
  code: z.enum(THIRD_PARTY_CODES),
  /** The wallet page to come back to, and to go to on cancel: same origin only. */
  returnUrl: z.string().check(z.maxLength(500)),
  cancelUrl: z.string().check(z.maxLength(500)),
  langCode: z.enum(LANGUAGES),
  IsDefault: z._default(z.boolean(), false),
});
export type ThirdPartySessionRequest = z.input<typeof thirdPartySessionRequestSchema>;

export const thirdPartySessionResponseSchema = z.object({ redirectURL: z.string() });

/** POST …/3rdparty: the token the provider's return carried (account/payment-options?token). */
export const addThirdPartySchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(300)) });

// ---------------------------------------------------------------------------
// AutoPay: GET, POST api/v1/account/{guid}/AutoPayOptions

export const autoPayOptionsSchema = z.object({
  /** AutoPay is on (deliveries charged to the default payment option); off means Cash. */
  value: z.boolean(),
  isAutoPayMandatory: z.boolean(),
  isAutoPayVisible: z.boolean(),
  /** Customers must keep a payment option (where AutoPay is mandatory). */
  isPaymentOptionSavingMandatory: z.boolean(),
  /** The AutoPay discount, e.g. "5%"; null for none. */
  discountLabel: z.nullable(z.string()),
  /** The shipping agreement AutoPay needs is accepted. */
  shippingAgreement: z.boolean(),
});
export type AutoPayOptions = z.infer<typeof autoPayOptionsSchema>;

export const setAutoPaySchema = z.object({
  value: z.boolean(),
  /** E-mail the customer about the change (when their wallet notifications are on). */
  notifyUser: z._default(z.boolean(), true),
  /** Required with value true (spec 1 §5 Wallet). */
  shippingAgreement: z._default(z.boolean(), false),
});
export type SetAutoPayRequest = z.input<typeof setAutoPaySchema>;

/** Codes of refused wallet calls (besides VALIDATION). */
export const WalletErrorCode = {
  /** AutoPay needs a usable payment option. */
  noPaymentOption: 'AUTOPAY_NO_PAYMENT_OPTION',
  /** AutoPay is mandatory in the customer's country: Cash is refused. */
  autoPayMandatory: 'AUTOPAY_MANDATORY',
  /** AutoPay needs the shipping agreement. */
  agreement: 'AUTOPAY_AGREEMENT',
  /** The card was refused by the provider (its message says why). */
  card: 'WALLET_CARD',
  /** The provider id or token names no pending addition of this customer. */
  unknownAddition: 'WALLET_ADDITION',
  /** The saved option is not this customer's, or not of that kind. */
  unknownOption: 'WALLET_OPTION',
} as const;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Wallet';
const wallet = 'api/account/{customerGUID}/wallet';
const optionErrors = { 400: [WalletErrorCode.unknownOption] } as const;

export const getWalletBalance = endpoint({
  tag,
  summary: 'The wallet balance',
  description: 'Asked once per page: the site keeps the answer (spec 2 §7 Wallet).',
  method: 'GET',
  path: wallet,
  answer: walletBalanceSchema,
});

export const getWalletTransactions = endpoint({
  tag,
  summary: 'The wallet statement, newest first',
  description: 'Loaded once, when the statement is opened.',
  method: 'GET',
  path: `${wallet}/transactions`,
  answer: walletTransactionsSchema,
});

export const getWalletOptions = endpoint({
  tag,
  summary: 'The saved cards and third-party accounts',
  method: 'GET',
  path: `${wallet}/content`,
  answer: walletContentSchema,
});

export const getCardToken = endpoint({
  tag,
  summary: "The provider's frame to verify a card in, or none: add it directly",
  method: 'POST',
  path: `${wallet}/content/cc/peach/gettoken`,
  body: addCardSchema,
  answer: cardTokenResponseSchema,
  errors: { 400: [WalletErrorCode.card] },
});

export const addCard = endpoint({
  tag,
  summary: 'Saves a card: the one the frame verified (peachId), or the card sent, checked by the provider',
  method: 'POST',
  path: `${wallet}/content/cc`,
  body: addCardSchema,
  answer: walletChangeSchema,
  errors: { 400: [WalletErrorCode.card, WalletErrorCode.unknownAddition] },
});

export const setDefaultCard = endpoint({
  tag,
  summary: 'Makes a saved card the default',
  method: 'POST',
  path: `${wallet}/content/cc/setDefault`,
  body: walletOptionRequestSchema,
  answer: walletChangeSchema,
  errors: optionErrors,
});

export const deleteCard = endpoint({
  tag,
  summary: 'Deletes a saved card (the last one turns AutoPay off)',
  method: 'POST',
  path: `${wallet}/content/cc/delete`,
  body: walletOptionRequestSchema,
  answer: walletChangeSchema,
  errors: optionErrors,
});

export const startThirdPartySession = endpoint({
  tag,
  summary: "The provider's page where the customer approves a third-party account",
  method: 'POST',
  path: `${wallet}/content/3rdparty/generatesession`,
  body: thirdPartySessionRequestSchema,
  answer: thirdPartySessionResponseSchema,
});

export const addThirdPartyAccount = endpoint({
  tag,
  summary: "Saves the third-party account the provider's return names",
  method: 'POST',
  path: `${wallet}/content/3rdparty`,
  body: addThirdPartySchema,
  answer: walletChangeSchema,
  errors: { 400: [WalletErrorCode.unknownAddition] },
});

export const setDefaultThirdParty = endpoint({
  tag,
  summary: 'Makes a saved third-party account the default',
  method: 'POST',
  path: `${wallet}/content/3rdparty/setDefault`,
  body: walletOptionRequestSchema,
  answer: walletChangeSchema,
  errors: optionErrors,
});

export const deleteThirdParty = endpoint({
  tag,
  summary: 'Deletes a saved third-party account (the last option turns AutoPay off)',
  method: 'POST',
  path: `${wallet}/content/3rdparty/delete`,
  body: walletOptionRequestSchema,
  answer: walletChangeSchema,
  errors: optionErrors,
});

export const getAutoPayOptions = endpoint({
  tag,
  summary: 'AutoPay: on or off, and what the country says of it',
  method: 'GET',
  path: 'api/v1/account/{guid}/AutoPayOptions',
  answer: autoPayOptionsSchema,
});

export const setAutoPayOptions = endpoint({
  tag,
  summary: 'Turns AutoPay on (with the shipping agreement) or off (Cash)',
  method: 'POST',
  path: 'api/v1/account/{guid}/AutoPayOptions',
  body: setAutoPaySchema,
  answer: autoPayOptionsSchema,
  errors: {
    400: [WalletErrorCode.agreement],
    409: [WalletErrorCode.autoPayMandatory, WalletErrorCode.noPaymentOption],
  },
});
