/**
 * The checkout's flow (src/lib/payments/checkout-store.ts) driven without a browser: the API is a fake `fetch`,
 * the side effects are spies. Each test has its own customer; the reference data the page caches (plans, options)
 * is the same for every test of a country.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The site's client resolves '/api/…' against the page; here the membership payment page of a pretend site.
vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/account/membership-payment?id=2') as unknown as Location;
});

import { atom } from 'nanostores';
import { createCheckout, type CheckoutDeps, type CheckoutPhase } from '../../src/lib/payments/checkout-store.ts';
import { readReturn } from '../../src/lib/payments/checkout-rules.ts';
import type { PendingRedirect } from '../../src/lib/payments/pending-redirect.ts';
import type { CurrentUser } from '../../src/lib/session/current-user.ts';
import type { PlanId } from '../../src/lib/reference/schemas.ts';
import { json, settle } from '../support/stores.ts';
import { customer } from '../support/customer.ts';

// ---------------------------------------------------------------------------
// The pretend API

interface Seen {
  method: string;
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}
type Reply = (seen: Seen) => Response;

const plans = (countryCode: string) => ({
  countryCode,
  plans: [
    { planId: 1, amount: 0, currencyCode: 'USD', duration: 12, mandateAutoRenew: false, renewalAllowedInLastDays: 0 },
    { planId: 2, amount: 35, currencyCode: 'USD', duration: 12, mandateAutoRenew: false, renewalAllowedInLastDays: 30 },
    { planId: 3, amount: 4.25, currencyCode: 'USD', duration: 1, mandateAutoRenew: true, renewalAllowedInLastDays: 0 },
  ],
});
/** Cards, PayPal and Visa Checkout everywhere; Knet in Kuwait, where AutoPay is mandatory. */
const systemsOf = (country: string) => {
  if (country === 'KW') return [1, 2, 3, 4, 6, 5, 9, 8];
  if (country === 'SA') return [1, 2, 3, 4, 6, 5, 9, 7];
  return [1, 2, 3, 4, 6, 5, 9];
};
const countryIn = (path: string) => path.split('/')[4] ?? '';
/** The customers of a test are known by their guid: each test's customer has its own. */
const countryOf = new Map<string, string>();
const autoPayOptions = (countryCode: string) => {
  const mandatory = countryCode === 'KW';
  return {
    value: false,
    isAutoPayMandatory: mandatory,
    isAutoPayVisible: countryCode !== 'EG',
    isPaymentOptionSavingMandatory: mandatory,
    discountLabel: null,
    shippingAgreement: false,
  };
};

const token = (status: number, more: Record<string, unknown> = {}) => ({
  status,
  token: 'tok_1',
  html: null,
  redirectUrl: null,
  secureId: null,
  amountAfterDiscount: 35,
  currencyCode: 'USD',
  message: null,
  gatewayReturnCode: null,
  ...more,
});
const result = (more: Record<string, unknown> = {}) => ({
  statusId: 1,
  gatewayReturnMessage: null,
  gatewayReturnCode: null,
  amount: 35,
  currencyCode: 'USD',
  orderNumber: 'SB-1001',
  planExpiryDate: '2027-03-10',
  planId: 2,
  paymentMethodCode: 'CC01',
  discount: 0,
  additionalDuration: 0,
  additionalDurationType: null,
  ...more,
});
const inFlight = () => json(409, { code: 'IDEMPOTENCY_IN_FLIGHT', message: 'still running' });

/** What the page loads, the same for every test; the session check answers 401 unless a test says otherwise. */
const loads: Record<string, Reply> = {
  'GET /api/v1/countries/*/membershipplans': (s) => json(200, plans(countryIn(s.path))),
  'GET /api/v1/countries/*/PaymentOptions': (s) =>
    json(
      200,
      systemsOf(countryIn(s.path)).map((id) => ({ id, convertToUSD: false })),
    ),
  'GET /api/account/*/wallet/content': () => json(200, { cards: [], thirdParty: [] }),
  'GET /api/v1/account/*/AutoPayOptions': (s) => json(200, autoPayOptions(countryOf.get(countryIn(s.path)) ?? 'JO')),
  'GET /api/shareddata/getvisaconfig': () =>
    json(200, { VisaApiKey: 'k', VisaImgUrl: '/v.png', VisaLightboxUrl: '/sandbox/visa-checkout/lightbox' }),
  'GET /api/account/GetCustomerDetails': () => json(401, { code: 'UNAUTHORIZED' }),
};

