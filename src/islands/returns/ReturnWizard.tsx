/**
 * The return shipment wizard (spec 1 §2.1 shipment-return, §2.7; spec 2 §4 return flow): address-from,
 * address-to, pickup, each at its own URL (`/{lang}/shipment-return/{step}?id={hawbId}`) on one page, moved
 * between with the history API so back and forward work. What is entered is kept in sessionStorage (a reload
 * keeps it); a step whose earlier steps are not done shows the first that is not. A shipment that can't be
 * returned shows why, with a way back.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getReturnShipment, type ReturnShipment } from '../../lib/api/returns/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { $returnShipment, showReturn } from '../../lib/returns/queries.ts';
import {
  $returnDraft,
  RETURN_STEPS,
  draftStep,
  isReturnStep,
  openDraft,
  stepRoute,
  type ReturnDraft,
  type ReturnStep,
} from '../../lib/returns/return-draft.ts';
import { loadFailureKey } from '../../lib/returns/return-errors.ts';
import { formatReturnAmount } from '../../lib/returns/return-rules.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { $session, $weightUnit } from '../../lib/session/session-store.ts';
import { formatWeight } from '../../lib/weight/format-weight.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  brandName: string;
}

/** The step the address asks for (null: the bare shipment-return) and the shipment's package id. */
function readLocation(): { asked: ReturnStep | null; id: number | null } {
  const last = location.pathname.split('/').pop() ?? '';
  const raw = new URLSearchParams(location.search).get('id') ?? '';
  return { asked: isReturnStep(last) ? last : null, id: /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null };
}

