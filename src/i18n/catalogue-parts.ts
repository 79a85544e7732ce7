/**
 * The browser loads the catalogue in parts (docs/decisions/025): a core every island needs, and feature parts
 * only the islands that show them load. Keys are assigned to parts by their prefix; `mail.` keys are written
 * into e-mails by the server and never sent to a browser. The build makes each part of each language its own
 * chunk (`virtual:catalogue/<lang>/<part>`, astro.config.mjs); the server renders with the whole catalogue.
 */
import type { Catalogue } from './i18n.ts';

/** Feature parts and the key prefixes each holds. A key under none of them is in the core. */
const FEATURE_PARTS = {
  /** Turn-by-turn directions to an office (the office locator). */
  directions: ['directions.'],
  /** The checkout and its card form (the wallet's add-card form is the same). */
  payments: ['checkout.'],
  /** The wallet: saved payment options, AutoPay, balance. */
  wallet: ['wallet.', 'accountWallet.', 'accountwallet.'],
  /** The membership plan pages and saved payment options in short. */
  membership: ['membership.'],
  /** A shipment's tracking page. */
  tracking: ['tracking.'],
  /** What a parcel costs to land, line by line (src/islands/ui/LandedCostBreakdown.tsx). */
  landedCost: ['landedCost.'],
  /** The return wizard, with the titles it gives its steps. */
  returns: ['return.', 'title.return.'],
  /** The office locator, with the titles it gives its views, and service options. */
  places: [
    'officeLocator.',
    'serviceOptions.',
    'title.office-locator',
    // The three-word address's map picker (src/islands/ui/three-words/ThreeWordPicker.tsx), which loads this part;
    // the field itself keeps its few words in the core.
    'threeWords.pickerTitle',
    'threeWords.lock',
    'threeWords.unlockedHint',
    'threeWords.mapLabel',
    'threeWords.otherCountry',
    'threeWords.noAddress',
    'threeWords.locating',
    'threeWords.lookupFailed',
    'threeWords.use',
  ],
  /** Requests, claims and messages in the account. */
  requests: ['request.', 'requests.', 'claim.', 'message.'],
  /** The account home's tabs. */
  account: ['accountHome.', 'packages.', 'shipmentStatus.', 'profileTab.', 'menu.', 'addresses.', 'messages.'],
  /** Shipments due for payment. */
  pending: ['pendingPayments.'],
  /** Why a payment provider refused, wherever a payment's outcome shows (src/lib/payments/gateway-messages.ts). */
  gateway: ['gateway.'],
  /** How to use the mailboxes. */
  howToUse: ['howToUse.'],
  /** Logging in, the password's pages, activation links and the agreement. */
  auth: ['login.', 'changePassword.', 'forgotPassword.', 'activate.', 'reactivate.', 'agreement.'],
  /**
   * What the login page alone shows beyond the 'auth' part the signup and password pages share: passkeys and the
   * two-step code (whose 'twoFactor.login.' keys this part claims before 'preferences' takes the other 'twoFactor.'
   * ones).
   */
  loginSteps: ['loginSteps.', 'twoFactor.login.'],
  /** Membership plans as offered and chosen. */
  plans: ['plan.'],
  /** What the article pages' islands say (the flex article's plans). */
  articles: ['article.'],
  /** The profile's weight unit (issue 24). */
  profile: ['profile.weightUnit'],
  /**
   * The profile's package alerts (issue 24), mailing lists, sessions and ways of logging in (issue 25) and
   * notifications on the device (issue 26), which load as the customer scrolls to them.
   */
  preferences: ['alerts.', 'preferences.', 'sessions.', 'reauth.', 'passkeys.', 'twoFactor.', 'push.'],
  /** Files sent with the ID, a claim or a request. */
  uploads: ['upload.'],
} as const satisfies Record<string, readonly string[]>;

export type FeaturePart = keyof typeof FEATURE_PARTS;
export type BrowserPart = 'core' | FeaturePart;

/**
 * Prefixes of keys only the server uses: e-mails and service messages, and the parts of pages rendered at build
 * time (page titles, the shell, articles and rates, the home page, the widgets, which get their messages as props). A feature part's
 * prefix wins over these ('title.return.' is the return wizard's).
 */
const SERVER_ONLY_PREFIXES = [
  'mail.',
  'carousel.',
  // The content editor's words (issue 27), which the server hands the editor with its settings.
  'editor.',
  'footer.',
  'home.',
  'installBanner.',
  'lang.',
  'liveChat.',
  // The menus' words: the shell is rendered at build time, and the help box gets its tabs' names as props.
  'nav.',
  'notFound.',
  'rates.',
  // The product's messages to customers, which the API writes in the reader's language.
  'serviceMessage.',
  // Push notifications' texts (issue 26), which the server writes in the device's language.
  'pushMessage.',
  'shell.',
  'shop.',
  'shops.',
  'site.',
  'social.',
  'title.',
  'widgets.',
] as const;

const FEATURE_PART_NAMES = Object.keys(FEATURE_PARTS) as FeaturePart[];
export const BROWSER_PARTS: readonly BrowserPart[] = ['core', ...FEATURE_PART_NAMES];

/** The part a key belongs to, or 'server' for keys that never reach a browser. */
export function partOfKey(key: string): BrowserPart | 'server' {
  for (const part of FEATURE_PART_NAMES) {
    if (FEATURE_PARTS[part].some((prefix) => key.startsWith(prefix))) return part;
  }
  return SERVER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'server' : 'core';
}

/** The feature parts the given keys need besides the core. */
export function featurePartsOf(keys: Iterable<string>): FeaturePart[] {
  const parts = new Set<FeaturePart>();
  for (const key of keys) {
    const part = partOfKey(key);
    if (part !== 'core' && part !== 'server') parts.add(part);
  }
  return [...parts].sort();
}

/** One part of a whole catalogue. */
export function cataloguePart(catalogue: Catalogue, part: BrowserPart): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => partOfKey(key) === part));
}
