/** Requests tab (spec 1 §2.3, §4.3): paged list; each opens its edit page; a link to submit a new one. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import { CLOSED_STATUS, type CustomerRequest } from '../../lib/api/account-home/contract.ts';
import type { PagedValue } from '../../lib/account-home/paged-query.ts';
import { requestStatusName } from '../../lib/account-home/request-status.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { Pager } from '../ui/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  list: PagedValue<CustomerRequest[]>;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
  onRetry: () => void;
}

export function RequestsTab({ t, lang, brandSlug, list, pageIndex, onPage, onRetry }: Props) {
  const page = list.data;
  const date = dateFormat(lang, { dateStyle: 'medium' });
  return (
    <div className="tab-body">
      <p>
        <a className="button" href={buildUrl(lang, 'account.submit-request', brandSlug)}>
          {t('requests.new')}
        </a>
      </p>
      <LoadStatus t={t} loading={!page && !list.error} error={list.error ? 'errors.500' : null} onRetry={onRetry} />
      {page?.data.length === 0 && <p>{t('requests.none')}</p>}
      {page && page.data.length > 0 && (
        <ul className="card-list">
          {page.data.map((r) => (
            <li key={r.id} className="card request-card">
              <a href={buildUrl(lang, 'account.edit-request', brandSlug, { id: String(r.id) })}>
                {r.caseReference}: <bdi>{r.subject}</bdi>
              </a>
              <span className="muted">
                {t(`request.category.${r.categoryId}`)} · {date.format(new Date(r.createdAt))}
              </span>
              <span className={r.status === CLOSED_STATUS ? 'status status-closed' : 'status'}>
                {requestStatusName(t, r)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {page && (
        <Pager
          t={t}
          pageIndex={pageIndex}
          totalPages={page.pagination.TotalPages}
          label={t('requests.pages')}
          onPage={onPage}
        />
      )}
    </div>
  );
}
