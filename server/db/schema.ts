/**
 * The reference API's tables. Sessions, rate-limit counters and idempotency keys live here too,
 * so any number of API processes share them.
 */

import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { UploadType } from '../../src/lib/api/uploads/contract.ts';
import type { WeightUnitName } from '../../src/lib/weight/weight-unit.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** pending: signed up, not yet activated; deactivated: closed by the customer or staff. */
export type UserStatus = 'pending' | 'active' | 'deactivated';

export const users = pgTable(
  'users',
  {
    guid: uuid('guid').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    isDropShip: boolean('is_drop_ship').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    langCode: text('lang_code').notNull().default('en'),
    countryCode: text('country_code').notNull(),
    city: text('city'),
    entity: text('entity'),
    state: text('state'),
    streetAddressLine1: text('street_address_line1'),
    streetAddressLine2: text('street_address_line2'),
    zipCode: text('zip_code'),
    /** Digits only (spec 1 §5: spaces, plus signs and parentheses removed); one account per number. */
    mobile: text('mobile'),
    /** A second phone number, digits only. */
    tel1: text('tel1'),
    /** The three-word address of the delivery address, without the leading ///. */
    w3wAddress: text('w3w_address'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender').$type<'Male' | 'Female'>(),
    nationality: text('nationality'),
    hasMailboxes: boolean('has_mailboxes').notNull().default(false),
    confirmedAgreement: boolean('confirmed_agreement').notNull().default(false),
    liveChatEnabled: boolean('live_chat_enabled').notNull().default(true),
    idMandatory: boolean('id_mandatory').notNull().default(false),
    idUploaded: boolean('id_uploaded').notNull().default(false),
    idDetailsMandatory: boolean('id_details_mandatory').notNull().default(false),
    idType: text('id_type'),
    idTypeValue: text('id_type_value'),
    /** 0 cash, 1 AutoPay. */
    paymentMethod: integer('payment_method').notNull().default(0),
    planId: integer('plan_id').notNull().default(1),
    planStartDate: date('plan_start_date', { mode: 'string' }),
    planExpiryDate: date('plan_expiry_date', { mode: 'string' }),
    planAutoRenewal: boolean('plan_auto_renewal').notNull().default(false),
    /** The plan chosen at signup; `planId` stays basic until a paid plan is paid. */
    signupPlanId: integer('signup_plan_id'),
    /** Shipment protection on every parcel, chosen with the shipping details. */
    applyProtectionService: boolean('apply_protection_service').notNull().default(false),
    /** When the customer accepted the shipping agreement AutoPay needs; null while AutoPay is off. */
    autoPayAgreedAt: timestamp('auto_pay_agreed_at', { withTimezone: true, mode: 'date' }),
    /** How parcels reach the customer (spec 2 §9 option ids): pickup 1, delivery 2, locker 3. */
    serviceOptionId: integer('service_option_id').notNull().default(2),
    /** The office chosen for pickup (an outlet or reception) and the locker chosen, kept while another option is on. */
    pickupPlaceId: text('pickup_place_id'),
    lockerPlaceId: text('locker_place_id'),
    /** The unit every weight is shown in, and the rate calculator's first (issue 24). */
    weightUnit: text('weight_unit').$type<WeightUnitName>().notNull().default('kg'),
    createdAt: createdAt(),
  },
  (t) => [index('users_mobile_idx').on(t.mobile)],
);

/** A browser session. Only a hash of the session id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * When the customer last proved their password again in this session (POST api/users/AuthenticateUser), for
     * changes that want a recent proof; null until then.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
    /** The id the customer's sessions list names it by (never the cookie's id nor its hash). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The browser's User-Agent at login, cut to 300 characters, for the sessions list's device. */
    userAgent: text('user_agent'),
    /** The country of the address the login came from (the edge's header or the offline IP data), if known. */
    countryCode: text('country_code'),
  },
  (t) => [index('sessions_user_idx').on(t.userGuid), uniqueIndex('sessions_public_id_idx').on(t.publicId)],
);

/** Fixed-window counters for throttles (login failures per account and per address, e-mails sent…). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/** Replays of a write keyed by the client's Idempotency-Key (payments: a double submit charges once). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    userGuid: uuid('user_guid').notNull(),
    /** 0 while the first request with the key is in flight; then the answer's status. */
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    /** Hash of method, path and body: the key reused with another request is refused. */
    requestHash: text('request_hash').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.key] })],
);

