/**
 * The plans page (spec 1 §2.1 account/membership-plan, §4.5): the plan in force with its dates, auto-renewal
 * and flex status; a pending plan to pay for; the expiry notice; every plan of the customer's country with
 * the choices the current plan allows; and the saved payment options.
 *
 * Turning auto-renewal off asks first; on a plan that mandates it (monthly), turning it off is cancelling
 * Flex, which asks and then opens a cancel-flex request. A cancelled confirmation puts the checkbox back.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getMembershipPlans } from '../../lib/api/reference/contract.ts';
import { getProfile } from '../../lib/api/customers/contract.ts';
import { getMembership, resolveMembershipPaymentUrl, setAutoRenewal } from '../../lib/api/payments/contract.ts';
import { getWalletOptions } from '../../lib/api/wallet/contract.ts';
import { REQUEST_CATEGORIES } from '../../lib/api/account-home/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { call } from '../../lib/api/call.ts';
import { loadFailure, refetch, waiting } from '../../lib/api/query.ts';
import {
  $membershipPlans,
  $membershipProfile,
  $membershipState,
  $membershipWallet,
  membershipSaved,
} from '../../lib/payments/membership-queries.ts';
import { PLAN_IDS, type Plan } from '../../lib/reference/schemas.ts';
import {
  daysToExpiry,
  flexOn,
  hasAutoRenewal,
  isPendingPlan,
  showExpiryNotice,
  upgradeChoices,
  type CurrentPlan,
} from '../../lib/payments/membership-rules.ts';
import { formatDay } from '../../lib/widgets/format.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { MembershipPlanList } from './MembershipPlanList.tsx';
import { SavedPaymentOptions } from './SavedPaymentOptions.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** The plan in force as the page shows it. */
interface Membership {
  planId: number;
  startDate: string | null;
  expiryDate: string | null;
  autoRenewal: boolean;
}

/** Until the membership call answers, the session's copy of the plan. */
function fromSession(user: CurrentUser): Membership | null {
  const plan = user.membershipPlan;
  return plan
    ? { planId: plan.id, startDate: plan.startDate, expiryDate: plan.expiryDate, autoRenewal: plan.autoRenewal }
    : null;
}

/** Keeps the session's copy of the plan in step with what the server said. */
function syncSession(membership: Membership): void {
  const user = $session.get();
  if (!user) return;
  const plan = user.membershipPlan;
  if (
    plan?.id === membership.planId &&
    plan.startDate === membership.startDate &&
    plan.expiryDate === membership.expiryDate &&
    plan.autoRenewal === membership.autoRenewal
  ) {
    return;
  }
  setCurrentUser({
    ...user,
    hasFlex: flexOn(membership.planId),
    membershipPlan: {
      id: membership.planId,
      startDate: membership.startDate,
      expiryDate: membership.expiryDate,
      expirationDate: membership.expiryDate,
      autoRenewal: membership.autoRenewal,
    },
  });
}

type DialogKind = 'autoRenewOff' | 'cancelFlex';

interface AutoRenewProps {
  t: TFunction;
  checked: boolean;
  busy: boolean;
  mandatory: boolean;
  noSavedOptions: boolean;
  problem: string | null;
  walletUrl: string;
  onChange: (checked: boolean) => void;
}

/** The auto-renewal checkbox, with why it matters and what went wrong, announced with it. */
function AutoRenewControl({
  t,
  checked,
  busy,
  mandatory,
  noSavedOptions,
  problem,
  walletUrl,
  onChange,
}: AutoRenewProps) {
  const id = useId();
  const hints = [mandatory && `${id}-mandatory`, noSavedOptions && !checked && `${id}-cards`].filter(Boolean);
  return (
    <div className="membership-auto-renew">
      <div className="field field-check">
        {/* aria-disabled rather than disabled: a disabled box loses focus, and the dialog gives it back. */}
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-disabled={busy || undefined}
          aria-describedby={hints.length ? hints.join(' ') : undefined}
          onChange={(event) => {
            if (!busy) onChange(event.target.checked);
          }}
        />
        <label htmlFor={id}>{t('membership.autoRenew.label')}</label>
      </div>
      {mandatory && (
        <p className="field-hint" id={`${id}-mandatory`}>
          {t('membership.autoRenew.mandatory')}
        </p>
      )}
      {noSavedOptions && !checked && (
        <p className="field-hint" id={`${id}-cards`}>
          {t('membership.autoRenew.noCards')} <a href={walletUrl}>{t('membership.autoRenew.addCard')}</a>
        </p>
      )}
      {problem && (
        <FormAlert>
          <p>{t(problem)}</p>
          {problem === 'membership.autoRenew.needsCard' && (
            <p>
              <a href={walletUrl}>{t('membership.autoRenew.addCard')}</a>
            </p>
          )}
        </FormAlert>
      )}
    </div>
  );
}

