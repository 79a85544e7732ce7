/**
 * Contract of the membership payment calls (spec 2 §3, §7 Subscription payments): payment options by country
 * (for a payment in a currency, and a country's payment methods as reference data), saved payment options, promo
 * codes, the token-prepare calls of each method, the pay calls and their result, Visa Checkout and the membership.
 *
 * Amounts are decided by the server from the plan and the promo code; what the browser shows is only a copy.
 * Every call that can start or take a payment carries an Idempotency-Key header (IDEMPOTENCY_HEADER): the same
 * key replays the first answer, a key still in flight is a 409, a key reused with another body is a 422.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { planIdSchema } from '../../reference/schemas.ts';
import { ErrorCode } from '../errors.ts';
import { endpoint } from '../endpoint.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Payment systems (spec 2 §3), ids 1 to 9. */
export const PAYMENT_SYSTEMS = {
  visa: 1,
  masterCard: 2,
  amex: 3,
  diners: 4,
  payPal: 5,
  discover: 6,
  sadad: 7,
  knet: 8,
  visaCheckout: 9,
} as const;
export const paymentSystemIdSchema = z.literal([1, 2, 3, 4, 5, 6, 7, 8, 9]);
export type PaymentSystemId = z.infer<typeof paymentSystemIdSchema>;
/** The card systems among them. */
export const CARD_SYSTEMS: readonly PaymentSystemId[] = [1, 2, 3, 4, 6];

/** Payment method codes (spec 2 §3). */
export const PAYMENT_CODES = {
  newCard: 'CC01',
  secureCard: 'CC02',
  existingCard: 'CC03',
  payPal: 'PP01',
  visaCheckout: 'VC01',
  sadad: 'SD01',
  knet: 'KN01',
} as const;
export const paymentCodeSchema = z.enum(['CC01', 'CC02', 'CC03', 'PP01', 'VC01', 'SD01', 'KN01']);
export type PaymentCode = z.infer<typeof paymentCodeSchema>;

/** Card token status (spec 1 §4.11, spec 2 §4): error, success, free with no payment, 3-D Secure popup. */
export const CARD_TOKEN_STATUS = { error: -1, success: 1, free: 2, secure: 3 } as const;
/** Third-party token status (spec 2 §4): redirect to the provider, or a free discount was used. */
export const THIRD_PARTY_TOKEN_STATUS = { redirect: 1, free: 2 } as const;
/** Payment result status: 1 is success; anything else shows the gateway message. */
export const PAYMENT_RESULT_OK = 1;

/** Name of the cookie the 3-D Secure step sets; its value is `{secureId}.{response}`. Polled every 100 ms. */
export const SECURE_KEY_COOKIE = 'sb_secure_key';
/** The Peach card route is offered only in this country (spec 2 §9). */
export const PEACH_COUNTRY = 'ZA';

// ---------------------------------------------------------------------------
// Payment options and saved payment options

