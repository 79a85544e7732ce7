/**
 * Pending payments (spec 1 §2.1 pending-payments, §4.10; spec 2 §4, §8): the shipments with charges due, each with
 * its lines (shipping charges, additional services, tax, customs) and what each is for; selecting or deselecting
 * one adjusts the totals exactly (minor units); Pay takes the selection to the provider's payment page, which comes
 * back here with the order, whose outcome is shown. A double click asks for one payment page (one idempotency key
 * per selection).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  getPayableShipments,
  resolveShipmentPaymentUrl,
  type PendingShipment,
} from '../../lib/api/pending-payments/contract.ts';
import { newIdempotencyKey, withIdempotencyKey } from '../../lib/api/payments/payments.ts';
import { call } from '../../lib/api/call.ts';
import { refetch } from '../../lib/api/query.ts';
import { loadErrorKey } from '../../lib/api/errors.ts';
import {
  CHARGE_LINES,
  chargeLines,
  emptySelection,
  payableCurrency,
  selectedIds,
  sumLines,
  toggleShipment,
  type LineAmounts,
  type Selection,
} from '../../lib/payments/pending-charges.ts';
import { fromMinor } from '../../lib/payments/money.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { isolate } from '../../lib/widgets/format.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { $payableShipments } from '../../lib/payments/pending-queries.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { OutcomeNotice } from '../ui/payment/OutcomeNotice.tsx';
import { readPaymentReturn, settlePaymentReturn, type ReturnedPayment } from '../../lib/payments/payment-return.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { ChargeReasons } from './ChargeReasons.tsx';

interface Props {
  lang: Lang;
}

function Lines({ t, lang, lines, currency }: { t: TFunction; lang: Lang; lines: LineAmounts; currency: string }) {
  const money = (minor: number) => formatMoney(fromMinor(minor, currency), currency, lang);
  return (
    <dl className="summary-list pending-lines">
      {CHARGE_LINES.map((line) => (
        <div key={line}>
          <dt>{t(`pendingPayments.line.${line}`)}</dt>
          <dd dir="ltr">{money(lines[line])}</dd>
        </div>
      ))}
      <div className="pending-total">
        <dt>{t('pendingPayments.line.total')}</dt>
        <dd dir="ltr">{money(sumLines(lines))}</dd>
      </div>
    </dl>
  );
}

function ShipmentItem({
  t,
  lang,
  shipment,
  checked,
  disabled,
  onToggle,
}: {
  t: TFunction;
  lang: Lang;
  shipment: PendingShipment;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const lines = chargeLines(shipment.charges, shipment.currencyCode);
  return (
    <li className="pending-shipment" data-selected={checked || undefined}>
      <div className="field field-check">
        <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={onToggle} />
        <label htmlFor={id}>
          <span dir="ltr">{shipment.hawb.number}</span>
          {' — '}
          {/* What the merchant wrote: the package's description and the merchant's name. */}
          <bdi>{shipment.commodity.description}</bdi>
          {shipment.commodity.name && (
            <span className="field-hint">
              {' '}
              (<bdi>{shipment.commodity.name}</bdi>)
            </span>
          )}
        </label>
      </div>
      <Lines t={t} lang={lang} lines={lines} currency={shipment.currencyCode} />
      <ChargeReasons t={t} lines={lines} />
    </li>
  );
}

/** The shipments with charges due, their selection and Pay; shown once the list has loaded. */
function PayableShipments({ t, lang }: { t: TFunction; lang: Lang }) {
  const { data: shipments, error, loading } = useStore($payableShipments);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState(false);
  /** The idempotency key of the current selection's payment: a double click asks for one page. */
  const attemptKey = useRef<string | null>(null);

  const currency = payableCurrency(selection);
  const ids = shipments ? selectedIds(selection, shipments) : [];
  const totals = [...selection.totals.entries()];
  const payLines = currency ? selection.totals.get(currency)?.lines : undefined;
  const payAmount = currency && payLines ? formatMoney(fromMinor(sumLines(payLines), currency), currency, lang) : null;

  const toggle = (shipment: PendingShipment) => {
    attemptKey.current = null;
    setPayError(false);
    setSelection((s) => toggleShipment(s, shipment));
  };

  const pay = async () => {
    if (paying || !currency || ids.length === 0) return;
    setPaying(true);
    setPayError(false);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const { absoluteUri: url } = await call(
        resolveShipmentPaymentUrl,
        { query: { currencyCode: currency, lang }, body: [...ids] },
        withIdempotencyKey(attemptKey.current),
      );
      notify('info', 'notifications.waitRedirection');
      location.assign(url);
    } catch {
      notify('danger', 'errors.paymentProcessing');
      setPayError(true);
      setPaying(false);
    }
  };

  return (
    <>
      <LoadStatus
        t={t}
        loading={loading}
        error={error ? loadErrorKey(error) : null}
        onRetry={() => refetch(getPayableShipments)}
      />
      {shipments && shipments.length === 0 && <p>{t('pendingPayments.none')}</p>}
      {shipments && shipments.length > 0 && (
        <>
          <p>{t('pendingPayments.intro')}</p>
          <ul className="pending-shipments" aria-label={t('pendingPayments.listLabel')}>
            {shipments.map((shipment) => (
              <ShipmentItem
                key={shipment.hawb.id}
                t={t}
                lang={lang}
                shipment={shipment}
                checked={selection.ids.has(shipment.hawb.id)}
                disabled={paying}
                onToggle={() => toggle(shipment)}
              />
            ))}
          </ul>
          <section className="pending-totals" aria-labelledby="pending-totals-heading" aria-live="polite">
            <h2 id="pending-totals-heading">{t('pendingPayments.selected', { count: ids.length })}</h2>
            {totals.map(([code, sum]) => (
              <Lines key={code} t={t} lang={lang} lines={sum.lines} currency={code} />
            ))}
            {totals.length > 1 && <p className="field-hint">{t('pendingPayments.oneCurrency')}</p>}
          </section>
          {payError && (
            <FormAlert>
              <p>{t('errors.paymentProcessing')}</p>
            </FormAlert>
          )}
          <p>
            <button
              type="button"
              className="button"
              disabled={!currency || paying}
              aria-busy={paying}
              onClick={() => void pay()}
            >
              {payAmount ? t('pendingPayments.pay', { amount: isolate(payAmount) }) : t('pendingPayments.payNothing')}
            </button>
          </p>
        </>
      )}
    </>
  );
}

function PendingPaymentsView({ lang }: Props) {
  const t = useTranslator(lang, 'pending', 'gateway');
  const user = useStore($session);
  const guid = user?.guid ?? '';
  const [back] = useState(readPaymentReturn);
  const [outcome, setOutcome] = useState<ReturnedPayment | null>(null);
  // Back from the provider's page, the order is settled before the list is asked: it no longer lists what was paid.
  const [settled, setSettled] = useState(back === null);

  useEffect(() => {
    if (!guid || !back) return;
    void settlePaymentReturn(guid, back).then((returned) => {
      setOutcome(returned);
      setSettled(true);
    });
  }, [guid, back]);

  if (!user) return null;

  return (
    <section className="form-card form-card-wide pending-page" aria-labelledby="pending-heading">
      <h1 id="pending-heading">{t('pendingPayments.heading')}</h1>
      {outcome && <OutcomeNotice t={t} lang={lang} {...outcome} />}
      {settled ? <PayableShipments t={t} lang={lang} /> : <LoadStatus t={t} loading error={null} />}
    </section>
  );
}

export default island(PendingPaymentsView);