/** E-mails that carry a single-use account link. */
export type LinkMailKind = 'activation' | 'reactivation' | 'reset-password';
/** E-mails about the wallet, sent when the customer's Wallet notifications are on. */
export type WalletMailKind =
  'wallet-option-added' | 'wallet-option-removed' | 'wallet-autopay-on' | 'wallet-autopay-off' | 'shipments-paid';
/** The alerts about a package (src/lib/storage/package-alerts.ts), sent unless the customer turned them off. */
export type AlertMailKind = 'package-arrived' | 'storage-3-days' | 'storage-1-day' | 'held-for-charges';
/** E-mails about the account's security (issue 25): a login from a device the account hadn't used. */
export type AccountMailKind = 'new-device';
export type OutboxKind = LinkMailKind | WalletMailKind | AlertMailKind | AccountMailKind;

/**
 * E-mails the product sends (activation, reactivation, password reset). With no SMTP server configured
 * this table is the mailbox (see /dev/outbox); with one, it is the record of what was sent.
 */
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  kind: text('kind').$type<OutboxKind>().notNull(),
  langCode: text('lang_code').notNull(),
  /** Link the e-mail carries (activation or reset). */
  link: text('link').notNull(),
  // The defaults only fill rows written before the content was stored.
  subject: text('subject').notNull().default(''),
  body: text('body').notNull().default(''),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

/** One-time tokens behind activation and reset links; only a hash is stored. */
export const accountLinks = pgTable('account_links', {
  tokenHash: text('token_hash').primaryKey(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'activation' | 'reset-password'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

// Reference data, seeded from src/content/data (the same files the site builds from).

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  isZipCodeRequired: boolean('is_zip_code_required').notNull(),
  hasAddresses: boolean('has_addresses').notNull(),
  enableWhat3Words: boolean('enable_what3words').notNull(),
  currencyCode: text('currency_code').notNull(),
  phoneCode: text('phone_code').notNull(),
  idTypes: text('id_types').array().notNull().default(['passport']),
  idAttachmentMandatory: boolean('id_attachment_mandatory').notNull().default(false),
  idDetailsMandatory: boolean('id_details_mandatory').notNull().default(false),
  /** Customers there must pay deliveries with AutoPay (and so keep a payment option). */
  autoPayMandatory: boolean('auto_pay_mandatory').notNull().default(false),
  autoPayVisible: boolean('auto_pay_visible').notNull().default(true),
  /** Discount on shipping charges paid with AutoPay, in percent; null for none. */
  autoPayDiscountPercent: integer('auto_pay_discount_percent'),
});

/** The cities the service delivers to, per country: shipping and profile addresses must name one. */
export const cities = pgTable(
  'cities',
  {
    countryCode: text('country_code').notNull(),
    cityName: text('city_name').notNull(),
    /** The city's name on Arabic pages (src/content/data/cities.json); every start writes it. */
    cityNameAr: text('city_name_ar'),
    zipCode: text('zip_code'),
    state: text('state'),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.cityName] })],
);

