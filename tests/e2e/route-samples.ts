/**
 * A URL for every route of the route table (src/lib/routes/route-table.ts), with the visitor or customer that
 * opens it and what kind of page it is. The every-route suite fails when a route has no sample, so a new route
 * is audited (axe, headers, size budgets) from the day it is added. `npm run bench` picks its pages from here.
 */

/** Who opens the page: a visitor; the demo customer (read only); a fresh customer; one without mailboxes yet. */
export type Who = 'visitor' | 'demo' | 'customer' | 'incomplete';

/**
 * The page's budget class (docs/decisions/024): articles load at most 20 KB gzip of JavaScript before any
 * interaction; the other pages have a ceiling; only map pages load the map library before interaction.
 */
export type Kind = 'article' | 'app' | 'account' | 'map';

export interface RouteSample {
  /** Path under `/{lang}/`; `{delivered}`, `{request}` and `{message}` are filled in from the customer's data. */
  path: string;
  who: Who;
  kind: Kind;
  /** Where the page sends this visitor, when it is not its own path (a wizard's first step, a bad link). */
  lands?: string;
  /**
   * KB gzip of JavaScript before any interaction, where the page has one of its own below its kind's ceiling: the
   * island pages of the benchmark, held to what they reached with a little room (issue 28, target 5: 120 is the aim).
   */
  budget?: number;
}

/**
 * KB gzip of JavaScript before any interaction: 20 on articles, 150 on every other page (the map library
 * excepted on map pages), unless the sample sets its own lower budget. What keeps island pages under it is in
 * docs/decisions/025.
 */
export const BUDGET_KB: Record<Kind, number> = { article: 20, app: 150, account: 150, map: 150 };

/** The budget of a sample: its own, else its kind's. */
export const budgetOf = (sample: RouteSample): number => sample.budget ?? BUDGET_KB[sample.kind];

const article = (path: string): RouteSample => ({ path, who: 'visitor', kind: 'article' });
const visitor = (path: string): RouteSample => ({ path, who: 'visitor', kind: 'app' });
const demo = (path: string): RouteSample => ({ path, who: 'demo', kind: 'account' });
const customer = (path: string): RouteSample => ({ path, who: 'customer', kind: 'account' });
const incomplete = (path: string): RouteSample => ({ path, who: 'incomplete', kind: 'account' });
const map = (path: string): RouteSample => ({ path, who: 'visitor', kind: 'map' });

export const ROUTE_SAMPLES: Readonly<Record<string, RouteSample>> = {
  login: { ...visitor('login'), budget: 142 },
  tracking: { ...visitor('tracking/SB9000105'), budget: 136 },
  'pending-payments': customer('pending-payments'),
  home: visitor('home'),
  '404': visitor('404'),
  'account-settings': customer('account-settings'),
  // Without a country (none by IP on loopback) the locator asks for one and draws no map yet.
  'office-locator': { ...visitor('office/office-locator'), budget: 133 },
  'office-locator.country': { ...map('office/office-locator/AE'), budget: 133 },
  'office-locator.place': { ...map('office/office-locator/AE/DXB'), budget: 133 },
  'account-home': { ...demo('home/account'), budget: 141 },
  'account.wallet': { ...demo('account/payment-options'), budget: 149 },
  'account.edit-profile': demo('account/edit-profile'),
  'account.change-password': demo('account/change-password'),
  'account.forget-password': visitor('account/forget-password'),
  // A link that is not (or no longer) valid ends on the login page, which says so.
  'account.activate': { ...visitor('account/activate?q=not-a-real-link-0000000000'), lands: 'login' },
  'account.reactivate': { ...visitor('account/reactivate?q=not-a-real-link-0000000000'), lands: 'login' },
  'account.membershipPayment': { ...customer('account/membership-payment?id=2'), budget: 150 },
  'account.membership': demo('account/membership-plan'),
  'account.membershipUpgraded': customer('account/membership-upgraded'),
  'account.edit-request': demo('account/request/edit/{request}'),
  'account.submit-request': demo('account/request/submit?categoryId=562&shipmentAwb=SB7000105'),
  'account.message': demo('account/message/{message}'),
  // How to use opens on the first mailbox's country and warehouse.
  howtouse: { ...demo('howtouse'), lands: 'howtouse/US/NYC' },
  'howtouse.country': { ...demo('howtouse/GB'), lands: 'howtouse/GB/LON' },
  'howtouse.entity': demo('howtouse/GB/LON'),
  // The return wizard starts at its first step until the earlier steps are done.
  return: { ...customer('shipment-return?id={delivered}'), lands: 'shipment-return/address-from' },
  'return.address-from': customer('shipment-return/address-from?id={delivered}'),
  'return.address-to': {
    ...customer('shipment-return/address-to?id={delivered}'),
    lands: 'shipment-return/address-from',
  },
  'return.pickup': { ...customer('shipment-return/pickup?id={delivered}'), lands: 'shipment-return/address-from' },
  'signup.new': visitor('signup/profile'),
  'signup.shipping': incomplete('signup/shipping'),
  'signup.payment': incomplete('signup/payment?id=2'),
  'signup.confirmation': customer('signup/confirmation'),
  'signup.upload': customer('signup/upload'),
  'about.what-is': article('about/what-is-{brand}'),
  'about.how-it-works': article('about/how-{brand}-works'),
  'about.flex': article('about/{brand}-flex'),
  agreement: article('agreement'),
  'features.protect': article('features/{brand}-protect'),
  'features.select': article('features/{brand}-select'),
  'privacy-policy': article('privacy-policy'),
  'terms-of-use': article('terms-of-use'),
  'help.contact-us': article('help/contact-us'),
  'customer-support': article('customer-support'),
  'help.unacceptable-materials': article('help/unacceptable-materials'),
  'service-updates': article('service-updates'),
  'service-updates.page': article('service-updates/page/2'),
  'service-updates.detail': article('service-updates/201/lunar-new-year-closures-guangzhou-hong-kong'),
  'single-banner': article('single-banner/301/your-addresses-in-13-countries'),
  faqs: article('faqs'),
  'faqs.detail': article('faqs/101/what-is-the-service'),
  'about.country-rate': article('about/country-rate'),
  'features.shopping-directory': article('features/shopping-directory'),
};
