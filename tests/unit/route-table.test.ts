import { describe, expect, it } from 'vitest';
import { ROUTES, getRoute, Access } from '../../src/lib/routes/route-table.ts';
import { pageTitleKey } from '../../src/lib/routes/page-title.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';

const { login, loggedOut, both, open } = Access;

/** Spec 1 §2.1, row by row: [state, path, access, needs mailbox, allows incomplete, full width]. */
const SPEC_2_1: [string, string, number, boolean, boolean, boolean][] = [
  ['login', 'login', loggedOut, false, false, true],
  ['tracking', 'tracking/:awbNumber', open, false, false, false],
  ['pending-payments', 'pending-payments', login, true, false, false],
  ['home', 'home', open, false, false, true],
  ['404', '404', open, false, false, false],
  ['account-settings', 'account-settings', login, true, false, true],
  ['office-locator', 'office/office-locator', open, false, false, false],
  ['office-locator.country', 'office/office-locator/:countryCode', open, false, false, false],
  ['office-locator.place', 'office/office-locator/:countryCode/:id', open, false, false, false],
  ['account-home', 'home/account', login, false, true, false],
  ['account.wallet', 'account/payment-options', login, true, false, false],
  ['account.edit-profile', 'account/edit-profile', login, false, true, false],
  ['account.change-password', 'account/change-password', open, false, false, false],
  ['account.forget-password', 'account/forget-password', loggedOut, false, false, false],
  ['account.activate', 'account/activate', loggedOut, false, false, false],
  ['account.reactivate', 'account/reactivate', loggedOut, false, false, false],
  ['account.membershipPayment', 'account/membership-payment', login, false, true, false],
  ['account.membership', 'account/membership-plan', login, false, true, false],
  ['account.membershipUpgraded', 'account/membership-upgraded', login, false, true, false],
  ['account.edit-request', 'account/request/edit/:id', login, false, true, false],
  ['account.submit-request', 'account/request/submit', login, false, true, false],
  ['account.message', 'account/message/:id', login, true, false, false],
  ['howtouse', 'howtouse', login, true, false, false],
  ['howtouse.country', 'howtouse/:countryCode', login, true, false, false],
  ['howtouse.entity', 'howtouse/:countryCode/:entityName', login, true, false, false],
  ['return', 'shipment-return', login, true, false, true],
  ['return.address-from', 'shipment-return/address-from', login, true, false, true],
  ['return.address-to', 'shipment-return/address-to', login, true, false, true],
  ['return.pickup', 'shipment-return/pickup', login, true, false, true],
  ['signup.new', 'signup/profile', both, false, false, false],
  ['signup.shipping', 'signup/shipping', login, false, false, false],
  ['signup.payment', 'signup/payment', login, false, false, false],
  ['signup.confirmation', 'signup/confirmation', login, false, true, false],
  ['signup.upload', 'signup/upload', login, false, true, false],
];

/** Spec 1 §2.5: open article routes. */
const SPEC_2_5 = [
  'about/what-is-{brand}',
  'about/how-{brand}-works',
  'about/{brand}-flex',
  'agreement',
  'features/{brand}-protect',
  'features/{brand}-select',
  'privacy-policy',
  'terms-of-use',
  'help/contact-us',
  'customer-support',
  'help/unacceptable-materials',
  'service-updates',
  'service-updates/:id/:subject',
  'single-banner/:id/:subject',
  'faqs',
  'faqs/:id/:subject',
  'about/country-rate',
  'features/shopping-directory',
];

/** Other state names spec 1 §2.1 uses in navigation. */
const EXTRA_STATES = [
  'agreement',
  'account-home',
  'signup.new',
  'signup.payment',
  'account.membershipPayment',
  'account.wallet',
  'account.edit-request',
  'account.submit-request',
  'account.membership',
  'return.address-from',
  'return.address-to',
  'return.pickup',
  'single-banner',
  'howtouse.entity',
];

describe('route table', () => {
  it.each(SPEC_2_1)(
    '%s has the access data of spec 1 §2.1',
    (name, path, access, needsMailbox, allowsIncomplete, fullWidth) => {
      expect(getRoute(name)).toMatchObject({ path, access, needsMailbox, allowsIncomplete, fullWidth });
    },
  );

  it.each(SPEC_2_5)('article route %s is open', (path) => {
    const route = ROUTES.find((r) => r.path === path);
    expect(route?.access).toBe(open);
    expect(route?.needsMailbox).toBe(false);
  });

  it.each(EXTRA_STATES)('state %s exists', (name) => {
    expect(getRoute(name)).toBeDefined();
  });

  it('has no other routes but the news pages after the first, and no name or path twice', () => {
    // The service updates' further pages are prebuilt too (10 a page), so they read without JavaScript.
    expect(getRoute('service-updates.page')?.path).toBe('service-updates/page/:page');
    expect(ROUTES).toHaveLength(SPEC_2_1.length + SPEC_2_5.length + 1);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('gives every route a title key translated in both languages', () => {
    for (const route of ROUTES) {
      expect(pageTitleKey(route)).toBe(`title.${route.name}`);
      expect(catalogues.en[pageTitleKey(route)], pageTitleKey(route)).toBeTruthy();
      expect(catalogues.ar[pageTitleKey(route)], pageTitleKey(route)).toBeTruthy();
    }
  });

  it('constrains office-locator ids to three letters or 1-5 digits and countries to two letters', () => {
    const place = getRoute('office-locator.place');
    const id = place?.constraints?.id;
    const country = place?.constraints?.countryCode;
    expect(['ABC', 'dxb', '1', '12345'].every((v) => id?.test(v))).toBe(true);
    expect(['AB', 'ABCD', '123456', 'A1C', ''].some((v) => id?.test(v))).toBe(false);
    expect(country?.test('ae')).toBe(true);
    expect(country?.test('ARE')).toBe(false);
  });
});
