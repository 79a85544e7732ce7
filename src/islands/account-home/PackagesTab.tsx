/** Packages tab (spec 1 §2.3): paged list with status, origin, merchant, weight and a link to tracking. */
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import type { Package } from '../../lib/api/account-home/contract.ts';
import type { PagedValue } from '../../lib/account-home/paged-query.ts';
import { kgToLb } from '../../lib/account-home/units.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { Pager } from '../ui/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  list: PagedValue<Package[]>;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
  onRetry: () => void;
}

export function PackagesTab({ t, lang, brandSlug, list, pageIndex, onPage, onRetry }: Props) {
  const page = list.data;
  // A page that didn't come says so with a retry; the page shown before stays.
  const status = (
    <LoadStatus t={t} loading={!page && !list.error} error={list.error ? 'errors.500' : null} onRetry={onRetry} />
  );
  if (!page) return status;
  if (page.data.length === 0) return <p>{t('packages.none')}</p>;
  const date = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 2 });
  return (
    <div className="tab-body">
      {status}
      <p className="field-hint">{t('packages.total', { count: page.pagination.TotalCount })}</p>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{t('packages.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('packages.awb')}</th>
              <th scope="col">{t('packages.status')}</th>
              <th scope="col">{t('packages.origin')}</th>
              <th scope="col">{t('packages.merchant')}</th>
              <th scope="col">{t('packages.weight')}</th>
              <th scope="col">{t('packages.received')}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((p) => (
              <tr key={p.awb}>
                <td>
                  <a href={buildUrl(lang, 'tracking', brandSlug, { awbNumber: p.awb })} dir="ltr">
                    {p.awb}
                  </a>
                </td>
                <td>{t(`shipmentStatus.${p.lastPi}`, { defaultValue: p.currentStatus })}</td>
                <td>{regionName(p.originCountryCode, lang)}</td>
                {/* The merchant's own name, as it wrote it. */}
                <td>{p.merchant ? <bdi>{p.merchant}</bdi> : '—'}</td>
                <td>
                  {t('packages.weightValue', {
                    kg: number.format(p.weightKg),
                    lb: number.format(kgToLb(p.weightKg)),
                  })}
                </td>
                <td>{date.format(new Date(p.receivedAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        t={t}
        pageIndex={pageIndex}
        totalPages={page.pagination.TotalPages}
        label={t('packages.pages')}
        onPage={onPage}
      />
    </div>
  );
}
