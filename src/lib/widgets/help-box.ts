/** The help box (spec 1 §2.7, spec 2 §2): four tabs, each loaded from GET api/articles. */
import type { ArticlesQuery } from '../api/articles/contract.ts';
import type { Lang } from '../../i18n/languages.ts';

export const HELP_TABS = ['unacceptable-materials', 'service-updates', 'customer-support', 'faqs'] as const;
export type HelpTab = (typeof HELP_TABS)[number];

/** Tabs that list articles; the others show one page's summary. */
export const LIST_TABS: ReadonlySet<HelpTab> = new Set(['service-updates', 'faqs']);
/** How many entries a list tab shows. */
export const HELP_LIST_SIZE = 5;

/** Translation key of each tab's name (the same words as the help menu). */
export const HELP_TAB_LABELS: Record<HelpTab, string> = {
  'unacceptable-materials': 'nav.help.unacceptableMaterials',
  'service-updates': 'nav.help.serviceUpdates',
  'customer-support': 'nav.help.customerSupport',
  faqs: 'nav.help.faqs',
};

/** The site page each tab leads to in full (a link that works before the box has loaded, or without script). */
export const HELP_TAB_ROUTES: Record<HelpTab, string> = {
  'unacceptable-materials': 'help.unacceptable-materials',
  'service-updates': 'service-updates',
  'customer-support': 'customer-support',
  faqs: 'faqs',
};

export type Scope = ArticlesQuery['scope'];

/** The API's scope for a brand slug (the `data-brand` of the page), or null for an unknown one. */
export function scopeOf(brandSlug: string | undefined): Scope | null {
  return brandSlug === 'shipbox' || brandSlug === 'mailbridge' ? brandSlug : null;
}

/** The call behind a tab. A logged-in customer's customer-support tab shows the account variant of the page. */
export function helpBoxQuery(tab: HelpTab, context: { lang: Lang; scope: Scope; loggedIn: boolean }): ArticlesQuery {
  const subCategory = tab === 'customer-support' && context.loggedIn ? 'customer-support-account' : tab;
  return {
    subCategory,
    language: context.lang,
    scope: context.scope,
    ...(LIST_TABS.has(tab) ? { pageindex: 0, pagesize: HELP_LIST_SIZE } : {}),
  };
}
