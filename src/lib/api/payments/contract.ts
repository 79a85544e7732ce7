/**
 * Contract of the membership payment calls (spec 2 §3, §7 Subscription payments): payment options by country,
 * saved payment options, promo codes, the token-prepare calls of each method, the pay calls and their result.
 *
 * Amounts are decided by the server from the plan and the promo code; what the browser shows is only a copy.
 * Every call that can start or take a payment carries an Idempotency-Key header (IDEMPOTENCY_HEADER): the same
 * key replays the first answer, a key still in flight is a 409, a key reused with another body is a 422.
 */
import { z } from '../../zod.ts';
import { planIdSchema } from '../../reference/schemas.ts';

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

/** GET api/v1/countries/{code}/PaymentOptions?currencyCode: the systems offered in the country. */
export const paymentOptionSchema = z.object({
  id: paymentSystemIdSchema,
  /** The provider charges in USD, converted from the plan's currency. */
  convertToUSD: z.boolean(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;
export const paymentOptionsResponseSchema = z.array(paymentOptionSchema);

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
  langCode: z.enum(['en', 'ar']),
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
  message: z.nullable(z.string()),
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
  /** Existing card: its security code, checked by the provider and never kept. */
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
  gatewayReturnMessage: z.nullable(z.string()),
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

export const resolvePaymentUrlQuerySchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  planID: z.pipe(z.coerce.number(), planIdSchema),
  lang: z.enum(['en', 'ar']),
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
