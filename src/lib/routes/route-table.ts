/**
 * The route table of spec 1 §2.1 and §2.5: every state the product navigates to.
 * The guard (src/lib/guard), the server's URL rules and the exported hosting rules all read it.
 */

/** Spec 1 §4.1: needs login 0, only logged-out 1, both 2, no check 3. */
export const Access = { login: 0, loggedOut: 1, both: 2, open: 3 } as const;
export type AccessType = (typeof Access)[keyof typeof Access];

/**
 * How a URL of the route reaches the browser:
 * - `page`: a prebuilt file per URL (articles prebuilt per id included); anything else is a 404;
 * - `shell`: a client-only page whose one prebuilt file serves every parameter value.
 */
export type Serve = 'page' | 'shell';

export interface RouteDef {
  /** State name used for navigation (`toStateName`). */
  name: string;
  /** Path under `/{lang}/`; `:param` marks a parameter; `{brand}` is the brand's slug. */
  path: string;
  access: AccessType;
  /** The user must hold mailboxes; a logged-in user without them is sent to signup.new. */
  needsMailbox: boolean;
  /** Open to a logged-in user whatever their mailboxes (spec 1 §4.1 step 7). */
  allowsIncomplete: boolean;
  fullWidth: boolean;
  serve: Serve;
  /** Shape each parameter must have; a URL that fails it is a 404. */
  constraints?: Readonly<Record<string, RegExp>>;
  /** Query parameters the route reads. */
  query?: readonly string[];
  /** For `shell` routes: the page (path under `/{lang}/`) that serves them; default: the path before its first parameter. */
  shell?: string;
}

type Flags = Partial<
  Pick<RouteDef, 'needsMailbox' | 'allowsIncomplete' | 'fullWidth' | 'serve' | 'constraints' | 'query' | 'shell'>
>;

function route(name: string, path: string, access: AccessType, flags: Flags = {}): RouteDef {
  return {
    name,
    path,
    access,
    needsMailbox: flags.needsMailbox ?? false,
    allowsIncomplete: flags.allowsIncomplete ?? false,
    fullWidth: flags.fullWidth ?? false,
    serve: flags.serve ?? 'page',
    ...(flags.constraints ? { constraints: flags.constraints } : {}),
    ...(flags.query ? { query: flags.query } : {}),
    ...(flags.shell ? { shell: flags.shell } : {}),
  };
}

const { login, loggedOut, both, open } = Access;
/** A logged-in page that any logged-in user may open, with or without mailboxes. */
const anyAccount = { allowsIncomplete: true } as const;
const mailbox = { needsMailbox: true } as const;
/** The return wizard: one page serves every step; `id` is the shipment's package id (hawb id). */
const returnStep = {
  needsMailbox: true,
  fullWidth: true,
  serve: 'shell',
  shell: 'shipment-return',
  query: ['id'],
} as const;
const PAYMENT_QUERY = [
  'id',
  'save',
  'token',
  'PayerID',
  'estn',
  'PaymentID',
  'addPayPal',
  'isFreePromo',
  'cpc',
  'Id',
  'cancelled',
];

const COUNTRY = /^[A-Za-z]{2}$/;
const PLACE_ID = /^(?:[A-Za-z]{3}|\d{1,5})$/;
/** Articles opened by id: a number and the subject's slug. */
const ARTICLE_ID = { id: /^\d{1,5}$/, subject: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ } as const;
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

