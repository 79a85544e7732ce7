import type { TFunction } from 'i18next';
import type { FeaturesForm as Form } from '../../../lib/payments/checkout-rules.ts';
import { CheckboxField } from './fields.tsx';
import { useTouched } from './use-touched.ts';

interface Props {
  t: TFunction;
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  submitted: boolean;
  /** A plan that renews (flex). */
  showRenew: boolean;
  /** The plan renews automatically or not at all. */
  renewMandated: boolean;
  /** A method whose card or account can be kept. */
  showSave: boolean;
  /** The customer's country makes keeping it mandatory (AutoPay is): it is kept without asking. */
  saveMandated?: boolean;
  /** A signup chooses AutoPay for its deliveries. */
  showAutoPay?: boolean;
  /** AutoPay is mandatory in the customer's country: the box must be ticked. */
  autoPayMandated?: boolean;
  onChange: (patch: Partial<Form>) => void;
}

/**
 * The features form (spec 2 §5): automatic renewal, keeping the card or account for later payments (said rather
 * than asked where the country makes it mandatory, and kept when AutoPay is chosen), and a signup's AutoPay with
 * the shipping agreement.
 */
export function FeaturesForm(props: Props) {
  const { t, form, errors, submitted, showRenew, renewMandated, showSave, onChange } = props;
  const { saveMandated = false, showAutoPay = false, autoPayMandated = false } = props;
  const { touch, shown } = useTouched<keyof Form>(submitted);
  if (!showRenew && !showSave && !showAutoPay) return null;
  // AutoPay charges the option this payment keeps.
  const keptForAutoPay = showAutoPay && form.autoPay;
  return (
    <fieldset className="field checkout-features">
      <legend>{t('checkout.features.legend')}</legend>
      {showRenew && (
        <CheckboxField
          t={t}
          label={t('checkout.features.renew')}
          checked={form.renew}
          onChecked={(renew) => {
            onChange({ renew });
            touch('renew');
          }}
          onBlur={() => touch('renew')}
          hint={t(renewMandated ? 'checkout.features.renewMandated' : 'checkout.features.renewHint')}
          error={shown('renew', errors.renew)}
        />
      )}
      {showSave && saveMandated && <p className="field-hint">{t('checkout.features.saveMandated')}</p>}
      {showSave && !saveMandated && (
        <CheckboxField
          t={t}
          label={t('checkout.features.save')}
          checked={form.saveCard || keptForAutoPay}
          disabled={keptForAutoPay}
          hint={keptForAutoPay ? t('checkout.features.saveForAutoPay') : undefined}
          onChecked={(saveCard) => onChange({ saveCard })}
        />
      )}
      {showAutoPay && (
        <CheckboxField
          t={t}
          label={t('checkout.features.autoPay')}
          checked={form.autoPay}
          onChecked={(autoPay) => {
            onChange({ autoPay });
            touch('autoPay');
          }}
          onBlur={() => touch('autoPay')}
          hint={t(autoPayMandated ? 'checkout.features.autoPayMandated' : 'checkout.features.autoPayHint')}
          error={shown('autoPay', errors.autoPay)}
        />
      )}
    </fieldset>
  );
}
