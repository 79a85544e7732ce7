/**
 * What the owner of a package that has not shipped yet sees of it (issue 24): its free storage at the mailbox (the
 * days left, marked near the deadline; once past it, the fee so far) and what it will cost to land, worked out from
 * its declared value, weight and merchant. Shown whatever the status, 'In Account' included.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { dateFormat } from '../../i18n/intl-formats.ts';
import type { OwnerTracking } from '../../lib/api/tracking/contract.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { $weightUnit } from '../../lib/session/session-store.ts';
import type { PackageStorage } from '../../lib/storage/storage-schema.ts';
import { isolate } from '../../lib/widgets/format.ts';
import { LandedCostBreakdown } from '../ui/LandedCostBreakdown.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  shipment: Pick<OwnerTracking, 'storage' | 'landedCost'>;
}

function Storage({ t, lang, storage }: { t: TFunction; lang: Lang; storage: PackageStorage }) {
  const date = dateFormat(lang, { dateStyle: 'medium' });
  const day = (iso: string) => isolate(date.format(new Date(iso)));
  const money = (amount: number) => isolate(formatMoney(amount, storage.currency, lang));
  const ended = storage.freeDaysLeft === 0;
  return (
    <div className="tracking-storage" data-near-deadline={storage.nearDeadline || undefined}>
      <h3>{t('tracking.storage.heading')}</h3>
      <p>{t('tracking.storage.arrived', { date: day(storage.arrivedAt) })}</p>
      {ended ? (
        <p className="notice notice-warning" role="note">
          {t('tracking.storage.ended', {
            date: day(storage.freeUntil),
            feeSoFar: money(storage.feeSoFar),
            fee: money(storage.feePerDay),
          })}
        </p>
      ) : (
        <>
          <p>
            {t('tracking.storage.daysLeft', { count: storage.freeDaysLeft, date: day(storage.freeUntil) })}{' '}
            {t('tracking.storage.then', { fee: money(storage.feePerDay) })}
          </p>
          {storage.nearDeadline && (
            <p className="notice notice-warning" role="note">
              {t('tracking.storage.nearDeadline')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function BeforeShipping({ t, lang, shipment }: Props) {
  const unit = useStore($weightUnit);
  const { storage, landedCost } = shipment;
  if (!storage && !landedCost) return null;
  return (
    <section className="tracking-section" aria-labelledby="tracking-before-heading">
      <h2 id="tracking-before-heading">{t('tracking.beforeShipping.heading')}</h2>
      {storage && <Storage t={t} lang={lang} storage={storage} />}
      {landedCost && (
        <>
          <p>{t('tracking.landedCost.intro')}</p>
          <LandedCostBreakdown t={t} lang={lang} estimate={landedCost} unit={unit} />
        </>
      )}
    </section>
  );
}
