/**
 * The account home's tabs other than packages (the one a customer with packages opens on): addresses, profile,
 * messages, requests and claim. Loaded when one of them is chosen, with its own catalogue parts, so the page's
 * first view loads only what the packages tab shows.
 */
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import type { Address } from '../../lib/api/account-home/contract.ts';
import { $messages, $pageIndex, $requests, turnPage } from '../../lib/account-home/home-queries.ts';
import type { Tab } from '../../lib/account-home/tabs.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { AddressesTab } from './AddressesTab.tsx';
import { ClaimTab } from './ClaimTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';

interface Props {
  tab: Exclude<Tab, 'packages'>;
  lang: Lang;
  brandSlug: string;
  user: CurrentUser;
  addresses: Address[];
  onAddressesChange: (changed: Address[]) => void;
}

export default function OtherTabs({ tab, lang, brandSlug, user, addresses, onAddressesChange }: Props) {
  const t = useTranslator(lang, 'account', 'requests', 'plans', 'uploads');
  const messages$ = useStore($messages);
  const requests$ = useStore($requests);
  const pages = useStore($pageIndex);
  switch (tab) {
    case 'addresses':
      return <AddressesTab t={t} lang={lang} guid={user.guid} addresses={addresses} onChange={onAddressesChange} />;
    case 'messages':
      return (
        <MessagesTab
          t={t}
          lang={lang}
          brandSlug={brandSlug}
          list={messages$}
          pageIndex={pages.messages}
          onPage={(i) => turnPage('messages', i)}
          onRetry={() => $messages.refetch()}
        />
      );
    case 'requests':
      return (
        <RequestsTab
          t={t}
          lang={lang}
          brandSlug={brandSlug}
          list={requests$}
          pageIndex={pages.requests}
          onPage={(i) => turnPage('requests', i)}
          onRetry={() => $requests.refetch()}
        />
      );
    case 'profile':
      return <ProfileTab t={t} lang={lang} brandSlug={brandSlug} user={user} requests={requests$.data?.data ?? []} />;
    case 'claim':
      return <ClaimTab t={t} lang={lang} brandSlug={brandSlug} guid={user.guid} addresses={addresses} />;
  }
}
