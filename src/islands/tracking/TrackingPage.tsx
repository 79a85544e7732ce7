/**
 * The tracking page (spec 1 §2.6, §4.9; route tracking/{awbNumber}): loads the shipment on entry and shows its
 * status, the truck bar and the status history to anyone; its owner also gets, until it ships, its free storage
 * and what it will cost to land (issue 24), and the private section (unless the shipment is still 'In Account'). A
 * logged-in customer's own shipment loads from the owner's single-package view (GET api/packages/{awb}/singlePackage,
 * places and statuses in the page's language); anyone else's, and every visitor's, from public tracking. Inquiries
 * and claims go to the request form, through login when needed, and come back here. Pay now returns here from the
 * provider's page with the order it paid.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { awbNumberSchema, getSinglePackage, getTracking, type Tracking } from '../../lib/api/tracking/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { refetch } from '../../lib/api/query.ts';
import { $customerGuid } from '../../lib/session/session-store.ts';
import { $ownShipment, $publicTracking, notOwned, trackShipment } from '../../lib/tracking/queries.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { SHIPMENT_REQUEST_CATEGORIES } from '../../lib/tracking/tracking-rules.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { readPaymentReturn } from '../../lib/payments/read-payment-return.ts';
import type { ReturnedPayment } from '../../lib/payments/payment-return.ts';
import { TruckProgress } from './TruckProgress.tsx';
import { StatusHistory, statusName } from './StatusHistory.tsx';

// What only the owner sees, and how pay now ended, load when there is one to show: a visitor's page loads neither.
const OwnerSections = lazy(() => import('./OwnerSections.tsx'));
const PaymentOutcome = lazy(() => import('./PaymentOutcome.tsx'));

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** The waybill number of the address, /{lang}/tracking/{awbNumber}. */
function awbOfPath(): string | null {
  const part = decodeURIComponent(location.pathname.split('/').filter(Boolean)[2] ?? '');
  const parsed = awbNumberSchema.safeParse(part);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

function loadErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.500';
  if (error.status === 404) return 'tracking.notFound';
  return error.messageKey;
}

function Requests({
  t,
  lang,
  brandSlug,
  shipment,
}: {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  shipment: Tracking;
}) {
  const link = (categoryId: number) =>
    buildUrl(
      lang,
      'account.submit-request',
      brandSlug,
      {},
      { categoryId: String(categoryId), shipmentAwb: shipment.awb },
    );
  return (
    <section className="tracking-section" aria-labelledby="tracking-help-heading">
      <h2 id="tracking-help-heading">{t('tracking.help.heading')}</h2>
      <p>{t(shipment.isUserOwner ? 'tracking.help.introOwner' : 'tracking.help.intro')}</p>
      <p className="tracking-actions">
        <a className="button button-secondary" href={link(SHIPMENT_REQUEST_CATEGORIES.inquiry)}>
          {t('tracking.help.inquiry')}
        </a>
        {/* Spec 1 §4.4: the owner has no claim on their own shipment (process 5). */}
        {!shipment.isUserOwner && (
          <a className="button button-secondary" href={link(SHIPMENT_REQUEST_CATEGORIES.claim)}>
            {t('tracking.help.claim')}
          </a>
        )}
      </p>
    </section>
  );
}

function TrackingView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'tracking');
  const guid = useStore($customerGuid);
  const [awb] = useState(awbOfPath);
  const [back] = useState(readPaymentReturn);
  const [outcome, setOutcome] = useState<ReturnedPayment | null>(null);
  const own = useStore($ownShipment);
  const open = useStore($publicTracking);

  const started = useRef(false);

  // A payment the provider sent the customer back with is settled first (once), so the shipment shows what it paid.
  useEffect(() => {
    if (!awb || started.current) return;
    started.current = true;
    const start = async () => {
      if (back && guid) {
        const { settlePaymentReturn } = await import('./PaymentOutcome.tsx');
        setOutcome(await settlePaymentReturn(guid, back));
      }
      trackShipment(awb, lang);
    };
    void start();
  }, [awb, back, guid, lang]);

  const owned = own.data?.[0] ?? null;
  const shipment: Tracking | null = owned ?? open.data ?? null;
  const failure = open.error ?? (own.error && !notOwned(own.error) ? own.error : undefined);
  const error = !awb ? 'tracking.notFound' : failure ? loadErrorKey(failure) : null;
  const status = shipment ? statusName(t, shipment.lastPI, shipment.currentStatus) : null;

  return (
    <article className="tracking-page" aria-labelledby="tracking-heading">
      <h1 id="tracking-heading">
        {t('tracking.heading')}{' '}
        {awb && (
          <span dir="ltr" className="tracking-awb">
            {awb}
          </span>
        )}
      </h1>
      {outcome && (
        <Suspense fallback={null}>
          <PaymentOutcome lang={lang} outcome={outcome} />
        </Suspense>
      )}
      <LoadStatus
        t={t}
        loading={!shipment && !error}
        error={error}
        onRetry={error && error !== 'tracking.notFound' ? () => refetch(getSinglePackage, getTracking) : undefined}
      />
      {error === 'tracking.notFound' && (
        <p>
          <a href={buildUrl(lang, 'home', brandSlug)}>{t('tracking.tryAnother')}</a>
        </p>
      )}
      {shipment && status && (
        <>
          <section className="tracking-summary" aria-labelledby="tracking-status-heading">
            <h2 id="tracking-status-heading" className="tracking-status">
              {status}
            </h2>
            <TruckProgress t={t} lang={lang} progress={shipment.trackingProgress} status={status} />
            <dl className="tracking-facts">
              <div>
                <dt>{t('tracking.origin')}</dt>
                <dd>
                  {shipment.originEntity} (
                  {t(`country.${shipment.originCountryCode}`, { defaultValue: shipment.originCountryCode })})
                </dd>
              </div>
              <div>
                <dt>{t('tracking.destination')}</dt>
                <dd>{shipment.destEntity}</dd>
              </div>
            </dl>
          </section>
          {owned && (
            <Suspense fallback={<LoadStatus t={t} loading error={null} />}>
              <OwnerSections
                lang={lang}
                brandSlug={brandSlug}
                shipment={owned}
                // After the invoice is sent: the owner's view again.
                onChanged={() => refetch(getSinglePackage)}
              />
            </Suspense>
          )}
          <StatusHistory t={t} lang={lang} history={shipment.history} />
          <Requests t={t} lang={lang} brandSlug={brandSlug} shipment={shipment} />
        </>
      )}
    </article>
  );
}

export default island(TrackingView);
