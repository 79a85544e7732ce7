/**
 * Account home (spec 1 §2.1, §2.3): the tabs addresses, packages, profile, messages (unread badge), requests
 * and claim packages. The page loads addresses, packages, messages and requests; the tab is in the URL
 * (`?tab=`) so reload and back keep it, and every tab click is an analytics interaction.
 */
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import type { Address, CustomerRequest, MessagesPage, Package } from '../../lib/api/account-home/contract.ts';
import {
  getAddresses,
  getMessages,
  getPackages,
  searchRequests,
  type Paged,
} from '../../lib/api/account-home/account-home.ts';
import { chosenTab, visibleTabs, type Tab } from '../../lib/account-home/tabs.ts';
import { pushEvent } from '../../lib/analytics/data-layer.ts';
import { $session } from '../../lib/session/session-store.ts';
import { island } from '../forms/Island.tsx';
import { TabList } from './Tabs.tsx';
import { AddressesTab } from './AddressesTab.tsx';
import { PackagesTab } from './PackagesTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { ClaimTab } from './ClaimTab.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

const PREFIX = 'account-home';

function tabFromUrl(): string | null {
  return new URLSearchParams(location.search).get('tab');
}

function AccountHomeView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'account', 'requests', 'plans', 'uploads');
  const user = useStore($session);
  const guid = user?.guid ?? '';
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [packages, setPackages] = useState<Paged<Package[]> | null>(null);
  const [messages, setMessages] = useState<Paged<MessagesPage> | null>(null);
  const [requests, setRequests] = useState<Paged<CustomerRequest[]> | null>(null);
  const [pages, setPages] = useState({ packages: 0, messages: 0, requests: 0 });
  const [failed, setFailed] = useState({ main: false, requests: false });
  const [requested, setRequested] = useState<string | null>(tabFromUrl);

  const load = useCallback(() => {
    if (!guid) return;
    Promise.all([getAddresses(guid), getPackages(guid, 0), getMessages(guid, 0)])
      .then(([a, p, m]) => {
        setAddresses(a);
        setPackages(p);
        setMessages(m);
      })
      .catch(() => setFailed((f) => ({ ...f, main: true })));
    searchRequests(guid, { SearchLines: [], pageIndex: 0 })
      .then(setRequests)
      .catch(() => setFailed((f) => ({ ...f, requests: true })));
  }, [guid]);

  useEffect(() => {
    load();
    const onPop = () => setRequested(tabFromUrl());
    // Back from a message restores this page from the cache: the unread count must be fresh.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) load();
    };
    addEventListener('popstate', onPop);
    addEventListener('pageshow', onShow);
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener('pageshow', onShow);
    };
  }, [load]);

  const turnPage = (list: 'packages' | 'messages' | 'requests', pageIndex: number) => {
    setPages((p) => ({ ...p, [list]: pageIndex }));
    if (list === 'packages')
      void getPackages(guid, pageIndex)
        .then(setPackages)
        .catch(() => undefined);
    if (list === 'messages')
      void getMessages(guid, pageIndex)
        .then(setMessages)
        .catch(() => undefined);
    if (list === 'requests') {
      void searchRequests(guid, { SearchLines: [], pageIndex })
        .then(setRequests)
        .catch(() => undefined);
    }
  };

  if (!user) return null;
  if (failed.main) {
    return (
      <p role="alert" className="notice notice-warning">
        {t('errors.500')}
      </p>
    );
  }
  if (!addresses || !packages) {
    return <p role="status">{t('common.loading')}</p>;
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
  const unread = messages?.data.unreadCount ?? 0;
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
      <h1>{t('accountHome.heading', { name: user.firstName })}</h1>
      <TabList label={t('accountHome.tabs')} tabs={tabs} current={tab} onSelect={select} idPrefix={PREFIX} />
      <div role="tabpanel" id={`${PREFIX}-panel-${tab}`} aria-labelledby={`${PREFIX}-tab-${tab}`} className="tab-panel">
        {tab === 'addresses' && <AddressesTab t={t} guid={guid} addresses={addresses} onChange={setAddresses} />}
        {tab === 'packages' && (
          <PackagesTab
            t={t}
            lang={lang}
            brandSlug={brandSlug}
            page={packages}
            pageIndex={pages.packages}
            onPage={(i) => turnPage('packages', i)}
          />
        )}
        {tab === 'messages' && (
          <MessagesTab
            t={t}
            lang={lang}
            brandSlug={brandSlug}
            page={messages}
            pageIndex={pages.messages}
            onPage={(i) => turnPage('messages', i)}
          />
        )}
        {tab === 'requests' && (
          <RequestsTab
            t={t}
            lang={lang}
            brandSlug={brandSlug}
            page={requests}
            failed={failed.requests}
            pageIndex={pages.requests}
            onPage={(i) => turnPage('requests', i)}
          />
        )}
        {tab === 'profile' && (
          <ProfileTab t={t} lang={lang} brandSlug={brandSlug} user={user} requests={requests?.data ?? []} />
        )}
        {tab === 'claim' && <ClaimTab t={t} lang={lang} guid={guid} addresses={addresses} />}
      </div>
    </div>
  );
}

export default island(AccountHomeView);
