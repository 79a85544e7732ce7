/**
 * What only the shipment's owner sees (spec 1 §4.9), from the owner's single-package view: customs (duty, import
 * VAT, declared value), charges due with pay now, the GST notice and the invoice form, and the return-shipment
 * entry.
 */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { OwnerTracking } from '../../lib/api/tracking/contract.ts';
import { resolveShipmentPaymentUrl } from '../../lib/api/pending-payments/contract.ts';
import { newIdempotencyKey, withIdempotencyKey } from '../../lib/api/payments/payments.ts';
import { call } from '../../lib/api/call.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { gstRuleApplies } from '../../lib/tracking/tracking-rules.ts';
import { isReturnable } from '../../lib/returns/return-rules.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { CHARGE_LINES, chargeLines } from '../../lib/payments/pending-charges.ts';
import { fromMinor } from '../../lib/payments/money.ts';
import { $weightUnit } from '../../lib/session/session-store.ts';
import { formatWeight } from '../../lib/weight/format-weight.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { InvoiceForm } from './InvoiceForm.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  shipment: OwnerTracking;
  /** The shipment changed (its invoice was sent): show it again. */
  onChanged: () => void;
}

function PayNow({ t, lang, shipment }: Pick<Props, 't' | 'lang' | 'shipment'>) {
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  /** One payment page per attempt: a double click asks once. */
  const key = useRef<string | null>(null);
  const due = shipment.chargesDue;
  if (!due) return null;
  const hawbId = shipment.hawbid;
  const lines = chargeLines(due.charges, due.currencyCode);

  const pay = async () => {
    if (paying) return;
    setPaying(true);
    setFailed(false);
    key.current ??= newIdempotencyKey();
    try {
      const { absoluteUri: url } = await call(
        resolveShipmentPaymentUrl,
        { query: { currencyCode: due.currencyCode, lang, returnTo: 'tracking' }, body: [hawbId] },
        withIdempotencyKey(key.current),
      );
      notify('info', 'notifications.waitRedirection');
      location.assign(url);
    } catch {
      notify('danger', 'errors.paymentProcessing');
      setFailed(true);
      setPaying(false);
    }
  };

  return (
    <section className="tracking-section" aria-labelledby="tracking-due-heading">
      <h2 id="tracking-due-heading">{t('tracking.due.heading')}</h2>
      <dl className="tracking-facts">
        {CHARGE_LINES.filter((line) => lines[line] > 0).map((line) => (
          <div key={line}>
            <dt>{t(`pendingPayments.line.${line}`)}</dt>
            <dd>{formatMoney(fromMinor(lines[line], due.currencyCode), due.currencyCode, lang)}</dd>
          </div>
        ))}
        <div className="tracking-facts-total">
          <dt>{t('tracking.due.total')}</dt>
          <dd>{formatMoney(due.total, due.currencyCode, lang)}</dd>
        </div>
      </dl>
      {failed && (
        <FormAlert>
          <p>{t('errors.paymentProcessing')}</p>
        </FormAlert>
      )}
      <button type="button" className="button" disabled={paying} aria-busy={paying} onClick={() => void pay()}>
        {t('tracking.due.payNow', { amount: formatMoney(due.total, due.currencyCode, lang) })}
      </button>
    </section>
  );
}

function Customs({ t, lang, shipment }: Pick<Props, 't' | 'lang' | 'shipment'>) {
  const currency = shipment.customsCurrency;
  const declared = shipment.customsDeclaredValue;
  return (
    <section className="tracking-section" aria-labelledby="tracking-customs-heading">
      <h2 id="tracking-customs-heading">{t('tracking.customs.heading')}</h2>
      <dl className="tracking-facts">
        <div>
          <dt>{t('tracking.customs.duty')}</dt>
          <dd>{formatMoney(shipment.customsDuty ?? 0, currency, lang)}</dd>
        </div>
        <div>
          <dt>{t('tracking.customs.importVat')}</dt>
          <dd>{formatMoney(shipment.importVat ?? 0, currency, lang)}</dd>
        </div>
        <div>
          <dt>{t('tracking.customs.declaredValue')}</dt>
          <dd>
            {declared !== null && shipment.customsDeclaredCurrency
              ? formatMoney(declared, shipment.customsDeclaredCurrency, lang)
              : t('tracking.customs.notDeclared')}
          </dd>
        </div>
        <div>
          <dt>{t('tracking.customs.declaredCurrency')}</dt>
          <dd>{shipment.customsDeclaredCurrency ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

export function PrivateSection({ t, lang, brandSlug, shipment, onChanged }: Props) {
  const gst = gstRuleApplies(shipment);
  const canReturn = isReturnable(shipment.lastPI, !!shipment.returnShipment);
  const unit = useStore($weightUnit);
  return (
    <div className="tracking-private">
      <dl className="tracking-facts">
        <div>
          <dt>{t('tracking.description')}</dt>
          <dd>
            <bdi>{shipment.description}</bdi>
          </dd>
        </div>
        {shipment.merchant && (
          <div>
            <dt>{t('tracking.merchant')}</dt>
            <dd>
              <bdi>{shipment.merchant}</bdi>
            </dd>
          </div>
        )}
        {shipment.foreignAwb && (
          <div>
            <dt>{t('tracking.foreignAwb')}</dt>
            <dd dir="ltr">{shipment.foreignAwb}</dd>
          </div>
        )}
        <div>
          <dt>{t('tracking.weight')}</dt>
          <dd>{formatWeight(Number(shipment.weightKg), unit, lang)}</dd>
        </div>
      </dl>
      <Customs t={t} lang={lang} shipment={shipment} />
      <PayNow t={t} lang={lang} shipment={shipment} />
      {gst && (
        <div className="notice notice-warning" role="note">
          <p>{t('tracking.gst')}</p>
        </div>
      )}
      <InvoiceForm t={t} lang={lang} shipment={shipment} onSaved={onChanged} />
      {canReturn && (
        <section className="tracking-section" aria-labelledby="tracking-return-heading">
          <h2 id="tracking-return-heading">{t('tracking.return.heading')}</h2>
          <p>{t('tracking.return.intro')}</p>
          <a
            className="button button-secondary"
            href={buildUrl(lang, 'return.address-from', brandSlug, {}, { id: String(shipment.hawbid) })}
          >
            {t('tracking.return.start')}
          </a>
        </section>
      )}
      {shipment.returnShipment && (
        <div className="notice notice-info" role="status">
          <p>{t('tracking.return.requested')}</p>
        </div>
      )}
    </div>
  );
}