function MembershipPlanView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'membership', 'plans');
  const user = useStore($session);
  const plans$ = useStore($membershipPlans);
  const state$ = useStore($membershipState);
  const profile$ = useStore($membershipProfile);
  const wallet$ = useStore($membershipWallet);
  /** What the checkbox shows while a confirmation or a call is open (null: the saved value). */
  const [shownRenewal, setShownRenewal] = useState<boolean | null>(null);
  const [renewalBusy, setRenewalBusy] = useState(false);
  const [renewalProblem, setRenewalProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: DialogKind; fromCheckbox: boolean } | null>(null);
  /** Going to a payment page: every payment button waits. */
  const [leaving, setLeaving] = useState(false);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);

  const parts = [
    { load: plans$, call: getMembershipPlans },
    { load: state$, call: getMembership },
    { load: profile$, call: getProfile },
    { load: wallet$, call: getWalletOptions },
  ];
  const loading = parts.some((part) => waiting(part.load));
  // What loaded shows; a part that failed to load is left out, said, and asked again on retry.
  const failed = parts.filter((part) => loadFailure(part.load)).map((part) => part.call);

  const loadedCurrent = state$.data?.current;
  useEffect(() => {
    if (loadedCurrent) syncSession(loadedCurrent);
  }, [loadedCurrent]);

  if (!user) return null;
  const url = (name: string, query: Record<string, string> = {}) => buildUrl(lang, name, brandSlug, {}, query);
  const walletUrl = url('account.wallet');

  const membership: Membership | null = loadedCurrent ?? fromSession(user);
  const plans = plans$.data?.plans ?? null;
  const listed = plans?.find((p) => p.planId === membership?.planId);
  const current: CurrentPlan | null = membership
    ? { planId: membership.planId, daysToExpiry: daysToExpiry(membership.expiryDate, new Date()) }
    : null;
  const choices = current && plans ? upgradeChoices(current, plans) : [];
  const pending = state$.data?.pending;
  const pendingPlan = isPendingPlan(pending) ? plans?.find((p) => p.planId === pending?.planId) : undefined;
  const wallet = wallet$.data ?? null;
  const profile = profile$.data ?? null;
  const noSavedOptions = wallet !== null && wallet.cards.length + wallet.thirdParty.length === 0;
  // Without the price list, monthly is the plan known to mandate renewal (spec 1 §3).
  const mandatory = listed?.mandateAutoRenew ?? membership?.planId === PLAN_IDS.flexMonthly;
  const renewable = current && choices.find((p) => p.planId === current.planId);
  const expiryNotice =
    current !== null &&
    flexOn(current.planId) &&
    showExpiryNotice(current.daysToExpiry, listed?.renewalAllowedInLastDays ?? 0);

  const goToPayment = async (plan: Plan) => {
    if (leaving) return;
    setLeaving(true);
    setPaymentProblem(null);
    notify('info', 'notifications.waitRedirection');
    try {
      const { absoluteUri } = await call(resolveMembershipPaymentUrl, {
        query: { currencyCode: plan.currencyCode, planID: plan.planId, lang },
      });
      location.assign(absoluteUri);
    } catch {
      setPaymentProblem('errors.paymentProcessing');
      setLeaving(false);
    }
  };

  const saveRenewal = async (value: boolean) => {
    setRenewalBusy(true);
    setRenewalProblem(null);
    setShownRenewal(value);
    try {
      const saved = await call(setAutoRenewal, {
        params: { guid: user.guid },
        query: { autorenewal: value ? 'true' : 'false' },
      });
      membershipSaved(saved);
      const fresh = $session.get();
      if (fresh?.membershipPlan) {
        setCurrentUser({ ...fresh, membershipPlan: { ...fresh.membershipPlan, autoRenewal: saved.autoRenewal } });
      }
      notify('success', 'notifications.settingsSaved');
    } catch (error) {
      // 409: nothing saved to renew with (turning it on).
      const key = error instanceof ApiError ? error.messageKey : 'errors.500';
      setRenewalProblem(error instanceof ApiError && error.status === 409 ? 'membership.autoRenew.needsCard' : key);
    } finally {
      setShownRenewal(null);
      setRenewalBusy(false);
    }
  };

  const onRenewalChange = (checked: boolean) => {
    setRenewalProblem(null);
    if (checked) {
      void saveRenewal(true);
      return;
    }
    setShownRenewal(false);
    setDialog({ kind: mandatory ? 'cancelFlex' : 'autoRenewOff', fromCheckbox: true });
  };

  const onDialogCancel = () => {
    // Puts the checkbox back when the dialog came from unticking it.
    if (dialog?.fromCheckbox) setShownRenewal(null);
    setDialog(null);
  };

  const onDialogConfirm = () => {
    const kind = dialog?.kind;
    setDialog(null);
    if (kind === 'autoRenewOff') void saveRenewal(false);
    if (kind === 'cancelFlex') {
      location.assign(url('account.submit-request', { categoryId: String(REQUEST_CATEGORIES.cancelFlex) }));
    }
  };

  const dialogTexts =
    dialog?.kind === 'cancelFlex'
      ? {
          title: t('membership.cancelFlex.title'),
          message: t('membership.cancelFlex.message'),
          confirmLabel: t('membership.cancelFlex.confirm'),
          cancelLabel: t('membership.cancelFlex.keep'),
        }
      : {
          title: t('membership.autoRenew.offTitle'),
          message: t('membership.autoRenew.offMessage'),
          confirmLabel: t('membership.autoRenew.offConfirm'),
          cancelLabel: t('membership.autoRenew.keep'),
        };

  return (
    <section className="form-card form-card-wide membership-page" aria-labelledby="membership-heading">
      <h1 id="membership-heading">{t('membership.heading')}</h1>
      <LoadStatus
        t={t}
        loading={loading}
        error={failed.length > 0 ? 'errors.500' : null}
        onRetry={() => refetch(...failed)}
      />
      {paymentProblem && (
        <FormAlert>
          <p>{t(paymentProblem)}</p>
        </FormAlert>
      )}
      {pending && isPendingPlan(pending) && (
        <div className="notice notice-warning">
          <p>{t('membership.pending.notice', { plan: t(`plan.name.${pending.planId}`) })}</p>
          {pendingPlan && (
            <p>
              <button type="button" className="button" disabled={leaving} onClick={() => void goToPayment(pendingPlan)}>
                {t('membership.pending.pay')}
              </button>
            </p>
          )}
        </div>
      )}
      {expiryNotice && current && (
        <div className="notice notice-warning">
          <p>
            {t('membership.expiry.notice', { count: current.daysToExpiry ?? 0 })}
            {membership?.autoRenewal && hasAutoRenewal(current.planId) ? ` ${t('membership.expiry.autoRenews')}` : ''}
          </p>
          {renewable && (
            <p>
              <button type="button" className="button" disabled={leaving} onClick={() => void goToPayment(renewable)}>
                {t('membership.expiry.renewNow')}
              </button>
            </p>
          )}
        </div>
      )}

      {membership && (
        <section className="membership-section" aria-labelledby="membership-current-heading">
          <h2 id="membership-current-heading">{t('membership.current.heading')}</h2>
          <dl className="summary-list">
            {profile && (
              <div>
                <dt>{t('membership.account')}</dt>
                <dd>
                  <bdi>
                    {profile.firstName} {profile.lastName}
                  </bdi>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('membership.current.plan')}</dt>
              <dd>{t(`plan.name.${membership.planId}`)}</dd>
            </div>
            {membership.startDate && (
              <div>
                <dt>{t('membership.current.started')}</dt>
                <dd>{formatDay(membership.startDate, lang)}</dd>
              </div>
            )}
            <div>
              <dt>{t('membership.current.ends')}</dt>
              <dd>{membership.expiryDate ? formatDay(membership.expiryDate, lang) : t('membership.current.noEnd')}</dd>
            </div>
            <div>
              <dt>{t('membership.current.flex')}</dt>
              <dd>{t(flexOn(membership.planId) ? 'membership.flex.on' : 'membership.flex.off')}</dd>
            </div>
          </dl>
          {hasAutoRenewal(membership.planId) && (
            <AutoRenewControl
              t={t}
              checked={shownRenewal ?? membership.autoRenewal}
              busy={renewalBusy || loading}
              mandatory={mandatory}
              noSavedOptions={noSavedOptions}
              problem={renewalProblem}
              walletUrl={walletUrl}
              onChange={onRenewalChange}
            />
          )}
          {flexOn(membership.planId) && (
            <p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setDialog({ kind: 'cancelFlex', fromCheckbox: false })}
              >
                {t('membership.cancelFlex.button')}
              </button>
            </p>
          )}
        </section>
      )}

      {plans && current && (
        <section className="membership-section" aria-labelledby="membership-plans-heading">
          <h2 id="membership-plans-heading">{t('membership.plans.heading')}</h2>
          <MembershipPlanList
            t={t}
            lang={lang}
            plans={plans}
            current={current}
            busy={leaving}
            onChoose={(plan) => void goToPayment(plan)}
          />
        </section>
      )}

      {wallet && (
        <section className="membership-section" aria-labelledby="membership-cards-heading">
          <h2 id="membership-cards-heading">{t('membership.cards.heading')}</h2>
          <SavedPaymentOptions t={t} wallet={wallet} walletUrl={walletUrl} />
        </section>
      )}

      <ConfirmDialog open={dialog !== null} onConfirm={onDialogConfirm} onCancel={onDialogCancel} {...dialogTexts} />
    </section>
  );
}

export default island(MembershipPlanView);