const patternOf = (route: string) =>
  new RegExp(`^${route.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);

/**
 * Answers each call by its method and path, the test's routes before the loads; a list of replies is answered in
 * turn, its last one from then on.
 */
function fakeApi(routes: Record<string, Reply | Reply[]> = {}) {
  const seen: Seen[] = [];
  const table = [...Object.entries(routes), ...Object.entries(loads)].map(([route, reply]) => ({
    pattern: patternOf(route),
    replies: Array.isArray(reply) ? [...reply] : [reply],
  }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const body = request.method === 'GET' ? {} : ((await request.clone().json()) as Record<string, unknown>);
    const s: Seen = {
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('Idempotency-Key'),
      body,
    };
    seen.push(s);
    const route = table.find((r) => r.pattern.test(`${s.method} ${s.path}`));
    if (!route) return json(404, { code: 'NOT_FOUND', message: `${s.method} ${s.path}` });
    const reply = route.replies.length > 1 ? route.replies.shift()! : route.replies[0]!;
    return reply(s);
  });
  return { seen, calls: (route: string) => seen.filter((s) => patternOf(route).test(`${s.method} ${s.path}`)) };
}

// ---------------------------------------------------------------------------
// A checkout with spies for its side effects

/** A customer of the checkout: one of its own each time, so that no answer of another test is taken for theirs. */
const checkoutCustomer = (countryCode = 'JO'): CurrentUser => {
  const guid = crypto.randomUUID();
  countryOf.set(guid, countryCode);
  return customer({
    guid,
    email: 'lina@example.com',
    firstName: 'Lina',
    hasLiveChat: false,
    countryCode,
    gtmClientId: 'gtm-7',
    paymentMethodId: 0,
    id: { mandatory: false, uploaded: true, detailsMandatory: false, detailsFilled: true },
    membershipPlan: { id: 1, startDate: '2025-01-01', expiryDate: null, expirationDate: null, autoRenewal: false },
  });
};

const PAGE = 'https://site.test/en/account/membership-payment';
const TODAY = new Date('2026-03-10T12:00:00Z');

const stops: (() => void)[] = [];

function open(
  options: {
    user?: CurrentUser;
    query?: string;
    planId?: PlanId;
    kind?: 'signup' | 'upgrade';
    pending?: PendingRedirect | null;
  } = {},
) {
  const $user = atom<CurrentUser | null>(options.user ?? checkoutCustomer());
  let pending = options.pending ?? null;
  const deps = {
    $user,
    setUser: vi.fn((user: CurrentUser) => $user.set(user)),
    page: { href: `${PAGE}${options.query ?? '?id=2'}`, origin: 'https://site.test', pathname: new URL(PAGE).pathname },
    navigate: vi.fn(),
    replaceUrl: vi.fn(),
    notify: vi.fn(),
    pushEvent: vi.fn(),
    storeOrderSummary: vi.fn(),
    forgetPlan: vi.fn(),
    keepPendingRedirect: vi.fn(),
    takePendingRedirect: vi.fn(() => {
      const taken = pending;
      pending = null;
      return taken;
    }),
    onPaid: vi.fn(),
  } satisfies CheckoutDeps;
  const checkout = createCheckout(
    {
      lang: 'en',
      kind: options.kind ?? 'upgrade',
      planId: options.planId ?? 2,
      ret: readReturn(options.query ?? '?id=2'),
      today: TODAY,
      inFlightDelayMs: 1,
    },
    deps,
  );
  const phases: CheckoutPhase['name'][] = [];
  // The island's subscriptions: they start the loads.
  stops.push(
    checkout.$checks.listen(() => {}),
    checkout.$phase.subscribe((phase) => phases.push(phase.name)),
  );
  return { checkout, deps, phases };
}

/** A checkout once loaded. */
async function loaded(options: Parameters<typeof open>[0] = {}) {
  const opened = open(options);
  await settle(opened.checkout.$checks, (checks) => checks !== null);
  return opened;
}

const card = { name: 'Test Customer', number: '4242424242424242', month: '09', year: '2029', cvv: '123' };

/** The attempt has ended, one way or another. */
const settled = (checkout: ReturnType<typeof open>['checkout']) =>
  settle(checkout.$phase, (p) => p.name !== 'working' && p.name !== 'completing');

beforeEach(() => {
  // The parts the checkout does without (the account read again, the saved cards) say so in the console.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------

describe('the checkout store: loading', () => {
  it('loads the plan, options, saved cards and AutoPay rules, and starts on the default method', async () => {
    const api = fakeApi();
    const { checkout } = await loaded();
    const load = checkout.$load.get();
    expect(load.status).toBe('ready');
    if (load.status !== 'ready') return;
    expect(load.loaded.plan.planId).toBe(2);
    expect(load.loaded.methods).toEqual(['newCard', 'payPal', 'visaCheckout']);
    expect(load.loaded.visaConfig?.VisaApiKey).toBe('k');
    expect(checkout.$order.get()).toMatchObject({ method: 'payPal', amount: 35, expiryDate: '2027-03-10' });
    // The customer's saved cards are theirs alone: asked once, with their guid.
    expect(api.calls('GET /api/account/*/wallet/content')).toHaveLength(1);
  });

  it('fails without the plans, offers a retry, and loads on retrying', async () => {
    let down = true;
    const api = fakeApi({
      'GET /api/v1/countries/*/membershipplans': (s) =>
        down ? json(404, { code: 'NOT_FOUND', message: 'no' }) : json(200, plans(countryIn(s.path))),
    });
    const { checkout } = open({ user: checkoutCustomer('EG') });
    const failed = await settle(checkout.$load, (l) => l.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', error: { status: 404 } });
    expect(api.calls('GET /api/v1/countries/*/PaymentOptions')).toHaveLength(0);
    down = false;
    checkout.retryLoad();
    await settle(checkout.$load, (l) => l.status === 'ready');
    expect(api.calls('GET /api/v1/countries/EG/membershipplans')).toHaveLength(2);
  });

  it('does without the saved cards when they do not come, and pays nothing for basic', async () => {
    fakeApi({ 'GET /api/account/*/wallet/content': () => json(404, { code: 'NOT_FOUND' }) });
    const { checkout } = await loaded();
    expect(checkout.$order.get()?.forms.existingCard.cardId).toBe('');
    const basic = open({ planId: 1 });
    expect(await settle(basic.checkout.$load, (l) => l.status === 'failed')).toEqual({ status: 'failed', error: null });
  });
});

describe('the checkout store: paying', () => {
  it('sends one token call and one pay call however often the customer submits', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    expect(checkout.submit()).toBe('started');
    expect(checkout.submit()).toBe('ignored');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(checkout.submit()).toBe('ignored');
    expect(api.calls('POST /api/payment/*/card/gettoken')).toHaveLength(1);
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')).toHaveLength(1);
    const [tokenCall] = api.calls('POST /api/payment/*/card/gettoken');
    expect(tokenCall?.body).toMatchObject({
      optionalKey1: 'Test Customer',
      optionalKey2: '4242424242424242',
      url: PAGE,
      planId: 2,
      isMembershipUpgrade: true,
    });
  });

  it('marks every field and sends nothing when the forms are not valid', async () => {
    const api = fakeApi();
    const { checkout } = await loaded();
    checkout.chooseMethod('newCard');
    expect(checkout.$checks.get()).toMatchObject({ blocked: true, blockedHint: 'checkout.blocked.forms' });
    expect(checkout.submit()).toBe('blocked');
    expect(checkout.$order.get()?.submitted).toBe(true);
    expect(checkout.$failure.get()).toMatchObject({ failure: { key: 'errors.validation' }, focus: false });
    expect(api.seen.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('retries an in-flight call with its key, and gives a new attempt new keys', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': [
        inFlight,
        inFlight,
        () => json(200, result({ statusId: 2, gatewayReturnMessage: 'Declined', gatewayReturnCode: 'declined' })),
        () => json(200, result()),
      ],
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await settle(checkout.$phase, (p) => p.name === 'idle');
    const first = api.calls('POST /api/v1/account/subscription/payUsingNewCard');
    expect(first).toHaveLength(3);
    expect(new Set(first.map((s) => s.key)).size).toBe(1);
    const tokenKey = api.calls('POST /api/payment/*/card/gettoken')[0]?.key;
    expect(tokenKey).toBeTruthy();
    expect(tokenKey).not.toBe(first[0]?.key);

    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    const tokens = api.calls('POST /api/payment/*/card/gettoken').map((s) => s.key);
    const pays = api.calls('POST /api/v1/account/subscription/payUsingNewCard').map((s) => s.key);
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).not.toBe(tokens[0]);
    expect(pays).toHaveLength(4);
    expect(pays[3]).not.toBe(pays[0]);
  });

  it('shows the gateway’s reason of a failed payment by its key, keeps the form and returns to idle', async () => {
    fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': [
        () =>
          json(
            200,
            result({
              statusId: 2,
              gatewayReturnMessage: 'Your card has insufficient funds.',
              gatewayReturnCode: 'insufficient_funds',
            }),
          ),
        // A reason the product doesn't know: the generic message, never the provider's words.
        () => json(200, result({ statusId: 0, gatewayReturnMessage: 'Velocity limit', gatewayReturnCode: 'velocity' })),
      ],
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await settled(checkout);
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
    expect(checkout.$failure.get()).toMatchObject({
      failure: { key: 'gateway.insufficient_funds' },
      focus: true,
    });
    expect(deps.notify).toHaveBeenCalledWith('danger', 'gateway.insufficient_funds');
    expect(checkout.$order.get()?.forms.newCard.name).toBe('Test Customer');
    expect(deps.onPaid).not.toHaveBeenCalled();

    checkout.submit();
    await settle(checkout.$failure, (f) => f?.failure.key === 'errors.500');
    expect(deps.notify).not.toHaveBeenCalledWith('danger', 'Velocity limit');
  });

  it('shows why the provider refused the card at the token call, by its key', async () => {
    fakeApi({
      'POST /api/payment/*/card/gettoken': () =>
        json(
          200,
          token(-1, { token: null, message: 'The card number is not valid.', gatewayReturnCode: 'invalid_card' }),
        ),
    });
    const { checkout } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await settled(checkout);
    expect(checkout.$failure.get()?.failure).toEqual({ key: 'gateway.invalid_card' });
  });

  it('pays with a saved card by its id alone: no card form, no security code', async () => {
    const saved = {
      id: 41,
      type: '1',
      first6Digits: '411111',
      last4Digits: '1111',
      expiryDate: '1230',
      name: 'Test Customer',
      isDefault: true,
    };
    const api = fakeApi({
      'GET /api/account/*/wallet/content': () => json(200, { cards: [saved], thirdParty: [] }),
      'POST /api/v1/account/subscription/payUsingExistingCard': () => json(200, result({ paymentMethodCode: 'CC03' })),
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('existingCard');
    expect(checkout.$order.get()).toMatchObject({ method: 'existingCard', forms: { existingCard: { cardId: '41' } } });
    expect(checkout.$checks.get()).toMatchObject({ valid: true, blocked: false });
    expect(checkout.submit()).toBe('started');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    const [pay] = api.calls('POST /api/v1/account/subscription/payUsingExistingCard');
    expect(pay?.body).toMatchObject({ id: '41', planId: 2 });
    expect(pay?.body).not.toHaveProperty('cardData');
  });

  it('maps a refused call to its message, and ends the attempt', async () => {
    fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(400, { code: 'PAYMENT_CARD', message: 'bad card' }),
    });
    const { checkout } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await settled(checkout);
    expect(checkout.$failure.get()?.failure).toEqual({ key: 'checkout.error.PAYMENT_CARD' });
    expect(checkout.submit()).toBe('started');
  });

  it('after success stores the summary, updates the session, tells analytics and calls onPaid once', async () => {
    const user = checkoutCustomer();
    fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
      'GET /api/account/GetCustomerDetails': () =>
        json(200, {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          userGuid: user.guid,
          langCode: 'en',
          hasMailboxes: true,
          confirmedAgreement: true,
          isLiveChatEnabled: false,
          countryCode: 'JO',
          city: null,
          entity: null,
          streetAddressLine1: null,
          streetAddressLine2: null,
          isIdAttachmentMandatory: false,
          isIdUploaded: true,
          areIdDetailsMandatory: false,
          idType: null,
          idTypeValue: null,
          paymentMethod: 0,
          planId: 2,
          planStartDate: '2026-03-10',
          planExpiryDate: '2027-03-10',
          planAutoRenewal: true,
        }),
    });
    const { checkout, deps, phases } = await loaded({ user });
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.changeForm('features', { renew: true });
    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalled());

    const summary = {
      amount: 35,
      currency: 'USD',
      method: 'CC01',
      orderNumber: 'SB-1001',
      planId: 2,
      planExpiryDate: '2027-03-10',
      discount: 0,
      additionalDuration: 0,
      additionalDurationType: null,
    };
    expect(deps.forgetPlan).toHaveBeenCalledOnce();
    expect(deps.storeOrderSummary).toHaveBeenCalledWith(summary);
    expect(deps.setUser).toHaveBeenCalledOnce();
    expect(deps.setUser.mock.calls[0]?.[0]).toMatchObject({
      hasFlex: true,
      gtmClientId: 'gtm-7',
      membershipPlan: { id: 2, expiryDate: '2027-03-10', autoRenewal: true },
    });
    expect(deps.pushEvent).toHaveBeenCalledWith({
      event: 'purchase',
      planId: 2,
      amount: 35,
      currency: 'USD',
      discount: 0,
      orderNumber: 'SB-1001',
      paymentMethod: 'CC01',
    });
    expect(deps.onPaid).toHaveBeenCalledOnce();
    expect(deps.onPaid).toHaveBeenCalledWith(summary);

    // Paid: nothing sends the checkout back to idle, not even the page coming back from the browser's cache.
    checkout.pageRestored();
    checkout.cancel();
    expect(checkout.submit()).toBe('ignored');
    expect(phases).toEqual(['idle', 'working', 'done']);
  });

  it('keeps the session from the payment when the account cannot be read again', async () => {
    fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(2)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
    });
    const { checkout, deps } = await loaded({ kind: 'signup' });
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(deps.setUser.mock.calls[0]?.[0]).toMatchObject({
      hasFlex: true,
      hasMailboxes: true,
      membershipPlan: { id: 2, startDate: '2026-03-10', expiryDate: '2027-03-10', autoRenewal: false },
    });
  });
});

describe('the checkout store: 3-D Secure, Peach and Visa Checkout', () => {
  it('shows the 3-D Secure step, then pays as CC02 with the response once the frame is done', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () =>
        json(200, token(3, { token: 'tok_3ds', html: '<p>challenge</p>', secureId: 'sec-1' })),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result({ paymentMethodCode: 'CC02' })),
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    expect(await settle(checkout.$phase, (p) => p.name === 'secure')).toEqual({
      name: 'secure',
      html: '<p>challenge</p>',
      secureId: 'sec-1',
    });
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')).toHaveLength(0);
    // A second submit while the step shows does nothing.
    expect(checkout.submit()).toBe('ignored');

    await checkout.secureFrameDone('resp-ok');
    const pays = api.calls('POST /api/v1/account/subscription/payUsingNewCard');
    expect(pays).toHaveLength(1);
    expect(pays[0]?.body).toMatchObject({
      id: 'tok_3ds',
      paymentMethodCode: 'CC02',
      digitSecureId: 'sec-1',
      digitSecureResponse: 'resp-ok',
    });
    expect(checkout.$phase.get().name).toBe('done');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    // A late second report of the frame pays nothing more.
    await checkout.secureFrameDone('resp-ok');
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')).toHaveLength(1);
  });

  it('ends the attempt when the customer cancels the 3-D Secure step', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () =>
        json(200, token(3, { token: 'tok_3ds', html: '<p>challenge</p>', secureId: 'sec-2' })),
    });
    const { checkout } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await settle(checkout.$phase, (p) => p.name === 'secure');
    checkout.cancel();
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
    await checkout.secureFrameDone('late');
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')).toHaveLength(0);
    checkout.submit();
    await settle(checkout.$phase, (p) => p.name === 'secure');
    const keys = api.calls('POST /api/payment/*/card/gettoken').map((s) => s.key);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('pays a Visa Checkout card once decrypted, with its security code, and tells Visa Checkout', async () => {
    const api = fakeApi({
      'POST /api/payment/*/decryptpaymentdata': () =>
        json(200, {
          status: 'VERIFIED',
          name: 'Test Customer',
          expiryMonth: '09',
          expiryYear: '2029',
          number: '************4242',
          baseImageFileName: 'visa.png',
        }),
      'POST /api/v1/account/subscription/payUsingVisaCheckout': () => json(200, result({ paymentMethodCode: 'VC01' })),
      'POST /api/payment/*/vcupdatepixelinfo': () => json(200, { updated: true }),
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('visaCheckout');
    await checkout.visaCheckoutChosen({ type: 'visa-checkout', callid: 'call-9', encKey: 'ek', encPaymentData: 'pd' });
    expect(checkout.$order.get()?.forms.visaCheckout.card).toMatchObject({
      callId: 'call-9',
      number: '************4242',
    });
    checkout.changeForm('visaCheckout', { cvv2: '123' });
    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/subscription/payUsingVisaCheckout')[0]?.body).toMatchObject({
      visaCheckoutData: { cvv2: '123', encryptKey: 'ek', paymentData: 'pd' },
    });
    expect(api.calls('POST /api/payment/*/vcupdatepixelinfo')[0]?.body).toMatchObject({
      Type: 'CONFIRM',
      CallId: 'call-9',
      Total: '35.00',
      OrderId: 'SB-1001',
    });
  });

  it('pays through the Peach frame with the checkout id the frame posts', async () => {
    const user = { ...checkoutCustomer('JO'), countryCode: 'ZA' };
    const api = fakeApi({
      'GET /api/v1/countries/ZA/PaymentOptions': () =>
        json(
          200,
          [1, 2, 5].map((id) => ({ id, convertToUSD: false })),
        ),
      'POST /api/payment/*/peach/gettoken': () => json(200, token(1, { token: 'chk-1', html: '<form></form>' })),
      'POST /api/v1/account/subscription/payUsingPeach': () => json(200, result()),
    });
    const { checkout, deps } = await loaded({ user });
    checkout.chooseMethod('peach');
    checkout.submit();
    await settle(checkout.$phase, (p) => p.name === 'peach');
    await checkout.peachFrameDone('chk-1');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/subscription/payUsingPeach')[0]?.body).toMatchObject({ id: 'chk-1' });
  });
});

describe('the checkout store: provider redirects and returns', () => {
  it('PayPal: asks the token, keeps the pending redirect, then sends the browser to the provider', async () => {
    const api = fakeApi({
      'POST /api/payment/*/paypal/gettoken': () =>
        json(200, token(1, { token: null, redirectUrl: 'https://site.test/sandbox/paypal/approve?t=1' })),
    });
    const { checkout, deps } = await loaded();
    expect(checkout.$order.get()?.method).toBe('payPal');
    checkout.changeForm('features', { renew: true });
    expect(checkout.submit()).toBe('started');
    await settle(checkout.$phase, (p) => p.name === 'redirecting');
    expect(api.calls('POST /api/payment/*/paypal/gettoken')[0]?.body).toMatchObject({ url: PAGE, planId: 2 });
    expect(deps.keepPendingRedirect).toHaveBeenCalledWith({ planId: 2, renew: true, autoPay: false });
    expect(deps.notify).toHaveBeenCalledWith('info', 'notifications.waitRedirection');
    expect(deps.navigate).toHaveBeenCalledWith('https://site.test/sandbox/paypal/approve?t=1');
    expect(checkout.submit()).toBe('ignored');
    // Back through the browser's cache: that attempt is over.
    checkout.pageRestored();
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
  });

  it('refuses to send the browser anywhere but a web page', async () => {
    fakeApi({
      'POST /api/payment/*/paypal/gettoken': () => json(200, token(1, { redirectUrl: 'javascript:alert(1)' })),
    });
    const { checkout, deps } = await loaded();
    checkout.submit();
    await settled(checkout);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(checkout.$failure.get()?.failure).toEqual({ key: 'errors.500' });
  });

  it('completes the payment a provider sent the customer back with, once', async () => {
    const api = fakeApi({
      'POST /api/v1/account/subscription/payUsingNewThirdParty': () => json(200, result({ paymentMethodCode: 'PP01' })),
    });
    const { checkout, deps } = open({
      query: '?id=2&token=EC-1&PayerID=P-9&save=1',
      pending: { planId: 2, renew: true },
    });
    expect(checkout.$phase.get()).toEqual({ name: 'completing' });
    await Promise.all([checkout.completeReturn(), checkout.completeReturn()]);
    await checkout.completeReturn();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    const pays = api.calls('POST /api/v1/account/subscription/payUsingNewThirdParty');
    expect(pays).toHaveLength(1);
    expect(pays[0]?.key).toBeTruthy();
    expect(pays[0]?.body).toMatchObject({
      planId: 2,
      allowAutoRenewal: true,
      saveCard: true,
      thirdPartyData: { payerId: 'P-9', token: 'EC-1', typeId: 5 },
    });
    expect(deps.takePendingRedirect).toHaveBeenCalledOnce();
    expect(deps.notify).toHaveBeenCalledWith('info', 'notifications.wait');
    expect(deps.replaceUrl).toHaveBeenCalledWith('/en/account/membership-payment?id=2');
    expect(checkout.$phase.get().name).toBe('done');
  });

  it('completes a Knet return on the generic pay call, and fails back to the form when refused', async () => {
    const api = fakeApi({
      'POST /api/payment/*/subscription/pay': () => json(400, { code: 'PAYMENT_TOKEN', message: 'unknown' }),
    });
    const { checkout, deps } = open({ query: '?id=2&PaymentID=KN-5' });
    await checkout.completeReturn();
    expect(api.calls('POST /api/payment/*/subscription/pay')[0]?.body).toMatchObject({
      paymentMethodCode: 'KN01',
      paymentId: 'KN-5',
      allowAutoRenewal: false,
    });
    expect(deps.replaceUrl).toHaveBeenCalledOnce();
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
    expect(checkout.$failure.get()?.failure).toEqual({ key: 'checkout.error.PAYMENT_TOKEN' });
  });

  it('says the payment was cancelled when the customer came back from a provider without paying', async () => {
    const api = fakeApi();
    const { checkout, deps } = open({ pending: { planId: 2, renew: false } });
    await checkout.completeReturn();
    expect(deps.notify).toHaveBeenCalledWith('info', 'checkout.cancelled');
    expect(api.seen.filter((s) => s.method === 'POST')).toEqual([]);
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
  });

  it('says so after the provider’s cancel, even in a tab that kept nothing, and once', async () => {
    const api = fakeApi();
    const { checkout, deps } = open({ query: '?id=2&cancelled=1' });
    await checkout.completeReturn();
    await checkout.completeReturn();
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith('info', 'checkout.cancelled');
    // A reload doesn't say it again.
    expect(deps.replaceUrl).toHaveBeenCalledWith('/en/account/membership-payment?id=2');
    expect(api.seen.filter((s) => s.method === 'POST')).toEqual([]);
    expect(checkout.$phase.get()).toEqual({ name: 'idle' });
  });

  it('says so when the customer closes Visa Checkout’s lightbox', async () => {
    const api = fakeApi({ 'POST /api/payment/*/vcupdatepixelinfo': () => json(200, { updated: true }) });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('visaCheckout');
    checkout.visaCheckoutCancelled('call-3');
    expect(deps.notify).toHaveBeenCalledWith('info', 'checkout.cancelled');
    await vi.waitFor(() => expect(api.calls('POST /api/payment/*/vcupdatepixelinfo')).toHaveLength(1));
    expect(api.calls('POST /api/payment/*/vcupdatepixelinfo')[0]?.body).toMatchObject({ Type: 'CANCEL' });
  });

  it.each([
    ['sadad', 'SA', 'SD01'],
    ['knet', 'KW', 'KN01'],
  ] as const)(
    '%s: a promo code that leaves nothing to pay completes as free, without the provider',
    async (method, country, code) => {
      const api = fakeApi({
        'POST /api/v1/account/subscription/applypromo': () =>
          json(200, {
            amount: 35,
            amountAfterDiscount: 0,
            discount: 35,
            promoCode: 'FLEXFREE',
            subscriptionAdditionalDuration: 0,
            subscriptionAdditionalDurationType: null,
          }),
        [`POST /api/payment/*/${method}/gettoken`]: () => json(200, token(2, { token: null, amountAfterDiscount: 0 })),
        'POST /api/payment/*/subscription/pay': () =>
          json(200, result({ amount: 0, discount: 35, paymentMethodCode: code })),
      });
      const { checkout, deps } = await loaded({ user: checkoutCustomer(country) });
      checkout.chooseMethod(method);
      if (method === 'sadad') checkout.changeForm('sadad', { accountId: 'sadad-1' });
      checkout.typePromoCode('FLEXFREE');
      await checkout.applyPromo();
      checkout.changeForm('features', { renew: true });
      expect(checkout.submit()).toBe('started');
      await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
      expect(deps.navigate).not.toHaveBeenCalled();
      const [pay] = api.calls('POST /api/payment/*/subscription/pay');
      expect(pay?.key).toBeTruthy();
      expect(pay?.body).toMatchObject({ paymentMethodCode: code, promoCode: 'FLEXFREE' });
      expect(pay?.body.estn ?? '').toBe('');
      expect(pay?.body.paymentId ?? '').toBe('');
      expect(checkout.$failure.get()).toBeNull();
    },
  );
});

