/** Requests tab (spec 1 §2.3, §4.3): paged list; each opens its edit page; a link to submit a new one. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { CLOSED_STATUS, type CustomerRequest } from '../../lib/api/account-home/contract.ts';
import type { Paged } from '../../lib/api/account-home/account-home.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { Pager } from '../forms/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  page: Paged<CustomerRequest[]> | null;
  failed: boolean;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
}

export function RequestsTab({ t, lang, brandSlug, page, failed, pageIndex, onPage }: Props) {
  const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang, { dateStyle: 'medium' });
  return (
    <div className="tab-body">
      <p>
        <a className="button" href={buildUrl(lang, 'account.submit-request', brandSlug)}>
          {t('requests.new')}
        </a>
      </p>
      {failed && <p role="alert">{t('errors.500')}</p>}
      {!page && !failed && <p role="status">{t('common.loading')}</p>}
      {page?.data.length === 0 && <p>{t('requests.none')}</p>}
      {page && page.data.length > 0 && (
        <ul className="card-list">
          {page.data.map((r) => (
            <li key={r.id} className="card request-card">
              <a href={buildUrl(lang, 'account.edit-request', brandSlug, { id: String(r.id) })}>
                {r.caseReference}: {r.subject}
              </a>
              <span className="muted">
                {t(`request.category.${r.categoryId}`)} · {date.format(new Date(r.createdAt))}
              </span>
              <span className={r.status === CLOSED_STATUS ? 'status status-closed' : 'status'}>{r.statusDesc}</span>
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
