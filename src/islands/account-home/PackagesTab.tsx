/** Packages tab (spec 1 §2.3): paged list with status, origin, merchant, weight and a link to tracking. */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { Package } from '../../lib/api/account-home/contract.ts';
import type { Paged } from '../../lib/api/account-home/account-home.ts';
import { kgToLb } from '../../lib/account-home/units.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { countryByCode, countryName } from '../../lib/reference/countries.ts';
import { Pager } from '../forms/Pager.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  page: Paged<Package[]> | null;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
}

export function PackagesTab({ t, lang, brandSlug, page, pageIndex, onPage }: Props) {
  if (!page) return <p role="status">{t('common.loading')}</p>;
  if (page.data.length === 0) return <p>{t('packages.none')}</p>;
  const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(lang === 'ar' ? 'ar-u-nu-latn' : lang, { maximumFractionDigits: 2 });
  return (
    <div className="tab-body">
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
            {page.data.map((p) => {
              const origin = countryByCode(p.originCountryCode);
              return (
                <tr key={p.awb}>
                  <td>
                    <a href={buildUrl(lang, 'tracking', brandSlug, { awbNumber: p.awb })} dir="ltr">
                      {p.awb}
                    </a>
                  </td>
                  <td>{t(`shipmentStatus.${p.lastPi}`, { defaultValue: p.currentStatus })}</td>
                  <td>{origin ? countryName(origin, lang) : p.originCountryCode}</td>
                  <td>{p.merchant ?? '—'}</td>
                  <td>
                    {t('packages.weightValue', {
                      kg: number.format(p.weightKg),
                      lb: number.format(kgToLb(p.weightKg)),
                    })}
                  </td>
                  <td>{date.format(new Date(p.receivedAt))}</td>
                </tr>
              );
            })}
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
