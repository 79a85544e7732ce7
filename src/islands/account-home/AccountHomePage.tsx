/**
 * Account home (spec 1 §2.1, §2.3): the tabs addresses, packages, profile, messages (unread badge), requests
 * and claim packages. The page loads addresses, packages, messages and requests (the stores of
 * src/lib/account-home/queries.ts and home-queries.ts); the tab is in the URL (`?tab=`) so reload and back keep
 * it, and every tab click is an analytics interaction.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getAddresses } from '../../lib/api/account-home/contract.ts';
import { loadFailure, refetch, setAnswer } from '../../lib/api/query.ts';
import { $addresses, readAccountIn } from '../../lib/account-home/queries.ts';
import {
  $messages,
  $packageSearch,
  $packages,
  $packagesSummary,
  $pageIndex,
  $requests,
  accountHomeShownAgain,
  searchPackages,
  turnPage,
} from '../../lib/account-home/home-queries.ts';
import { chosenTab, visibleTabs, type Tab } from '../../lib/account-home/tabs.ts';
import { pushEvent } from '../../lib/analytics/data-layer.ts';
import { $session } from '../../lib/session/session-store.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { Isolated } from '../ui/i18n/Isolated.tsx';
import { TabList } from '../ui/Tabs.tsx';
import { PackagesTab } from './PackagesTab.tsx';

// The other tabs load when one is chosen: a customer with packages opens on theirs.
const OtherTabs = lazy(() => import('./OtherTabs.tsx'));

interface Props {
  lang: Lang;
  brandSlug: string;
}

const PREFIX = 'account-home';

function tabFromUrl(): string | null {
  return new URLSearchParams(location.search).get('tab');
}

function AccountHomeView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'account', 'landedCost');
  const user = useStore($session);
  const addresses$ = useStore($addresses);
  const packages$ = useStore($packages);
  const messages$ = useStore($messages);
  // Requests load with the page (spec 2 §7), for their tab and the profile's.
  useStore($requests);
  const pages = useStore($pageIndex);
  const search = useStore($packageSearch);
  const summary = useStore($packagesSummary).data;
  const [requested, setRequested] = useState<string | null>(tabFromUrl);

  // A search that matches nothing must not send the page to another tab: the packages tab goes in the URL.
  const onSearch = useCallback((wanted: string) => {
    if (tabFromUrl() !== 'packages' && wanted.trim() !== '') {
      const url = new URL(location.href);
      url.searchParams.set('tab', 'packages');
      history.replaceState(null, '', url);
      setRequested('packages');
    }
    searchPackages(wanted);
  }, []);

  useEffect(() => readAccountIn(lang), [lang]);

  useEffect(() => {
    const onPop = () => setRequested(tabFromUrl());
    // Back from a message restores this page from the cache: the unread count must be fresh.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) accountHomeShownAgain();
    };
    addEventListener('popstate', onPop);
    addEventListener('pageshow', onShow);
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener('pageshow', onShow);
    };
  }, []);

  if (!user) return null;
  const addresses = addresses$.data;
  const packages = packages$.data;
  // The page shows once its addresses and first pages of packages and messages are in; requests only fill their
  // tab. A later page that fails shows in its tab.
  const failed = Boolean(loadFailure(addresses$) ?? loadFailure(packages$) ?? loadFailure(messages$));
  // The heading shows from the first view, as the page's HTML has it (src/pages/[lang]/home/account.astro).
  const heading = (
    <h1>
      <Isolated t={t} k="accountHome.heading" data={{ name: user.firstName }} />
    </h1>
  );
  if (failed || !addresses || !packages || !messages$.data) {
    return (
      <div className="account-home">
        {heading}
        <LoadStatus
          t={t}
          loading={!failed}
          error={failed ? 'errors.500' : null}
          onRetry={() => {
            if (addresses$.error) refetch(getAddresses);
            if (packages$.error) $packages.refetch();
            if (messages$.error) $messages.refetch();
          }}
        />
      </div>
    );
  }

  const facts = {
    addressCount: addresses.length,
    packageCount: packages.pagination.TotalCount,
    hasMailboxes: user.hasMailboxes,
  };
  const tab = chosenTab(requested, facts);
  const select = (next: Tab) => {
    if (next === tab) return;
    pushEvent({ event: 'interaction', category: 'account-home', action: 'tab', label: next });
    const url = new URL(location.href);
    url.searchParams.set('tab', next);
    history.pushState(null, '', url);
    setRequested(next);
  };
  const unread = messages$.data?.data.unreadCount ?? 0;
  const nearDeadline = summary?.nearDeadline ?? 0;
  const tabs = visibleTabs(facts).map((id) => ({
    id,
    label:
      id === 'messages' && unread > 0 ? (
        <>
          {t('accountHome.tab.messages')}{' '}
          <span className="badge" aria-label={t('messages.unreadCount', { count: unread })}>
            {unread}
          </span>
        </>
      ) : (
        t(`accountHome.tab.${id}`)
      ),
  }));

  return (
    <div className="account-home">
      {heading}
      {nearDeadline > 0 && (
        <div className="notice notice-warning package-deadline-notice">
          <p>
            {t('accountHome.nearDeadline', { count: nearDeadline })}{' '}
            <a
              href="?tab=packages"
              onClick={(event) => {
                event.preventDefault();
                select('packages');
                document.getElementById(`${PREFIX}-tab-packages`)?.focus();
              }}
            >
              {t('accountHome.nearDeadlineLink')}
            </a>
          </p>
        </div>
      )}
      <TabList label={t('accountHome.tabs')} tabs={tabs} current={tab} onSelect={select} idPrefix={PREFIX} />
      <div role="tabpanel" id={`${PREFIX}-panel-${tab}`} aria-labelledby={`${PREFIX}-tab-${tab}`} className="tab-panel">
        {/* The panel's own heading, for those who move by headings: its items' headings are a level below. */}
        <h2 className="visually-hidden">{t(`accountHome.tab.${tab}`)}</h2>
        {tab === 'packages' && (
          <PackagesTab
            t={t}
            lang={lang}
            brandSlug={brandSlug}
            unit={user.weightUnit}
            list={packages$}
            pageIndex={pages.packages}
            onPage={(i) => turnPage('packages', i)}
            onRetry={() => $packages.refetch()}
            search={search}
            onSearch={onSearch}
          />
        )}
        {tab !== 'packages' && (
          <Suspense fallback={<LoadStatus t={t} loading error={null} />}>
            <OtherTabs
              tab={tab}
              lang={lang}
              brandSlug={brandSlug}
              user={user}
              addresses={addresses}
              onAddressesChange={(changed) => setAnswer(getAddresses, changed)}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export default island(AccountHomeView);
