/** Messages tab (spec 1 §2.3): paged list, unread ones marked; each opens its own page. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import type { MessagesPage } from '../../lib/api/account-home/contract.ts';
import type { PagedValue } from '../../lib/account-home/paged-query.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { Pager } from '../ui/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  list: PagedValue<MessagesPage>;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
  onRetry: () => void;
}

export function MessagesTab({ t, lang, brandSlug, list, pageIndex, onPage, onRetry }: Props) {
  const page = list.data;
  // A page that didn't come says so with a retry; the page shown before stays.
  const status = (
    <LoadStatus t={t} loading={!page && !list.error} error={list.error ? 'errors.500' : null} onRetry={onRetry} />
  );
  if (!page) return status;
  if (page.data.messages.length === 0) return <p>{t('messages.none')}</p>;
  const date = dateFormat(lang, { dateStyle: 'medium' });
  return (
    <div className="tab-body">
      {status}
      <ul className="card-list message-list">
        {page.data.messages.map((m) => (
          <li key={m.guid} className={m.isRead ? 'card message-read' : 'card message-unread'}>
            <a href={buildUrl(lang, 'account.message', brandSlug, { id: m.guid })}>
              {!m.isRead && <span className="visually-hidden">{t('messages.unread')}: </span>}
              {m.subject}
            </a>
            <span className="muted">{date.format(new Date(m.createdAt))}</span>
          </li>
        ))}
      </ul>
      <Pager
        t={t}
        pageIndex={pageIndex}
        totalPages={page.pagination.TotalPages}
        label={t('messages.pages')}
        onPage={onPage}
      />
    </div>
  );
}