/** GET api/v1/countries/{code}/PaymentOptions?currencyCode: the systems offered for a payment in that currency. */
export const paymentOptionSchema = z.object({
  id: paymentSystemIdSchema,
  /** The provider charges in USD, converted from the plan's currency. */
  convertToUSD: z.boolean(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;
export const paymentOptionsResponseSchema = z.array(paymentOptionSchema);
export const paymentOptionsQuerySchema = z.object({
  /** The currency of the payment (the plan's). */
  currencyCode: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
});

/**
 * GET api/shareddata/countries/{code}/paymentoptions: how customers of a country can pay, whatever the amount or
 * currency (reference data, the same for everyone): the payment systems, the card route, and AutoPay's rules.
 */
export const countryPaymentMethodsSchema = z.object({
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** The payment systems offered there (spec 2 §3 ids), in the order the checkout lists them. */
  systems: z.array(paymentSystemIdSchema),
  /** How a new card is paid: the card form ('card' token call), or the Peach card frame (ZA only, spec 2 §9). */
  cardRoute: z.enum(['card', 'peach']),
  /** AutoPay of shipment charges there (spec 1 §3 AutoPay options). */
  autoPay: z.object({
    /** The AutoPay choice is shown (always where it is mandatory). */
    visible: z.boolean(),
    /** Deliveries are paid with AutoPay only: Cash is refused. */
    mandatory: z.boolean(),
    /** Customers must keep a saved payment option (where AutoPay is mandatory). */
    paymentOptionSavingMandatory: z.boolean(),
    /** The discount AutoPay gives, in percent; null for none. */
    discountPercent: z.nullable(z.int().check(z.positive())),
  }),
});
export type CountryPaymentMethods = z.infer<typeof countryPaymentMethodsSchema>;
export const countryCodeParamsSchema = z.object({ code: z.string().check(z.regex(/^[A-Za-z]{2}$/)) });

/** A saved card or third-party wallet account (type '5'): display data and an id, never the number. */
export const savedCardSchema = z.object({
  id: z.int(),
  /** Payment system id as a string; '5' is the third-party wallet. */
  type: z.string(),
  first6Digits: z.string(),
  last4Digits: z.string(),
  /** Month then two-digit year: MMYY. */
  expiryDate: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET api/account/{guid}/wallet/content: saved cards and third-party wallet accounts. */
export const walletContentSchema = z.object({
  cards: z.array(savedCardSchema),
  thirdParty: z.array(savedCardSchema),
});
export type WalletContent = z.infer<typeof walletContentSchema>;

// ---------------------------------------------------------------------------
// Promo codes (POST api/v1/account/subscription/applypromo)

export const additionalDurationTypeSchema = z.enum(['Year', 'Month', 'Day']);
export type AdditionalDurationType = z.infer<typeof additionalDurationTypeSchema>;

export const promoRequestSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  /** First six digits of the new card number or of the chosen saved card; empty otherwise. */
  cardBIN: z._default(z.string().check(z.regex(/^(\d{6})?$/)), ''),
  /** Spelled so in the payload (spec 2 §3). */
  contryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  /** Empty for a new card, otherwise the payment system id. */
  paymentType: z._default(z.string().check(z.regex(/^[1-9]?$/)), ''),
  planId: planIdSchema,
  isEncrypted: z._default(z.boolean(), false),
});
export type PromoRequest = z.input<typeof promoRequestSchema>;

export const promoResponseSchema = z.object({
  amount: z.number(),
  amountAfterDiscount: z.number(),
  discount: z.number(),
  promoCode: z.string(),
  subscriptionAdditionalDuration: z.int().check(z.nonnegative()),
  subscriptionAdditionalDurationType: z.nullable(additionalDurationTypeSchema),
});
export type PromoResponse = z.infer<typeof promoResponseSchema>;

/** Codes of a refused promo code (400); the message says why in English for logs. */
export const PromoErrorCode = {
  unknown: 'PROMO_UNKNOWN',
  expired: 'PROMO_EXPIRED',
  plan: 'PROMO_PLAN',
  card: 'PROMO_CARD',
  paymentType: 'PROMO_PAYMENT_TYPE',
  country: 'PROMO_COUNTRY',
} as const;

// ---------------------------------------------------------------------------
// Token-prepare calls: POST api/payment/{guid}/{card|paypal|sadad|knet|peach}/gettoken

export const tokenPrepareSchema = z.object({
  promoCode: z._default(z.string().check(z.trim(), z.maxLength(40)), ''),
  /** Card name, number, security number, expiry month, expiry year (card route only). */
  optionalKey1: z._default(z.string().check(z.maxLength(100)), ''),
  optionalKey2: z._default(z.string().check(z.maxLength(30)), ''),
  optionalKey3: z._default(z.string().check(z.maxLength(4)), ''),
  optionalKey4: z._default(z.string().check(z.maxLength(2)), ''),
  optionalKey5: z._default(z.string().check(z.maxLength(4)), ''),
  /** The page to come back to (the current payment page, without its query). Same origin only. */
  url: z.string().check(z.maxLength(500)),
  langCode: z.enum(LANGUAGES),
  planId: planIdSchema,
  isMembershipUpgrade: z.boolean(),
  setSingleBillingAgreement: z._default(z.boolean(), false),
  /** Save the card or account for later (wallet). */
  saveCard: z._default(z.boolean(), false),
  HTMLCode: z._default(z.string().check(z.maxLength(100)), ''),
});
export type TokenPrepareRequest = z.input<typeof tokenPrepareSchema>;

export const tokenResponseSchema = z.object({
  /** Card: CARD_TOKEN_STATUS; third party, Sadad, Knet, Peach: 1 redirect or frame, 2 free, -1 error. */
  status: z.int(),
  /** The provider's token of the card (card route) or of the redirect (PayPal, Sadad, Knet, Peach). */
  token: z.nullable(z.string()),
  /** 3-D Secure (status 3) or the Peach card frame: HTML to show in place of the page. */
  html: z.nullable(z.string()),
  /** Where to send the browser (status 1 of the redirect routes). */
  redirectUrl: z.nullable(z.string()),
  /** 3-D Secure: the id the secure key cookie will name. */
  secureId: z.nullable(z.string()),
  /** The plan's price after the promo code, as the server computes it. */
  amountAfterDiscount: z.number(),
  currencyCode: z.string(),
  /** Why the provider refused the card (status -1), in its words; customers read `gatewayReturnCode`'s message. */
  message: z.nullable(z.string()),
  /** Why the provider refused the card (src/lib/payments/gateway-messages.ts); null otherwise. */
  gatewayReturnCode: z.nullable(z.string()),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// ---------------------------------------------------------------------------
// Pay calls: POST api/v1/account/subscription/payUsing…, POST api/payment/{guid}/subscription/pay

export const paymentPayloadSchema = z.object({
  planId: planIdSchema,
  promoCode: z._default(z.string().check(z.trim(), z.maxLength(40)), ''),
  allowAutoRenewal: z._default(z.boolean(), false),
  applyProtectionService: z._default(z.boolean(), false),
  autoPay: z._default(z.boolean(), false),
  /** The new card's token (payUsingNewCard), the saved card's id (existing card), the Peach checkout id. */
  id: z._default(z.string().check(z.maxLength(200)), ''),
  /** Existing card: its security code, when the customer gave one; checked by the provider and never kept. */
  cardData: z.optional(z.object({ cvv2: z.string().check(z.regex(/^\d{3,4}$/)) })),
  saveCard: z._default(z.boolean(), false),
  /** 3-D Secure (CC02): the secure id and the response read from the cookie. */
  digitSecureId: z._default(z.string().check(z.maxLength(200)), ''),
  digitSecureResponse: z._default(z.string().check(z.maxLength(200)), ''),
  thirdPartyData: z.optional(
    z.object({
      payerId: z.string().check(z.maxLength(100)),
      token: z.string().check(z.maxLength(200)),
      typeId: z.literal(5),
    }),
  ),
  visaCheckoutData: z.optional(
    z.object({
      cvv2: z.string().check(z.regex(/^\d{3,4}$/)),
      encryptKey: z.string().check(z.maxLength(2000)),
      paymentData: z.string().check(z.maxLength(20_000)),
    }),
  ),
  /** Sadad return (estn) and Knet return (PaymentID), on the generic pay call. */
  paymentMethodCode: z.optional(paymentCodeSchema),
  estn: z._default(z.string().check(z.maxLength(200)), ''),
  paymentId: z._default(z.string().check(z.maxLength(200)), ''),
  /** The payment of a signup (opens the mailboxes) rather than an upgrade. */
  isSignup: z._default(z.boolean(), false),
});
export type PaymentPayload = z.input<typeof paymentPayloadSchema>;

export const paymentResultSchema = z.object({
  statusId: z.int(),
  /** The provider's words (for support); customers read `gatewayReturnCode`'s message in their language. */
  gatewayReturnMessage: z.nullable(z.string()),
  /** Why the payment failed (src/lib/payments/gateway-messages.ts); null on success. */
  gatewayReturnCode: z.nullable(z.string()),
  amount: z.number(),
  currencyCode: z.string(),
  orderNumber: z.nullable(z.string()),
  /** The plan's new end (YYYY-MM-DD). */
  planExpiryDate: z.nullable(z.string()),
  planId: planIdSchema,
  paymentMethodCode: paymentCodeSchema,
  discount: z.number(),
  /** Extra time the promo code gave. */
  additionalDuration: z.int().check(z.nonnegative()),
  additionalDurationType: z.nullable(additionalDurationTypeSchema),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Codes of refused payment calls (besides VALIDATION). */
export const PaymentErrorCode = {
  /** The Idempotency-Key header is missing or malformed. */
  idempotencyKey: 'IDEMPOTENCY_KEY',
  /** The key is still being processed (409). */
  inFlight: 'IDEMPOTENCY_IN_FLIGHT',
  /** The key was used with another request body (422). */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The plan is not offered to the customer, or not as an upgrade of the current plan. */
  plan: 'PAYMENT_PLAN',
  /** The card number, expiry or security code is not acceptable. */
  card: 'PAYMENT_CARD',
  /** The method is not offered in the customer's country. */
  method: 'PAYMENT_METHOD',
  /** The provider token, saved card or return parameters name nothing of this customer. */
  unknownToken: 'PAYMENT_TOKEN',
  /** The plan mandates auto-renewal and it was off. */
  autoRenew: 'PAYMENT_AUTO_RENEW',
} as const;

// ---------------------------------------------------------------------------
// Visa Checkout

/** GET api/shareddata/getvisaconfig. */
export const visaConfigSchema = z.object({
  VisaApiKey: z.string(),
  VisaImgUrl: z.string(),
  /** The page of the checkout lightbox (opened in a frame with apikey, amount and currency). */
  VisaLightboxUrl: z.string(),
});
export type VisaConfig = z.infer<typeof visaConfigSchema>;

/** POST api/payment/{guid}/decryptpaymentdata. */
export const decryptRequestSchema = z.object({
  EncryptKey: z.string().check(z.minLength(1), z.maxLength(2000)),
  PaymentData: z.string().check(z.minLength(1), z.maxLength(20_000)),
});
export const decryptResponseSchema = z.object({
  status: z.string(),
  name: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  /** Masked: only the last four digits show. */
  number: z.string(),
  baseImageFileName: z.string(),
});
export type DecryptResponse = z.infer<typeof decryptResponseSchema>;

/** POST api/payment/{guid}/vcupdatepixelinfo: tells Visa Checkout how the payment ended. */
export const pixelInfoResponseSchema = z.object({ updated: z.literal(true) });
export const pixelInfoSchema = z.object({
  Token: z.string().check(z.maxLength(200)),
  CallId: z.string().check(z.maxLength(200)),
  CurrencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  Total: z.string().check(z.maxLength(20)),
  OrderId: z.string().check(z.maxLength(100)),
  Type: z.enum(['CONFIRM', 'CANCEL']),
  ShippingHandling: z.literal('0.00'),
  SubTotal: z.string().check(z.maxLength(20)),
  Discount: z.string().check(z.maxLength(20)),
  Tax: z.literal('0.00'),
  PromoCode: z.string().check(z.maxLength(40)),
});
export type PixelInfo = z.infer<typeof pixelInfoSchema>;

/** The message the Visa Checkout lightbox posts to the page when the customer confirms. */
export const visaCheckoutMessageSchema = z.object({
  type: z.literal('visa-checkout'),
  callid: z.string(),
  encKey: z.string(),
  encPaymentData: z.string(),
});
/** The message the Peach card frame posts to the page when the card is accepted. */
export const peachMessageSchema = z.object({ type: z.literal('peach'), id: z.string().check(z.minLength(1)) });

// ---------------------------------------------------------------------------
// Membership (POST api/v1/account/{guid}/membership?autorenewal, POST api/account/ResolvePaymentUrl)

export const membershipResponseSchema = z.object({
  planId: planIdSchema,
  startDate: z.nullable(z.string()),
  expiryDate: z.nullable(z.string()),
  autoRenewal: z.boolean(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

export const autoRenewalQuerySchema = z.object({ autorenewal: z.enum(['true', 'false']) });

export const resolvePaymentUrlQuerySchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  planID: z.pipe(z.coerce.number(), planIdSchema),
  lang: z.enum(LANGUAGES),
});
/**
 * GET api/v1/account/{guid}/membership: the plan in force, and a pending plan (a non-basic plan chosen at signup
 * and not yet paid: spec 1 §4.5).
 */
export const membershipStateSchema = z.object({
  current: z.extend(membershipResponseSchema, { active: z.literal(true) }),
  pending: z.nullable(z.object({ planId: planIdSchema, active: z.literal(false) })),
});
export type MembershipState = z.infer<typeof membershipStateSchema>;

export const absoluteUriSchema = z.object({ absoluteUri: z.string() });

// ---------------------------------------------------------------------------
// The calls

const tag = 'Payments';

/** The header of every call that can start or take a payment (server/api/payments/idempotency.ts). */
const idempotencyKey = {
  [IDEMPOTENCY_HEADER]: {
    description:
      'One key per payment attempt (8 to 100 letters, digits, - or _): the same key and body replay the first ' +
      'answer; a key still in flight is a 409; a key reused with another body is a 422 IDEMPOTENCY_KEY_REUSED.',
    required: true,
  },
} as const;
const replayed = {
  'Idempotent-Replayed': {
    description: "'true' when the answer is the stored one of an earlier request with this key",
  },
} as const;
/** The headers of a call that runs once per Idempotency-Key (pay calls, and the shipments' payment link). */
export const idempotentHeaders = { requestHeaders: idempotencyKey, answerHeaders: replayed } as const;
const idempotencyDescription =
  'Runs once per Idempotency-Key: the same key and body replay the first answer, a key still in flight is a 409 ' +
  'IDEMPOTENCY_IN_FLIGHT, and a key reused with another body is a 422 IDEMPOTENCY_KEY_REUSED.';

const PROMO_CODES = Object.values(PromoErrorCode);

/** What a call priced from the plan and the promo code can be refused for. */
const pricingErrors = [PaymentErrorCode.plan, ...PROMO_CODES];
/** Too many wrong promo codes from the customer or their address (Retry-After says for how long). */
const promoLimit = [ErrorCode.tooManyAttempts];

const tokenCall = {
  tag,
  description: idempotencyDescription,
  method: 'POST',
  body: tokenPrepareSchema,
  answer: tokenResponseSchema,
  ...idempotentHeaders,
  errors: {
    400: [PaymentErrorCode.idempotencyKey, PaymentErrorCode.method, ...pricingErrors],
    409: [PaymentErrorCode.inFlight],
    422: [PaymentErrorCode.keyReused],
    429: promoLimit,
  },
} as const;

const payCall = {
  tag,
  description: idempotencyDescription,
  method: 'POST',
  body: paymentPayloadSchema,
  answer: paymentResultSchema,
  ...idempotentHeaders,
} as const;
/** A pay call that creates its order: refused for the plan, the promo code, renewal or what pays. */
const directPayErrors = {
  400: [PaymentErrorCode.idempotencyKey, PaymentErrorCode.unknownToken, PaymentErrorCode.autoRenew, ...pricingErrors],
  409: [PaymentErrorCode.inFlight],
  422: [PaymentErrorCode.keyReused],
  429: promoLimit,
} as const;
/** A pay call that completes the order a provider's return names. */
const returnPayErrors = {
  400: [PaymentErrorCode.idempotencyKey, PaymentErrorCode.unknownToken],
  409: [PaymentErrorCode.inFlight],
  422: [PaymentErrorCode.keyReused],
} as const;

// Payment options

export const getPaymentOptions = endpoint({
  tag,
  summary: 'The payment systems offered in a country for a payment in a currency',
  description: "Every option is charged in the plan's own currency, so none converts to USD.",
  method: 'GET',
  path: 'api/v1/countries/{code}/PaymentOptions',
  query: paymentOptionsQuerySchema,
  answer: paymentOptionsResponseSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const getCountryPaymentMethods = endpoint({
  tag,
  summary: 'How customers of a country can pay: its payment systems, card route and AutoPay rules',
  description:
    'Reference data, the same for every customer and amount (no session; cacheable): Sadad in Saudi Arabia, ' +
    'Knet in Kuwait, cards through the Peach card frame in South Africa (spec 2 §9), and whether AutoPay is ' +
    'shown, mandatory or discounted there. A payment in a currency asks api/v1/countries/{code}/PaymentOptions.',
  method: 'GET',
  path: 'api/shareddata/countries/{code}/paymentoptions',
  params: countryCodeParamsSchema,
  answer: countryPaymentMethodsSchema,
  answerHeaders: { 'Cache-Control': { description: 'public: the same answer for everyone' } },
  errors: { 404: [ErrorCode.notFound] },
});

export const applyPromo = endpoint({
  tag,
  summary: "A promo code's discount and extra time on a plan, for a card or payment type",
  method: 'POST',
  path: 'api/v1/account/subscription/applypromo',
  auth: true,
  body: promoRequestSchema,
  answer: promoResponseSchema,
  errors: { 400: pricingErrors, 429: promoLimit },
});

// Token-prepare calls

export const getCardPaymentToken = endpoint({
  ...tokenCall,
  summary: "Tokenizes a new card and prices the plan; a 3-D Secure page when the card's bank asks for one",
  path: 'api/payment/{guid}/card/gettoken',
});

export const getPayPalToken = endpoint({
  ...tokenCall,
  summary: "Starts a PayPal payment: the provider's page to approve it (or nothing to pay)",
  path: 'api/payment/{guid}/paypal/gettoken',
});

export const getSadadToken = endpoint({
  ...tokenCall,
  summary: "Starts a Sadad payment (Saudi Arabia): the provider's page to pay on",
  path: 'api/payment/{guid}/sadad/gettoken',
});

export const getKnetToken = endpoint({
  ...tokenCall,
  summary: "Starts a Knet payment (Kuwait): the provider's page to pay on",
  path: 'api/payment/{guid}/knet/gettoken',
});

export const getPeachToken = endpoint({
  ...tokenCall,
  summary: 'Starts a Peach card payment (South Africa): the card frame to pay in',
  path: 'api/payment/{guid}/peach/gettoken',
});

/** Any of the token-prepare calls: they share their body and answer. */
export type PaymentTokenCall =
  | typeof getCardPaymentToken
  | typeof getPayPalToken
  | typeof getSadadToken
  | typeof getKnetToken
  | typeof getPeachToken;

// Pay calls

export const payUsingNewCard = endpoint({
  ...payCall,
  summary: 'Pays for the plan with the card the card token call tokenized (after 3-D Secure: CC02)',
  path: 'api/v1/account/subscription/payUsingNewCard',
  auth: true,
  errors: directPayErrors,
});

export const payUsingExistingCard = endpoint({
  ...payCall,
  summary: 'Pays for the plan with a saved card (its security code is optional, checked when sent)',
  path: 'api/v1/account/subscription/payUsingExistingCard',
  auth: true,
  errors: directPayErrors,
});

export const payUsingNewThirdParty = endpoint({
  ...payCall,
  summary: "Completes a PayPal payment the customer approved on the provider's page (or a free one)",
  path: 'api/v1/account/subscription/payUsingNewThirdParty',
  auth: true,
  errors: directPayErrors,
});

export const payUsingExistingThirdParty = endpoint({
  ...payCall,
  summary: 'Pays for the plan with a saved PayPal account',
  path: 'api/v1/account/subscription/payUsingExistingThirdParty',
  auth: true,
  errors: directPayErrors,
});

export const payUsingVisaCheckout = endpoint({
  ...payCall,
  summary: "Pays for the plan with the card of Visa Checkout's lightbox and its security code",
  path: 'api/v1/account/subscription/payUsingVisaCheckout',
  auth: true,
  errors: { ...directPayErrors, 400: [...directPayErrors[400], PaymentErrorCode.method, PaymentErrorCode.card] },
});

export const payUsingPeach = endpoint({
  ...payCall,
  summary: 'Completes the Peach card payment the card frame accepted',
  path: 'api/v1/account/subscription/payUsingPeach',
  auth: true,
  errors: returnPayErrors,
});

/** Any of the pay calls whose path names no customer. */
export type SubscriptionPayCall =
  | typeof payUsingNewCard
  | typeof payUsingExistingCard
  | typeof payUsingNewThirdParty
  | typeof payUsingExistingThirdParty
  | typeof payUsingVisaCheckout
  | typeof payUsingPeach;

export const paySubscription = endpoint({
  ...payCall,
  summary: "Completes a Sadad (estn) or Knet (PaymentID) payment once the provider's page sent the customer back",
  description:
    `${idempotencyDescription} Without estn or PaymentID it pays an order the promo code made free (the token ` +
    "call's status 2), which needs no provider page.",
  path: 'api/payment/{guid}/subscription/pay',
  errors: { ...directPayErrors, 400: [...directPayErrors[400], PaymentErrorCode.method] },
});

// Visa Checkout

export const getVisaConfig = endpoint({
  tag,
  summary: "Visa Checkout's key, button image and lightbox page",
  method: 'GET',
  path: 'api/shareddata/getvisaconfig',
  answer: visaConfigSchema,
});

export const decryptPaymentData = endpoint({
  tag,
  summary: "Reads and verifies the card of Visa Checkout's lightbox (masked)",
  method: 'POST',
  path: 'api/payment/{guid}/decryptpaymentdata',
  body: decryptRequestSchema,
  answer: decryptResponseSchema,
});

export const updatePixelInfo = endpoint({
  tag,
  summary: 'Tells Visa Checkout how its payment ended (confirmed or cancelled)',
  method: 'POST',
  path: 'api/payment/{guid}/vcupdatepixelinfo',
  body: pixelInfoSchema,
  answer: pixelInfoResponseSchema,
});

// Membership

export const getMembership = endpoint({
  tag,
  summary: 'The plan in force, and a plan chosen at signup and not yet paid',
  method: 'GET',
  path: 'api/v1/account/{guid}/membership',
  answer: membershipStateSchema,
});

export const setAutoRenewal = endpoint({
  tag,
  summary: "Turns the plan's auto-renewal on (with a saved card) or off (unless the plan mandates it)",
  method: 'POST',
  path: 'api/v1/account/{guid}/membership',
  query: autoRenewalQuerySchema,
  answer: membershipResponseSchema,
  errors: { 409: ['CONFLICT'] },
});

export const resolveMembershipPaymentUrl = endpoint({
  tag,
  summary: 'The payment page of an upgrade to a plan',
  method: 'POST',
  path: 'api/account/ResolvePaymentUrl',
  auth: true,
  query: resolvePaymentUrlQuerySchema,
  answer: absoluteUriSchema,
  errors: { 400: [PaymentErrorCode.plan] },
});
