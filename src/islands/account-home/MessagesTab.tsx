/** Messages tab (spec 1 §2.3): paged list, unread ones marked; each opens its own page. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { MessagesPage } from '../../lib/api/account-home/contract.ts';
import type { Paged } from '../../lib/api/account-home/account-home.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { Pager } from '../forms/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  page: Paged<MessagesPage> | null;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
}

export function MessagesTab({ t, lang, brandSlug, page, pageIndex, onPage }: Props) {
  if (!page) return <p role="status">{t('common.loading')}</p>;
  if (page.data.messages.length === 0) return <p>{t('messages.none')}</p>;
  const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang, { dateStyle: 'medium' });
  return (
    <div className="tab-body">
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
