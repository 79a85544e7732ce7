/**
 * How pay now ended, once the provider's page sent the owner back to the tracking page: settled and shown, loaded
 * only then, with its catalogue parts (settling may notify with a key of the pending part).
 */
import type { Lang } from '../../i18n/languages.ts';
import type { ReturnedPayment } from '../../lib/payments/payment-return.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { OutcomeNotice } from '../ui/payment/OutcomeNotice.tsx';

export { settlePaymentReturn } from '../../lib/payments/payment-return.ts';

export default function PaymentOutcome({ lang, outcome }: { lang: Lang; outcome: ReturnedPayment }) {
  const t = useTranslator(lang, 'pending', 'gateway');
  return <OutcomeNotice t={t} lang={lang} {...outcome} />;
}
