/**
 * Packages tab (spec 1 §2.3, issue 24): a page of packages, each with its status, store, contents, weight in the
 * customer's unit, its free storage left while it is kept at a mailbox (marked when near the deadline, with the fee
 * so far once past it) and, until it ships, what it will cost to land. A search by store or contents asks the
 * server, from the first page; the server puts packages near their deadline first.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import type { Package } from '../../lib/api/account-home/contract.ts';
import type { PagedValue } from '../../lib/account-home/paged-query.ts';
import type { PackageStorage } from '../../lib/storage/storage-schema.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { formatWeight } from '../../lib/weight/format-weight.ts';
import type { WeightUnitName } from '../../lib/weight/weight-unit.ts';
import { isolate } from '../../lib/widgets/format.ts';
import { LandedCostBreakdown } from '../ui/LandedCostBreakdown.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { Pager } from '../ui/Pager.tsx';
import { Isolated } from '../ui/i18n/Isolated.tsx';
import '../../styles/packages.css';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  /** The customer's unit of weight. */
  unit: WeightUnitName;
  list: PagedValue<Package[]>;
  pageIndex: number;
  onPage: (pageIndex: number) => void;
  onRetry: () => void;
  /** The search asked for ('' for every package). */
  search: string;
  onSearch: (search: string) => void;
}

/** How long typing may pause before the search is asked. */
const SEARCH_PAUSE_MS = 350;

export function PackagesTab({ t, lang, brandSlug, unit, list, pageIndex, onPage, onRetry, search, onSearch }: Props) {
  const page = list.data;
  // A page that didn't come says so with a retry; the page shown before stays.
  const status = (
    <LoadStatus t={t} loading={!page && !list.error} error={list.error ? 'errors.500' : null} onRetry={onRetry} />
  );
  if (!page) return status;
  // No packages at all: nothing to search.
  if (page.data.length === 0 && !search) return <p>{t('packages.none')}</p>;
  const date = dateFormat(lang, { dateStyle: 'medium' });
  const count = page.pagination.TotalCount;
  return (
    <div className="tab-body">
      <PackageSearch t={t} search={search} onSearch={onSearch} />
      {status}
      <p role="status" className="field-hint">
        {search ? (
          <Isolated t={t} k="packages.search.results" data={{ search }} values={{ count }} />
        ) : (
          t('packages.total', { count })
        )}
      </p>
      {page.data.length > 0 && (
        <ul className="card-list package-list" aria-label={t('packages.caption')} aria-busy={list.loading}>
          {page.data.map((p) => (
            <li key={p.awb} className={p.storage?.nearDeadline ? 'card package-card package-due' : 'card package-card'}>
              <h3 className="package-title">
                <a href={buildUrl(lang, 'tracking', brandSlug, { awbNumber: p.awb })} dir="ltr">
                  {p.awb}
                </a>{' '}
                <span className="muted">{t(`shipmentStatus.${p.lastPi}`, { defaultValue: p.currentStatus })}</span>
              </h3>
              <dl className="package-facts">
                {/* The merchant's and the customer's own words, as they wrote them. */}
                <div>
                  <dt>{t('packages.merchant')}</dt>
                  <dd>{p.merchant ? <bdi>{p.merchant}</bdi> : '—'}</dd>
                </div>
                <div>
                  <dt>{t('packages.contents')}</dt>
                  <dd>
                    <bdi>{p.description}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('packages.origin')}</dt>
                  <dd>{regionName(p.originCountryCode, lang)}</dd>
                </div>
                <div>
                  <dt>{t('packages.weight')}</dt>
                  <dd>{formatWeight(p.weightKg, unit, lang)}</dd>
                </div>
                <div>
                  <dt>{t('packages.received')}</dt>
                  <dd>{date.format(new Date(p.receivedAt))}</dd>
                </div>
                {p.storage && (
                  <div className="package-storage-fact">
                    <dt>{t('packages.storage.heading')}</dt>
                    <dd>
                      <StorageLeft t={t} lang={lang} storage={p.storage} date={date} />
                    </dd>
                  </div>
                )}
              </dl>
              {p.landedCost && <LandedCostBreakdown t={t} lang={lang} estimate={p.landedCost} unit={unit} />}
            </li>
          ))}
        </ul>
      )}
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

/** The search box: asks once typing pauses, or at once on Enter. */
function PackageSearch({ t, search, onSearch }: { t: TFunction; search: string; onSearch: (search: string) => void }) {
  const id = useId();
  const [text, setText] = useState(search);

  useEffect(() => {
    const timer = setTimeout(() => onSearch(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form role="search" className="package-search" onSubmit={submit}>
      <div className="field search-field">
        <label htmlFor={id}>{t('packages.search.label')}</label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </div>
      <button type="submit" className="button button-secondary">
        {t('packages.search.submit')}
      </button>
      {search && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          {t('packages.search.clear')}
        </button>
      )}
    </form>
  );
}

/** Free storage left, marked near the deadline; once it has ended, the fee so far. */
function StorageLeft({
  t,
  lang,
  storage,
  date,
}: {
  t: TFunction;
  lang: Lang;
  storage: PackageStorage;
  date: Intl.DateTimeFormat;
}) {
  const money = (amount: number) => isolate(formatMoney(amount, storage.currency, lang));
  const until = isolate(date.format(new Date(storage.freeUntil)));
  if (storage.freeDaysLeft === 0) {
    return (
      <span className="package-storage">
        <strong className="package-mark">{t('packages.storage.pastDeadline')}</strong>{' '}
        {t('packages.storage.ended', { date: until })}{' '}
        {t('packages.storage.feeSoFar', {
          fee: money(storage.feeSoFar),
          feePerDay: money(storage.feePerDay),
        })}
      </span>
    );
  }
  return (
    <span className="package-storage">
      {storage.nearDeadline && (
        <>
          <strong className="package-mark">{t('packages.storage.nearDeadline')}</strong>{' '}
        </>
      )}
      {t('packages.storage.daysLeft', { count: storage.freeDaysLeft })}{' '}
      {t('packages.storage.until', { date: until, feePerDay: money(storage.feePerDay) })}
    </span>
  );
}
