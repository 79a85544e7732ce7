/**
 * The help box (spec 1 §2.7, spec 2 §2, §8): tabs for unacceptable materials, service updates, customer support
 * and FAQs, each loaded from GET api/articles when the box hydrates. A tab whose call fails is marked not loaded
 * (on the tab and in its panel) and offers a retry. Server-rendered: every panel links to its full page before
 * anything has loaded, so the box is useful without script too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Catalogue } from '../../i18n/i18n.ts';
import type { Lang } from '../../i18n/languages.ts';
import type { ArticleResponse } from '../../lib/api/articles/contract.ts';
import {
  HELP_TABS,
  HELP_TAB_LABELS,
  HELP_TAB_ROUTES,
  LIST_TABS,
  scopeOf,
  type HelpTab,
} from '../../lib/widgets/help-box.ts';
import { formatDay } from '../../lib/widgets/format.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { $helpBoxTabs, retryHelpTab, showHelpBox, type HelpTabLoad } from '../../lib/widgets/queries.ts';
import { useMessages } from '../ui/i18n/use-messages.ts';
import { useHydratedStore } from '../ui/use-hydrated-store.ts';
import { TabList } from '../ui/Tabs.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  /** The help box's messages (HELP_BOX_MESSAGES), picked from the language's catalogue at build time. */
  messages: Catalogue;
}

type TabState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; article: ArticleResponse };

/** What the server renders and the browser hydrates: every tab still to load. */
const NOT_ASKED = Object.fromEntries(HELP_TABS.map((tab) => [tab, { loading: false }])) as Record<HelpTab, HelpTabLoad>;

function stateOf({ data, error }: HelpTabLoad): TabState {
  if (data) return { status: 'loaded', article: data };
  return error ? { status: 'failed' } : { status: 'loading' };
}

export default function HelpBox({ lang, brandSlug, messages }: Props) {
  const t = useMessages(lang, messages);
  const id = useId();
  const [current, setCurrent] = useState<HelpTab>(HELP_TABS[0]);
  // Server-rendered: the first browser render matches the server's markup, and the tabs load from then on.
  const loads = useHydratedStore($helpBoxTabs, NOT_ASKED);
  const tabs = Object.fromEntries(HELP_TABS.map((tab) => [tab, stateOf(loads[tab])])) as Record<HelpTab, TabState>;
  const panels = useRef<Partial<Record<HelpTab, HTMLDivElement | null>>>({});

  useEffect(() => {
    // The customer support tab follows the session (src/lib/widgets/queries.ts).
    showHelpBox(lang, scopeOf(document.documentElement.dataset.brand) ?? scopeOf(brandSlug) ?? 'shipbox');
  }, [lang, brandSlug]);

  const retry = (tab: HelpTab) => {
    retryHelpTab(tab);
    // The retry button goes away: keep the keyboard in the panel, whose status line says what happens next.
    panels.current[tab]?.focus();
  };

  const tabList = HELP_TABS.map((tab) => {
    const status = tabs[tab].status;
    const attributes: Record<`data-${string}`, string> =
      status === 'loading' ? {} : { 'data-loaded': String(status === 'loaded') };
    return {
      id: tab,
      label: (
        <>
          {t(HELP_TAB_LABELS[tab])}
          {status === 'failed' && <span className="tab-flag"> {t('widgets.helpBox.notLoaded')}</span>}
        </>
      ),
      attributes,
    };
  });

  return (
    <section className="help-box widget" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="widget-heading">
        {t('widgets.helpBox.heading')}
      </h2>
      <TabList label={t('widgets.helpBox.tabs')} tabs={tabList} current={current} onSelect={setCurrent} idPrefix={id} />
      {HELP_TABS.map((tab) => {
        const state = tabs[tab];
        return (
          <div
            key={tab}
            ref={(el) => {
              panels.current[tab] = el;
            }}
            role="tabpanel"
            id={`${id}-panel-${tab}`}
            aria-labelledby={`${id}-tab-${tab}`}
            aria-busy={state.status === 'loading'}
            data-loaded={state.status === 'loading' ? undefined : String(state.status === 'loaded')}
            hidden={tab !== current}
            tabIndex={-1}
            className="tab-panel help-panel"
          >
            <HelpPanel
              t={t}
              lang={lang}
              tab={tab}
              state={state}
              fullPage={buildUrl(lang, HELP_TAB_ROUTES[tab], brandSlug)}
            />
            {state.status === 'failed' && (
              <button type="button" className="button button-small button-secondary" onClick={() => retry(tab)}>
                {t('widgets.retry')}
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}

interface PanelProps {
  t: TFunction;
  lang: Lang;
  tab: HelpTab;
  state: TabState;
  /** The tab's own page on the site, until the API names it. */
  fullPage: string;
}

function HelpPanel({ t, lang, tab, state, fullPage }: PanelProps) {
  const article = state.status === 'loaded' ? state.article : null;
  const status =
    state.status === 'loading' ? t('common.loading') : state.status === 'failed' ? t('widgets.helpBox.loadFailed') : '';
  const href = article?.url || fullPage;
  return (
    <>
      {/* Always present, so a screen reader hears when loading ends in a failure. */}
      <p role="status" className={status ? 'help-status' : 'visually-hidden'}>
        {status}
      </p>
      {article && LIST_TABS.has(tab) && (
        <>
          {article.articles.length === 0 ? (
            <p>{t('widgets.helpBox.empty')}</p>
          ) : (
            <ul className="help-list">
              {article.articles.map((item) => (
                <li key={item.id}>
                  <a href={item.url}>{item.subject}</a>
                  {tab === 'service-updates' && item.date && (
                    <time className="help-date" dateTime={item.date}>
                      {formatDay(item.date, lang)}
                    </time>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {article && !LIST_TABS.has(tab) && (
        <>
          <h3 className="help-subject">{article.subject}</h3>
          <p>{article.summary}</p>
        </>
      )}
      <p className="help-more">
        {LIST_TABS.has(tab) ? (
          <a href={href}>{t(`widgets.helpBox.all.${tab}`)}</a>
        ) : (
          // The link says where it goes in its own words, for everyone (and for search engines).
          <a href={href}>
            {t('widgets.helpBox.readMoreAbout', { subject: article?.subject ?? t(HELP_TAB_LABELS[tab]) })}
          </a>
        )}
      </p>
    </>
  );
}
