import type { TFunction } from 'i18next';
import type { Lang } from '../../../i18n/languages.ts';
import type { PaymentOutcome } from '../../../lib/api/pending-payments/contract.ts';
import { formatMoney } from '../../../lib/payments/money-format.ts';
import { isolate } from '../../../lib/widgets/format.ts';
import { gatewayMessageKey } from '../../../lib/payments/gateway-messages.ts';
import { FormAlert } from '../FormAlert.tsx';

/** How a shipment payment ended, once the provider's page sent the customer back. */
export function OutcomeNotice({
  t,
  lang,
  outcome,
  cancelled,
}: {
  t: TFunction;
  lang: Lang;
  outcome: PaymentOutcome;
  cancelled: boolean;
}) {
  const values = {
    amount: isolate(formatMoney(outcome.amount, outcome.currencyCode, lang)),
    awbs: isolate(outcome.awbs.join(', ')),
  };
  if (outcome.state === 'paid') {
    return (
      <div className="notice notice-success" role="status">
        <p>{t('pendingPayments.outcome.paid', values)}</p>
      </div>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <FormAlert>
        <p>
          {t(
            outcome.gatewayReturnCode ? gatewayMessageKey(outcome.gatewayReturnCode) : 'pendingPayments.outcome.failed',
          )}
        </p>
      </FormAlert>
    );
  }
  return (
    <div className="notice notice-warning" role="status">
      <p>{t(cancelled ? 'pendingPayments.outcome.cancelled' : 'pendingPayments.outcome.open')}</p>
    </div>
  );
}