describe('the checkout store: promo codes', () => {
  it('shows why a code is refused, then applies a good one to the order and the payment', async () => {
    const api = fakeApi({
      'POST /api/v1/account/subscription/applypromo': [
        () => json(400, { code: 'PROMO_UNKNOWN', message: 'unknown code' }),
        () =>
          json(200, {
            amount: 35,
            amountAfterDiscount: 31.5,
            discount: 3.5,
            promoCode: 'WELCOME10',
            subscriptionAdditionalDuration: 1,
            subscriptionAdditionalDurationType: 'Month',
          }),
      ],
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result({ amount: 31.5, discount: 3.5 })),
    });
    const { checkout, deps } = await loaded();
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.typePromoCode('NOPE');
    await checkout.applyPromo();
    expect(checkout.$promo.get()).toEqual({ applying: false, error: 'checkout.error.PROMO_UNKNOWN' });
    expect(deps.notify).toHaveBeenCalledWith('danger', 'checkout.error.PROMO_UNKNOWN');
    expect(checkout.$order.get()).toMatchObject({ promo: null, amount: 35 });

    checkout.typePromoCode('WELCOME10');
    expect(checkout.$promo.get().error).toBeNull();
    await checkout.applyPromo();
    expect(deps.notify).toHaveBeenCalledWith('success', 'signup.payment.promonotification');
    expect(checkout.$order.get()).toMatchObject({ amount: 31.5, expiryDate: '2027-04-10' });
    expect(api.calls('POST /api/v1/account/subscription/applypromo')[1]?.body).toMatchObject({
      code: 'WELCOME10',
      cardBIN: '424242',
      contryCode: 'JO',
      paymentType: '',
      planId: 2,
    });
    // Applied: asking again sends nothing.
    await checkout.applyPromo();
    expect(api.calls('POST /api/v1/account/subscription/applypromo')).toHaveLength(2);

    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/payment/*/card/gettoken')[0]?.body).toMatchObject({ promoCode: 'WELCOME10' });
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')[0]?.body).toMatchObject({
      promoCode: 'WELCOME10',
    });
  });

  it('takes the discount off when the customer types over an applied code or changes method', async () => {
    fakeApi({
      'POST /api/v1/account/subscription/applypromo': () =>
        json(200, {
          amount: 35,
          amountAfterDiscount: 0,
          discount: 35,
          promoCode: 'FREE',
          subscriptionAdditionalDuration: 0,
          subscriptionAdditionalDurationType: null,
        }),
    });
    const { checkout } = await loaded();
    checkout.typePromoCode('FREE');
    await checkout.applyPromo();
    expect(checkout.$order.get()?.amount).toBe(0);
    checkout.typePromoCode('FRE');
    expect(checkout.$order.get()).toMatchObject({ promo: null, amount: 35 });
    checkout.typePromoCode('FREE');
    await checkout.applyPromo();
    checkout.chooseMethod('newCard');
    expect(checkout.$order.get()).toMatchObject({ method: 'newCard', promo: null, amount: 35 });
  });
});

describe("the checkout store: the customer's AutoPay options (spec 2 §4, §5)", () => {
  const free = {
    amount: 35,
    amountAfterDiscount: 0,
    discount: 35,
    promoCode: 'FREE',
    subscriptionAdditionalDuration: 0,
    subscriptionAdditionalDurationType: null,
  };

  it('elsewhere, a free order needs no card details and saving is the customer’s choice', async () => {
    fakeApi({ 'POST /api/v1/account/subscription/applypromo': () => json(200, free) });
    const { checkout } = await loaded({ user: checkoutCustomer('JO') });
    checkout.chooseMethod('newCard');
    expect(checkout.$checks.get()).toMatchObject({ showSave: true, saveMandated: false, saveCard: false });
    checkout.typePromoCode('FREE');
    await checkout.applyPromo();
    expect(checkout.$checks.get()?.need.cardDetails).toBe(false);
    expect(checkout.$checks.get()?.valid).toBe(true);
  });

  it('in Kuwait, the card is always asked for and kept, and PayPal keeps the account of a free order', async () => {
    const api = fakeApi({
      'POST /api/v1/account/subscription/applypromo': () => json(200, free),
      'POST /api/payment/*/card/gettoken': () => json(200, token(2)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result({ amount: 0, discount: 35 })),
    });
    const { checkout, deps } = await loaded({ user: checkoutCustomer('KW') });
    const load = checkout.$load.get();
    expect(load.status === 'ready' && load.loaded.autoPay).toEqual({
      offered: true,
      mandatory: true,
      savingMandatory: true,
    });
    expect(load.status === 'ready' && load.loaded.methods).toContain('knet');

    // PayPal (the default): its account is kept without asking; the features form is not needed for a free order.
    expect(checkout.$checks.get()).toMatchObject({ showSave: true, saveMandated: true, saveCard: true });
    checkout.chooseMethod('knet');
    expect(checkout.$checks.get()).toMatchObject({ showSave: false, saveCard: false, valid: true });

    checkout.chooseMethod('newCard');
    expect(checkout.$checks.get()).toMatchObject({ saveMandated: true, saveCard: true });
    checkout.typePromoCode('FREE');
    await checkout.applyPromo();
    expect(checkout.$order.get()?.amount).toBe(0);
    // Free, yet the card details are still required: the card is kept for AutoPay.
    expect(checkout.$checks.get()).toMatchObject({ need: { cardDetails: true }, valid: false, blocked: true });
    expect(checkout.submit()).toBe('blocked');
    checkout.changeForm('newCard', card);
    expect(checkout.submit()).toBe('started');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/payment/*/card/gettoken')[0]?.body).toMatchObject({
      optionalKey2: '4242424242424242',
      saveCard: true,
    });
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')[0]?.body).toMatchObject({ saveCard: true });
  });

  it('falls back to the rules of everywhere when the AutoPay options do not come', async () => {
    fakeApi({ 'GET /api/v1/account/*/AutoPayOptions': () => json(404, { code: 'NOT_FOUND' }) });
    const { checkout } = await loaded({ user: checkoutCustomer('KW') });
    const load = checkout.$load.get();
    expect(load.status === 'ready' && load.loaded.autoPay).toEqual({
      offered: false,
      mandatory: false,
      savingMandatory: false,
    });
  });

  it('a Kuwaiti signup must accept AutoPay, keeps the card, and has AutoPay turned on once paid, unmailed', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
      'POST /api/v1/account/*/AutoPayOptions': () => json(200, { ...autoPayOptions('KW'), value: true }),
    });
    const { checkout, deps } = await loaded({ user: checkoutCustomer('KW'), kind: 'signup' });
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    expect(checkout.$checks.get()).toMatchObject({ showAutoPay: true, autoPayMandated: true, blocked: true });
    expect(checkout.submit()).toBe('blocked');
    checkout.changeForm('features', { autoPay: true });
    expect(checkout.$checks.get()).toMatchObject({ autoPay: true, saveCard: true, blocked: false });
    expect(checkout.submit()).toBe('started');
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/subscription/payUsingNewCard')[0]?.body).toMatchObject({
      saveCard: true,
      autoPay: true,
      isSignup: true,
    });
    const updates = api.calls('POST /api/v1/account/*/AutoPayOptions');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toEqual({ value: true, notifyUser: false, shippingAgreement: true });
  });

  it('asks AutoPay of signups only, and a failed update still leads on to the next step', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
      'POST /api/v1/account/*/AutoPayOptions': () => json(409, { code: 'AUTOPAY_NO_PAYMENT_OPTION' }),
    });
    const member = await loaded({ user: checkoutCustomer('KW') });
    member.checkout.chooseMethod('newCard');
    expect(member.checkout.$checks.get()?.showAutoPay).toBe(false);

    const { checkout, deps } = await loaded({ user: checkoutCustomer('JO'), kind: 'signup' });
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    expect(checkout.$checks.get()).toMatchObject({ showAutoPay: true, autoPayMandated: false, blocked: false });
    checkout.changeForm('features', { autoPay: true });
    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/*/AutoPayOptions')).toHaveLength(1);
  });

  it('a signup that did not choose AutoPay leaves the options as they are', async () => {
    const api = fakeApi({
      'POST /api/payment/*/card/gettoken': () => json(200, token(1)),
      'POST /api/v1/account/subscription/payUsingNewCard': () => json(200, result()),
    });
    const { checkout, deps } = await loaded({ user: checkoutCustomer('JO'), kind: 'signup' });
    checkout.chooseMethod('newCard');
    checkout.changeForm('newCard', card);
    checkout.submit();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/*/AutoPayOptions')).toHaveLength(0);
  });

  it('keeps a signup’s AutoPay choice across the provider’s page', async () => {
    const api = fakeApi({
      'POST /api/v1/account/subscription/payUsingNewThirdParty': () => json(200, result({ paymentMethodCode: 'PP01' })),
      'POST /api/v1/account/*/AutoPayOptions': () => json(200, { ...autoPayOptions('JO'), value: true }),
    });
    const { checkout, deps } = open({
      kind: 'signup',
      query: '?id=2&token=EC-7&PayerID=P-1&save=1',
      pending: { planId: 2, renew: false, autoPay: true },
    });
    await checkout.completeReturn();
    await vi.waitFor(() => expect(deps.onPaid).toHaveBeenCalledOnce());
    expect(api.calls('POST /api/v1/account/*/AutoPayOptions')).toHaveLength(1);
  });
});
