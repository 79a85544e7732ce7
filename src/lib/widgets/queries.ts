/**
 * What the widgets read (spec 1 §2.7, spec 2 §2, §8), one query each (src/lib/api/query.ts). The help box's four
 * tabs are asked when the box is shown in the browser (never on the server, which renders it first), the customer
 * support tab again as the session changes. The converter's currencies are asked when the converter first opens.
 */
import { atom, computed } from 'nanostores';
import type { Lang } from '../../i18n/languages.ts';
import { query, type Query } from '../api/query.ts';
import { getArticles } from '../api/articles/contract.ts';
import { getCurrencies } from '../api/widgets/contract.ts';
import { $isLoggedIn } from '../session/session-store.ts';
import { HELP_TABS, helpBoxQuery, type HelpTab, type Scope } from './help-box.ts';

/** The help box's language and brand; null until it is shown. */
const $helpBox = atom<{ lang: Lang; scope: Scope } | null>(null);

/** Each tab's article or list. */
export const $helpTabs = Object.fromEntries(
  HELP_TABS.map((tab) => [
    tab,
    query(
      getArticles,
      computed([$helpBox, $isLoggedIn], (box, loggedIn) =>
        box ? { query: helpBoxQuery(tab, { ...box, loggedIn }) } : null,
      ),
    ),
  ]),
) as Record<HelpTab, Query<typeof getArticles>>;

/** What a tab's query holds. */
export type HelpTabLoad = ReturnType<Query<typeof getArticles>['get']>;

/** Every tab's query at once, for the box (its tab list marks the tabs that failed). */
export const $helpBoxTabs = computed(
  HELP_TABS.map((tab) => $helpTabs[tab]),
  (...tabs) => Object.fromEntries(HELP_TABS.map((tab, i) => [tab, tabs[i]])) as Record<HelpTab, HelpTabLoad>,
);

/** Asks for the help box's tabs. */
export function showHelpBox(lang: Lang, scope: Scope): void {
  $helpBox.set({ lang, scope });
}

/** Asks one tab again (its retry), as `refetch` would: the other tabs, and other articles of the page, are not. */
export function retryHelpTab(tab: HelpTab): void {
  $helpTabs[tab].refetch();
}

/** The language the converter lists its currencies in; null until it first opens. */
const $currencyLang = atom<Lang | null>(null);

export const $currencies = query(
  getCurrencies,
  computed($currencyLang, (lang) => (lang ? { query: { language: lang } } : null)),
);

/** Asks for the currencies, in `lang` (again: nothing is asked twice). */
export function showCurrencies(lang: Lang): void {
  $currencyLang.set(lang);
}
