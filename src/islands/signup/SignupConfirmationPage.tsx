/**
 * Signup step 4 (spec 1 §2.4): the confirmation. After a card payment it reads `m` (base64 JSON with
 * amount, currency and pnref) and `status=1`; after a free plan it says the mailboxes are ready. Then the
 * ID upload. There is no going back from here.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { decodeConfirmationPayment, forgetPlan } from '../../lib/signup/signup-steps.ts';
import { COUNTRIES_WITH_ADDRESSES } from '../../lib/reference/countries.ts';
import { mailboxCount } from '../../lib/profile/profile-rules.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { StepIndicator } from '../ui/StepIndicator.tsx';
import { Isolated } from '../ui/i18n/Isolated.tsx';
import { island } from '../ui/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function SignupConfirmationView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang);
  const user = useStore($session);
  const query = new URLSearchParams(location.search);
  const payment = query.get('status') === '1' ? decodeConfirmationPayment(query.get('m')) : null;

  useEffect(forgetPlan, []);

  if (!user) return null;
  const next = user.id.uploaded ? 'account-home' : 'signup.upload';
  return (
    <section className="form-card form-card-wide" aria-labelledby="confirmation-heading">
      <StepIndicator t={t} lang={lang} brandSlug={brandSlug} current={4} />
      <h1 id="confirmation-heading">
        <Isolated t={t} k="signup.confirmation.heading" data={{ name: user.firstName }} />
      </h1>
      <p>{t('signup.confirmation.mailboxes', { count: mailboxCount(COUNTRIES_WITH_ADDRESSES, user.countryCode) })}</p>
      {payment && (
        <dl className="summary-list">
          <div>
            <dt>{t('signup.confirmation.paid')}</dt>
            <dd>
              <bdi>{formatMoney(Number(payment.amount), payment.currency, lang)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('signup.confirmation.reference')}</dt>
            <dd dir="ltr">{payment.pnref}</dd>
          </div>
        </dl>
      )}
      <p>{t(next === 'signup.upload' ? 'signup.confirmation.nextUpload' : 'signup.confirmation.nextHome')}</p>
      <p>
        <a className="button" href={buildUrl(lang, next, brandSlug)}>
          {t('signup.continue')}
        </a>
      </p>
    </section>
  );
}

export default island(SignupConfirmationView);