export const plans = pgTable(
  'plans',
  {
    countryCode: text('country_code').notNull(),
    /** Position in the country's list: the first plan matters to flex availability. */
    position: integer('position').notNull(),
    planId: integer('plan_id').notNull(),
    amount: text('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    duration: integer('duration').notNull(),
    mandateAutoRenew: boolean('mandate_auto_renew').notNull(),
    renewalAllowedInLastDays: integer('renewal_allowed_in_last_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.planId] })],
);

export const offices = pgTable(
  'offices',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    typeIds: integer('type_ids').array().notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [index('offices_country_idx').on(t.countryCode)],
);

export const currencies = pgTable('currencies', {
  currencyCode: text('currency_code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  /** Units per 1 USD, as a decimal string; null when no rate is published. */
  usdRate: text('usd_rate'),
});

export const countryRates = pgTable(
  'country_rates',
  {
    originCountryCode: text('origin_country_code').notNull(),
    destinationCountryCode: text('destination_country_code').notNull(),
    transitDays: text('transit_days').notNull(),
    rates: jsonb('rates').notNull(),
  },
  (t) => [primaryKey({ columns: [t.originCountryCode, t.destinationCountryCode] })],
);

// Customer data.

export interface AddressService {
  code: string;
  isSelected: boolean;
}

/** A customer's mailbox address in an origin country. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    entity: text('entity').notNull(),
    countryCode: text('country_code').notNull(),
    streetAddressLine1: text('street_address_line1').notNull(),
    streetAddressLine2: text('street_address_line2'),
    city: text('city').notNull(),
    state: text('state'),
    zipCode: text('zip_code'),
    telephone: text('telephone').notNull(),
    mailBoxCustomerEntity: text('mailbox_customer_entity').notNull(),
    mailBoxCustomerNumber: text('mailbox_customer_number').notNull(),
    services: jsonb('services').$type<AddressService[]>().notNull(),
  },
  (t) => [index('addresses_user_idx').on(t.userGuid)],
);

/** Customer numbers of new mailboxes (the demo personas use numbers below it). */
export const mailboxNumbers = pgSequence('mailbox_number_seq', { startWith: 400_000 });

export interface TrackingEvent {
  statusId: number;
  status: string;
  location: string;
  at: string;
}

export interface ShipmentInvoice {
  /** Decimal string in the shipment's currency. */
  cost: string;
  hasInvoice: boolean;
  submittedAt: string;
}

/** A shipment, as tracking shows it; `userGuid` is its owner when it belongs to a customer. */
export const shipments = pgTable(
  'shipments',
  {
    awb: text('awb').primaryKey(),
    hawbId: integer('hawb_id').notNull().unique(),
    foreignAwb: text('foreign_awb'),
    userGuid: uuid('user_guid').references(() => users.guid, { onDelete: 'set null' }),
    customerId: integer('customer_id').notNull().default(0),
    originCountryCode: text('origin_country_code').notNull(),
    originEntity: text('origin_entity').notNull(),
    destEntity: text('dest_entity').notNull(),
    merchant: text('merchant'),
    description: text('description').notNull(),
    weightKg: text('weight_kg').notNull(),
    currentStatus: text('current_status').notNull(),
    /** Last status id (lastPI). */
    lastPi: integer('last_pi').notNull(),
    trackingProgress: integer('tracking_progress').notNull(),
    currency: text('currency').notNull().default('USD'),
    customsDuty: text('customs_duty').notNull().default('0'),
    importVat: text('import_vat').notNull().default('0'),
    customsInvoiced: boolean('customs_invoiced').notNull().default(false),
    customsDeclaredValue: text('customs_declared_value'),
    customsDeclaredCurrency: text('customs_declared_currency'),
    /** Charges due: shipping, additional services, tax (cc) and customs. Zero when paid. */
    charges: jsonb('charges').$type<{ shipping: string; services: string; tax: string; customs: string }>(),
    chargesPaid: boolean('charges_paid').notNull().default(true),
    history: jsonb('history').$type<TrackingEvent[]>().notNull(),
    /** The owner's invoice form (spec 2 §3 shipment invoice): the commodity's cost and whether an invoice is attached. */
    invoice: jsonb('invoice').$type<ShipmentInvoice>(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('shipments_user_idx').on(t.userGuid),
    // Claims look a package up by its foreign waybill number, whatever its case.
    index('shipments_foreign_awb_idx').on(sql`upper(${t.foreignAwb})`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    guid: uuid('guid').primaryKey(),
    id: serial('id').notNull(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    /** As sent, in English; a service message is read in the reader's language from `template` and `params`. */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The service message's template (server/messages/service-messages.ts); null for a message written by hand. */
    template: text('template'),
    /** The template's parameters: codes (waybill numbers, warehouse and office codes) the reader's page names. */
    params: jsonb('params').$type<Record<string, string>>(),
    isRead: boolean('is_read').notNull().default(false),
    deleteFlag: boolean('delete_flag').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userGuid)],
);

/** What a claim says about its package and the mailbox it should reach (spec 1 §3 claim model). */
export interface ClaimData {
  Package: { ForeignAWB: string | null; AWB: string | null; OriginEntity: string; DestinationCity: string | null };
  Address: { MailboxNumber: string };
}

/** Customer requests (cases). Status 3 is Closed. */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    caseReference: text('case_reference').notNull().unique(),
    categoryId: integer('category_id').notNull(),
    subCategory: integer('sub_category'),
    status: integer('status').notNull(),
    statusDesc: text('status_desc').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    externalString: text('external_string'),
    closeCase: boolean('close_case').notNull().default(false),
    /** Claims (category 830) only. */
    claim: jsonb('claim').$type<ClaimData>(),
    createdAt: createdAt(),
  },
  (t) => [index('requests_user_idx').on(t.userGuid)],
);

/** Saved payment options: only the provider token and display data; never a card number or CVV. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    providerToken: text('provider_token').notNull(),
    /** Payment system id; '5' is the third-party wallet. */
    type: text('type').notNull(),
    first6Digits: text('first6_digits').notNull(),
    last4Digits: text('last4_digits').notNull(),
    /** MMYY. */
    expiryDate: text('expiry_date').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userGuid),
    // One default payment option per customer, whatever two requests do at once.
    uniqueIndex('saved_cards_one_default_idx')
      .on(t.userGuid)
      .where(sql`${t.isDefault}`),
  ],
);

export type WalletAdditionKind = 'card' | 'account';
export type WalletAdditionState = 'pending' | 'done' | 'failed';

/**
 * A payment option being added through the provider (a card verified in its frame, a third-party account
 * approved on its page), keyed by the provider's id: whose it is, and the option it became. Finishing it is a
 * conditional update, so a repeated return saves the option once.
 */
export const walletAdditions = pgTable(
  'wallet_additions',
  {
    providerId: text('provider_id').primaryKey(),
    kind: text('kind').$type<WalletAdditionKind>().notNull(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull(),
    state: text('state').$type<WalletAdditionState>().notNull(),
    savedCardId: integer('saved_card_id'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_additions_user_idx').on(t.userGuid)],
);

export type WalletTransactionKind = 'credit' | 'refund' | 'balanceUsed' | 'shipmentPayment';

/**
 * The wallet's statement: credits and refunds add to the balance, balance used takes from it, and payments made
 * by card or account are listed without changing it. Amounts are positive minor units of `currency`.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: serial('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    kind: text('kind').$type<WalletTransactionKind>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What it was for: waybill numbers, an order number. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_transactions_user_idx').on(t.userGuid, t.createdAt)],
);

/** The customer's notification switches (spec 1 §3 user options); a missing row is on. */
export const notificationOptions = pgTable(
  'notification_options',
  {
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: boolean('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.name] })],
);

/**
 * Files customers upload (purpose '1': the ID document; '2': an attachment of the request `requestId`). The
 * bytes live in the upload directory under `storageKey`, a server-made UUID; the client's file name is kept
 * only to show it back.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The request a purpose '2' file is attached to, and its place among the request's attachments (from 1). */
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    position: integer('position'),
    /** The shipment a purpose '3' file (an invoice) belongs to. */
    shipmentAwb: text('shipment_awb').references(() => shipments.awb, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    /** Decided from the content (server/uploads/file-type.ts), never from the name. */
    type: text('type').$type<UploadType>().notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('uploads_user_purpose_idx').on(t.userGuid, t.purpose, t.createdAt),
    uniqueIndex('uploads_request_position_idx').on(t.requestId, t.position),
    index('uploads_shipment_idx').on(t.shipmentAwb),
  ],
);

// Marketing.

/** The marketing contact of an e-mail address (spec 1 §3): how far signup got and the offers opt-in. */
export const marketingContacts = pgTable('marketing_contacts', {
  email: text('email').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  countryCode: text('country_code').notNull(),
  langCode: text('lang_code').notNull(),
  optin: boolean('optin').notNull(),
  /** 1 signup, 2 shipping, 3 payment, 4 profile. */
  formStage: integer('form_stage').notNull(),
  planId: integer('plan_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A user on or off one of the brand's mailing lists (src/brands/brands.ts); no row is off. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    listId: integer('list_id').notNull(),
    subscribed: boolean('subscribed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.listId] })],
);

// Payments.

export type OrderState = 'pending' | 'charging' | 'paid' | 'failed';

/**
 * A membership order (spec 2 §3 Subscription order). Amounts are the server's, in minor units. The state
 * machine pending → charging → paid | failed moves by conditional updates, so a replayed return URL or a
 * second process finds the order charging or finished and charges nothing more.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    isSignup: boolean('is_signup').notNull(),
    methodCode: text('method_code').notNull(),
    currency: text('currency').notNull(),
    listAmountMinor: integer('list_amount_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    promoCode: text('promo_code'),
    additionalDuration: integer('additional_duration').notNull().default(0),
    additionalDurationType: text('additional_duration_type'),
    autoRenew: boolean('auto_renew').notNull(),
    saveCard: boolean('save_card').notNull(),
    state: text('state').$type<OrderState>().notNull(),
    /** The redirect token (PayPal, Sadad, Knet) or Peach checkout id the provider answers with. */
    providerToken: text('provider_token'),
    providerRef: text('provider_ref'),
    /** The provider's words, for support and logs; customers read `gatewayCode` in their language. */
    gatewayMessage: text('gateway_message'),
    /** Why the provider refused the payment (src/lib/payments/gateway-messages.ts). */
    gatewayCode: text('gateway_code'),
    planExpiryDate: date('plan_expiry_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userGuid),
    uniqueIndex('payment_orders_provider_token_idx').on(t.providerToken),
  ],
);

export const orderNumbers = pgSequence('order_number_seq', { startWith: 100_000 });

/** HAWB ids of shipments made after the seed (dev tools); the seeded ones are below it. */
export const hawbIds = pgSequence('hawb_id_seq', { startWith: 700_000 });

/**
 * Card tokens handed to a session by the card route: who may pay with the token, and the display data to keep
 * if the customer saves the card. Never the number or the security code.
 */
export const cardTokens = pgTable('card_tokens', {
  token: text('token').primaryKey(),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  systemId: integer('system_id').notNull(),
  first6: text('first6').notNull(),
  last4: text('last4').notNull(),
  /** MMYY. */
  expiryDate: text('expiry_date').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Promo codes (spec 2 §3 Promo). Null lists mean "any". */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  percentOff: integer('percent_off').notNull(),
  planIds: integer('plan_ids').array(),
  /** Card number prefixes the code needs (cardBIN starts with one of them). */
  binPrefixes: text('bin_prefixes').array(),
  /** Payment types: '' new card, else a payment system id. */
  paymentTypes: text('payment_types').array(),
  countryCodes: text('country_codes').array(),
  additionalDuration: integer('additional_duration').notNull().default(0),
  additionalDurationType: text('additional_duration_type'),
  validUntil: date('valid_until', { mode: 'string' }),
});

/**
 * A payment of shipment charges (spec 1 §4.10) on the provider's hosted page. The amount is the server's sum of
 * the shipments' charges in minor units; the state machine is the membership orders' (pending → charging → paid |
 * failed), and paying marks the shipments paid in the same transaction.
 */
export const shipmentPayments = pgTable(
  'shipment_payments',
  {
    id: uuid('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    hawbIds: integer('hawb_ids').array().notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    state: text('state').$type<OrderState>().notNull(),
    providerToken: text('provider_token'),
    providerRef: text('provider_ref'),
    gatewayMessage: text('gateway_message'),
    /** Why the provider refused or closed the payment (src/lib/payments/gateway-messages.ts). */
    gatewayCode: text('gateway_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_payments_user_idx').on(t.userGuid),
    uniqueIndex('shipment_payments_provider_token_idx').on(t.providerToken),
  ],
);

/**
 * A return shipment (spec 1 §3, spec 2 §3): a delivered shipment picked up from the customer and sent back to
 * its supplier. One per shipment; amounts are decimal strings in `currencyCode`, the price in minor units.
 */
export const returnShipments = pgTable('return_shipments', {
  id: serial('id').primaryKey(),
  awb: text('awb')
    .notNull()
    .unique()
    .references(() => shipments.awb, { onDelete: 'cascade' }),
  userGuid: uuid('user_guid')
    .notNull()
    .references(() => users.guid, { onDelete: 'cascade' }),
  pickupAddress: jsonb('pickup_address')
    .$type<{ pickupStreetAdress: string; pickupCity: string; pickupZipCode: string; pickupCountryCode: string }>()
    .notNull(),
  deliveryAddress: jsonb('delivery_address')
    .$type<{
      name: string;
      phoneNumber: string;
      deliveryStreetAddress: string;
      deliveryCity: string;
      deliveryZipCode: string;
      deliveryCountryCode: string;
    }>()
    .notNull(),
  /** yyyy-MM-dd. */
  pickupDate: text('pickup_date').notNull(),
  /** HH:mm, 24-hour. */
  readyTime: text('ready_time').notNull(),
  latestTime: text('latest_time').notNull(),
  contentDescription: text('content_description').notNull(),
  currencyCode: text('currency_code').notNull(),
  amount: text('amount').notNull(),
  weight: text('weight').notNull(),
  weightUnit: text('weight_unit').notNull(),
  priceMinor: integer('price_minor').notNull(),
  createdAt: createdAt(),
});

/**
 * The alerts about packages (issue 24), one row per package and kind, so each goes once whatever the number of API
 * processes and restarts (server/alerts/alert-scheduler.ts): queued `due`, then `sent` with its e-mail written in the
 * same transaction, `off` when the customer had turned that alert off, `expired` when it no longer held by then,
 * `failed` when its e-mail could not be written (logged).
 */
export const packageAlerts = pgTable(
  'package_alerts',
  {
    awb: text('awb')
      .notNull()
      .references(() => shipments.awb, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertMailKind>().notNull(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    state: text('state').$type<'due' | 'sent' | 'off' | 'expired' | 'failed'>().notNull().default('due'),
    /** The moment the alert became due (the arrival, 3 days or 1 day before free storage ends, the hold). */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When it was sent, or found off or expired. */
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    outboxId: integer('outbox_id').references(() => outboxEmails.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.awb, t.kind] }),
    // The workers' queue: the alerts still to send, oldest first.
    index('package_alerts_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'due'`),
  ],
);

// ---------------------------------------------------------------------------
// Account security beyond the password (issue 25)

/** A customer's passkeys (WebAuthn credentials): what the server needs to check a login signed with one. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential's id, base64url, as the authenticator made it (unique across every account). */
    id: text('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at the last login (0 for those that keep none). */
    counter: integer('counter').notNull().default(0),
    /** Transports the authenticator declared (usb, nfc, ble, internal, hybrid …). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** singleDevice or multiDevice (synced), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The name the customer gave it. */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userGuid)],
);

/**
 * WebAuthn challenges waiting for their answer, keyed by the challenge itself: single-use (deleted as it is
 * checked) and short-lived, in the database so that any API process can finish a ceremony another one began.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<'registration' | 'authentication'>().notNull(),
    /** The customer adding a passkey; null for a login, where the passkey names its account. */
    userGuid: uuid('user_guid').references(() => users.guid, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The second step of a password login (TOTP): the secret while being set up and once on; the last time step
 * accepted, so that a code is not accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userGuid: uuid('user_guid')
    .primaryKey()
    .references(() => users.guid, { onDelete: 'cascade' }),
  /** The shared secret (base32), encrypted with the server's key. */
  secret: text('secret').notNull(),
  /** Null while set up but not yet confirmed with a code: then a login doesn't ask for one. */
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** The last time step (30 s) whose code was accepted. */
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Recovery codes of the second step: hashed, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.codeHash] })],
);

/**
 * Devices an account has logged in from, by the hash of a long-lived random device cookie: a login from a device
 * not listed (and not the account's first) sends the new-device e-mail.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userGuid, t.deviceHash] })],
);

// ---------------------------------------------------------------------------
// Web Push notifications (issue 26, scope 3)

/**
 * The browsers a customer turned notifications on in (Web Push): the push service's endpoint and the keys a message
 * is encrypted for. An endpoint is one browser's subscription, so it belongs to one account at a time (the account
 * that turned it on last); the push service's "gone" (404, 410) deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userGuid: uuid('user_guid')
      .notNull()
      .references(() => users.guid, { onDelete: 'cascade' }),
    /** The push service's URL for this browser (unique: a browser's subscription is on one account). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes, base64url) and authentication secret (16 bytes, base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language of the page that turned notifications on: the messages' language on this device. */
    language: text('language').$type<'en' | 'ar'>().notNull(),
    createdAt: createdAt(),
    /** When it was last turned on (again) from the profile. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The last message the push service accepted, and the last one it refused for another reason than "gone". */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userGuid),
  ],
);