export const ROUTES: readonly RouteDef[] = [
  // Spec 1 §2.1
  route('login', 'login', loggedOut, { fullWidth: true, query: ['email', 'toStateName', 'toStateParams'] }),
  // Pay now comes back from the provider's page with the order it paid (and cancelled=1 when the customer gave up).
  route('tracking', 'tracking/:awbNumber', open, { serve: 'shell', query: ['order', 'cancelled'] }),
  // The provider's payment page returns with the order it paid (and cancelled=1 when the customer gave up).
  route('pending-payments', 'pending-payments', login, { ...mailbox, query: ['order', 'cancelled'] }),
  route('home', 'home', open, { fullWidth: true }),
  route('404', '404', open),
  route('account-settings', 'account-settings', login, { ...mailbox, fullWidth: true }),
  route('office-locator', 'office/office-locator', open, { serve: 'shell' }),
  route('office-locator.country', 'office/office-locator/:countryCode', open, {
    serve: 'shell',
    constraints: { countryCode: COUNTRY },
  }),
  route('office-locator.place', 'office/office-locator/:countryCode/:id', open, {
    serve: 'shell',
    constraints: { countryCode: COUNTRY, id: PLACE_ID },
  }),
  route('account-home', 'home/account', login, { ...anyAccount, query: ['tab'] }),
  // token: a third-party account approved on the provider's page; id: the provider's card frame returning (step 5).
  route('account.wallet', 'account/payment-options', login, { ...mailbox, query: ['token', 'id', 'cancelled'] }),
  route('account.edit-profile', 'account/edit-profile', login, anyAccount),
  route('account.change-password', 'account/change-password', open, { query: ['q'] }),
  route('account.forget-password', 'account/forget-password', loggedOut, { query: ['email'] }),
  route('account.activate', 'account/activate', loggedOut, { query: ['q'] }),
  route('account.reactivate', 'account/reactivate', loggedOut, { query: ['q'] }),
  route('account.membershipPayment', 'account/membership-payment', login, { ...anyAccount, query: PAYMENT_QUERY }),
  route('account.membership', 'account/membership-plan', login, anyAccount),
  route('account.membershipUpgraded', 'account/membership-upgraded', login, {
    ...anyAccount,
    query: ['paymentResponse'],
  }),
  route('account.edit-request', 'account/request/edit/:id', login, { ...anyAccount, serve: 'shell' }),
  route('account.submit-request', 'account/request/submit', login, {
    ...anyAccount,
    query: ['categoryId', 'shipmentAwb'],
  }),
  route('account.message', 'account/message/:id', login, { ...mailbox, serve: 'shell' }),
  route('howtouse', 'howtouse', login, { ...mailbox, serve: 'shell' }),
  route('howtouse.country', 'howtouse/:countryCode', login, { ...mailbox, serve: 'shell' }),
  route('howtouse.entity', 'howtouse/:countryCode/:entityName', login, { ...mailbox, serve: 'shell' }),
  route('return', 'shipment-return', login, returnStep),
  route('return.address-from', 'shipment-return/address-from', login, returnStep),
  route('return.address-to', 'shipment-return/address-to', login, returnStep),
  route('return.pickup', 'shipment-return/pickup', login, returnStep),
  // Spec 1 §2.4: a visitor or a logged-in user without mailboxes starts here; users with mailboxes are done.
  route('signup.new', 'signup/profile', both, { query: ['id'] }),
  // Only for a logged-in user still without mailboxes (step 7 sends the others to account-home).
  route('signup.shipping', 'signup/shipping', login),
  route('signup.payment', 'signup/payment', login, { query: PAYMENT_QUERY }),
  // After payment the account holds mailboxes, so these two are open to every logged-in user.
  route('signup.confirmation', 'signup/confirmation', login, { ...anyAccount, query: ['m', 'status'] }),
  route('signup.upload', 'signup/upload', login, anyAccount),

  // Spec 1 §2.5: open articles and informational pages.
  route('about.what-is', 'about/what-is-{brand}', open),
  route('about.how-it-works', 'about/how-{brand}-works', open),
  route('about.flex', 'about/{brand}-flex', open),
  route('agreement', 'agreement', open),
  route('features.protect', 'features/{brand}-protect', open),
  route('features.select', 'features/{brand}-select', open),
  route('privacy-policy', 'privacy-policy', open),
  route('terms-of-use', 'terms-of-use', open),
  route('help.contact-us', 'help/contact-us', open),
  route('customer-support', 'customer-support', open),
  route('help.unacceptable-materials', 'help/unacceptable-materials', open),
  route('service-updates', 'service-updates', open),
  // News pages after the first (10 a page, spec 2 §9), prebuilt like the first so they read without JavaScript.
  route('service-updates.page', 'service-updates/page/:page', open, { constraints: { page: PAGE_NUMBER } }),
  route('service-updates.detail', 'service-updates/:id/:subject', open, { constraints: ARTICLE_ID }),
  route('single-banner', 'single-banner/:id/:subject', open, { constraints: ARTICLE_ID }),
  route('faqs', 'faqs', open),
  route('faqs.detail', 'faqs/:id/:subject', open, { constraints: ARTICLE_ID }),
  route('about.country-rate', 'about/country-rate', open),
  route('features.shopping-directory', 'features/shopping-directory', open, { query: ['countryCode'] }),
];

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export function getRoute(name: string): RouteDef | undefined {
  return byName.get(name);
}

export function requireRoute(name: string): RouteDef {
  const r = byName.get(name);
  if (!r) throw new Error(`Unknown route state: ${name}`);
  return r;
}