function StepList({
  t,
  current,
  draft,
  href,
  onGo,
}: {
  t: TFunction;
  current: ReturnStep;
  draft: ReturnDraft;
  href: (step: ReturnStep) => string;
  onGo: (step: ReturnStep) => void;
}) {
  return (
    <nav aria-label={t('return.steps')} className="signup-steps return-steps">
      <ol>
        {RETURN_STEPS.map((step) => {
          const label = t(`return.step.${step}`);
          const reachable = step !== current && draftStep(step, draft) === step;
          return (
            <li key={step} className={`signup-step ${step === current ? 'signup-step-current' : ''}`}>
              {reachable ? (
                <a
                  href={href(step)}
                  onClick={(e) => {
                    e.preventDefault();
                    onGo(step);
                  }}
                >
                  {label}
                </a>
              ) : (
                <span aria-current={step === current ? 'step' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ShipmentSummary({ t, lang, shipment }: { t: TFunction; lang: Lang; shipment: ReturnShipment }) {
  const unit = useStore($weightUnit);
  return (
    <dl className="summary-list return-summary">
      <div>
        <dt>{t('return.summary.awb')}</dt>
        <dd dir="ltr">{shipment.awb}</dd>
      </div>
      <div>
        <dt>{t('return.summary.supplier')}</dt>
        <dd>{shipment.supplierName ? <bdi>{shipment.supplierName}</bdi> : '—'}</dd>
      </div>
      <div>
        <dt>{t('return.summary.origin')}</dt>
        <dd>{regionName(shipment.originCountryCode, lang)}</dd>
      </div>
      <div>
        <dt>{t('return.summary.declared')}</dt>
        <dd dir="ltr">
          {shipment.customsDeclaredValue === null
            ? '—'
            : `${shipment.customsDeclaredCurrency ?? shipment.currencyCode} ${formatReturnAmount(shipment.customsDeclaredValue)}`}
        </dd>
      </div>
      <div>
        <dt>{t('return.summary.weight')}</dt>
        <dd>{formatWeight(shipment.weight, unit, lang)}</dd>
      </div>
    </dl>
  );
}

// Each step loads when it is shown: the address steps and the pickup step (with its calendar) are apart.
const addressSteps = () => import('./AddressSteps.tsx');
const pickupStep = () => import('./PickupStep.tsx');
const AddressFromStep = lazy(() => addressSteps().then((steps) => ({ default: steps.AddressFromStep })));
const AddressToStep = lazy(() => addressSteps().then((steps) => ({ default: steps.AddressToStep })));
const PickupStep = lazy(() => pickupStep().then((step) => ({ default: step.PickupStep })));

function ReturnWizardView({ lang, brandSlug, brandName }: Props) {
  const t = useTranslator(lang, 'returns');
  const user = useStore($session);
  const draft = useStore($returnDraft);
  const [where] = useState(readLocation);
  const shipment$ = useStore($returnShipment);
  const shipment = shipment$.data ?? null;
  const packageId = shipment?.packageID;
  // Asking again helps when nothing or a server failure answered, not when the shipment can't be returned.
  const failure = shipment$.error;
  const retryable = failure !== undefined && (failure.status === 0 || failure.status >= 500);
  const loadError = where.id === null ? 'return.notFound' : failure ? loadFailureKey(failure) : null;
  /** The step the address asks for; shown when every step before it is done, else the first one that is not. */
  const [asked, setAsked] = useState<ReturnStep>(where.asked ?? 'address-from');
  const step = draft ? draftStep(asked, draft) : asked;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const href = useCallback(
    (s: ReturnStep) => buildUrl(lang, stepRoute(s), brandSlug, {}, { id: String(where.id ?? '') }),
    [lang, brandSlug, where.id],
  );

  useEffect(() => {
    if (where.id !== null) showReturn(where.id);
  }, [where.id]);

  // The shipment came: its draft opens (the stored one, if it is this shipment's).
  useEffect(() => {
    if (packageId !== undefined) openDraft(packageId);
  }, [packageId]);

  // The address says which step shows (the bare shipment-return, or a step not reachable yet, is replaced).
  useEffect(() => {
    if (draft && readLocation().asked !== step) history.replaceState(history.state, '', href(step));
  }, [draft, step, href]);

  useEffect(() => {
    const onPop = () => {
      moved.current = true;
      setAsked(readLocation().asked ?? 'address-from');
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // Each step has its own title; moving to one puts the focus on its heading.
  useEffect(() => {
    document.title = `${t(`title.return.${step}`)} | ${brandName}`;
    if (moved.current) heading.current?.focus();
  }, [step, t, brandName, shipment]);

  if (!user) return null;

  const go = (next: ReturnStep) => {
    moved.current = true;
    history.pushState(null, '', href(next));
    setAsked(next);
    scrollTo({ top: 0 });
  };

  return (
    <section className="form-card form-card-wide return-page" aria-labelledby="return-heading">
      <h1 id="return-heading">{t('return.heading')}</h1>
      <LoadStatus
        t={t}
        loading={!shipment && !loadError}
        error={loadError}
        onRetry={retryable ? () => refetch(getReturnShipment) : undefined}
      />
      {loadError && (
        <p>
          <a href={buildUrl(lang, 'account-home', brandSlug, {}, { tab: 'packages' })}>{t('return.backToPackages')}</a>
        </p>
      )}
      {shipment && draft && (
        <>
          <ShipmentSummary t={t} lang={lang} shipment={shipment} />
          <StepList t={t} current={step} draft={draft} href={href} onGo={go} />
          <h2 id="return-step-heading" ref={heading} tabIndex={-1}>
            {t(`return.step.${step}`)}
          </h2>
          <Suspense fallback={<LoadStatus t={t} loading error={null} />}>
            {step === 'address-from' && (
              <AddressFromStep t={t} lang={lang} shipment={shipment} draft={draft} onNext={() => go('address-to')} />
            )}
            {step === 'address-to' && (
              <AddressToStep
                t={t}
                lang={lang}
                shipment={shipment}
                draft={draft}
                onNext={() => go('pickup')}
                onBack={() => go('address-from')}
              />
            )}
            {step === 'pickup' && (
              <PickupStep
                t={t}
                lang={lang}
                brandSlug={brandSlug}
                shipment={shipment}
                draft={draft}
                onBack={() => go('address-to')}
                onStep={go}
              />
            )}
          </Suspense>
        </>
      )}
    </section>
  );
}

export default island(ReturnWizardView);
