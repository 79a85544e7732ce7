/**
 * How deliveries are paid (spec 1 §3 AutoPay options, §4.8, §5 Wallet): Cash, or AutoPay with the default payment
 * option. AutoPay needs a usable payment option and the shipping agreement; choosing Cash clears the agreement;
 * where AutoPay is mandatory, Cash is refused with a message.
 */
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { WalletErrorCode, setAutoPayOptions, type AutoPayOptions } from '../../lib/api/wallet/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import {
  autoPayAvailable,
  autoPayProblem,
  chooseDeliveryPayment,
  initialAutoPay,
  type AutoPayContext,
  type DeliveryPayment,
} from '../../lib/payments/wallet-rules.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { FormAlert } from '../ui/FormAlert.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  guid: string;
  options: AutoPayOptions;
  /** Usable payment options in the wallet now. */
  usableOptions: number;
  onSaved: (options: AutoPayOptions) => void;
}

const PROBLEMS: Record<string, string> = {
  [WalletErrorCode.autoPayMandatory]: 'wallet.autoPay.mandatoryRefused',
  [WalletErrorCode.noPaymentOption]: 'wallet.autoPay.needsOption',
  [WalletErrorCode.agreement]: 'wallet.autoPay.agreementRequired',
};

export function AutoPaySection({ t, lang, brandSlug, guid, options, usableOptions, onSaved }: Props) {
  const id = useId();
  const ctx: AutoPayContext = { mandatory: options.isAutoPayMandatory, usableOptions };
  const [state, setState] = useState(() => initialAutoPay(options, ctx));
  const [problem, setProblem] = useState<{ key: string; n: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const available = autoPayAvailable(ctx);
  const show = (key: string) => setProblem((p) => ({ key, n: (p?.n ?? 0) + 1 }));

  const choose = (choice: DeliveryPayment) => {
    // Where AutoPay is mandatory, Cash is refused on the spot (spec 1 §5 Wallet).
    if (choice === 'cash' && options.isAutoPayMandatory) {
      show('wallet.autoPay.mandatoryRefused');
      return;
    }
    setProblem(null);
    setState((s) => chooseDeliveryPayment(s, choice));
  };

  const save = async () => {
    if (saving) return;
    const found = autoPayProblem(state, ctx);
    if (found) {
      show(found);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await call(setAutoPayOptions, {
        params: { guid },
        body: { value: state.choice === 'autoPay', shippingAgreement: state.agreement, notifyUser: true },
      });
      notify('success', 'notifications.settingsSaved');
      onSaved(saved);
    } catch (error) {
      show(error instanceof ApiError ? (PROBLEMS[error.code] ?? error.messageKey) : 'errors.500');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="wallet-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('wallet.autoPay.heading')}</h2>
      <p>{t('wallet.autoPay.intro')}</p>
      {options.isAutoPayMandatory && (
        <div className="notice notice-warning">
          <p>{t('wallet.autoPay.mandatory')}</p>
        </div>
      )}
      <fieldset className="field wallet-autopay-choice">
        <legend>{t('wallet.autoPay.legend')}</legend>
        <div className="field field-check">
          <input
            id={`${id}-cash`}
            type="radio"
            name={`${id}-choice`}
            checked={state.choice === 'cash'}
            onChange={() => choose('cash')}
          />
          <label htmlFor={`${id}-cash`}>{t('wallet.autoPay.cash')}</label>
        </div>
        <div className="field field-check">
          <input
            id={`${id}-autopay`}
            type="radio"
            name={`${id}-choice`}
            checked={state.choice === 'autoPay'}
            disabled={!available}
            aria-describedby={!available ? `${id}-needs` : undefined}
            onChange={() => choose('autoPay')}
          />
          <label htmlFor={`${id}-autopay`}>
            {t('wallet.autoPay.autoPay')}
            {options.discountLabel && (
              <>
                {' '}
                <span className="wallet-discount">
                  {t('wallet.autoPay.discount', { label: options.discountLabel })}
                </span>
              </>
            )}
          </label>
        </div>
        {!available && (
          <p className="field-hint" id={`${id}-needs`}>
            {t('wallet.autoPay.needsOption')}
          </p>
        )}
      </fieldset>
      {state.choice === 'autoPay' && (
        <div className="field field-check">
          <input
            id={`${id}-agreement`}
            type="checkbox"
            checked={state.agreement}
            onChange={(event) => setState((s) => ({ ...s, agreement: event.target.checked }))}
          />
          <label htmlFor={`${id}-agreement`}>
            {t('wallet.autoPay.agreement')}{' '}
            <a href={buildUrl(lang, 'agreement', brandSlug)} target="_blank" rel="noopener">
              {t('wallet.autoPay.agreementLink')}
            </a>
          </label>
        </div>
      )}
      {problem && (
        <FormAlert key={problem.n}>
          <p>{t(problem.key)}</p>
        </FormAlert>
      )}
      <p>
        <button type="button" className="button" disabled={saving} aria-busy={saving} onClick={() => void save()}>
          {saving ? t('common.saving') : t('wallet.autoPay.save')}
        </button>
      </p>
    </section>
  );
}
