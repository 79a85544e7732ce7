/**
 * The wallet (spec 1 §2.1 account/payment-options, §2.7, §4.8): balance and statement, saved cards and
 * third-party accounts with the default marked and expired cards shown as such, adding a card (directly or
 * through the provider's frame) or an account (through the provider's page, which comes back here with a
 * token), making one the default, deleting with the confirmation the situation calls for, AutoPay, and the Wallet
 * notification switch.
 *
 * Inside the provider's frame this page only hands the frame's id to the page that opened it (the route guard
 * does that, spec 1 §4.1 step 5), so it shows nothing there.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  addThirdPartyAccount,
  deleteCard,
  deleteThirdParty,
  getAutoPayOptions,
  getWalletBalance,
  getWalletOptions,
  setDefaultCard,
  setDefaultThirdParty,
  startThirdPartySession,
  type WalletChange,
} from '../../lib/api/wallet/contract.ts';
import { loadFailure, refetch, setAnswer, waiting } from '../../lib/api/query.ts';
import {
  $autoPayOptions,
  $membership,
  $walletBalance,
  $walletEmails,
  $walletOptions,
  walletChanged,
} from '../../lib/payments/wallet-queries.ts';
import { ApiError, loadErrorKey } from '../../lib/api/errors.ts';
import { call } from '../../lib/api/call.ts';
import {
  deleteConfirmation,
  usableOptionCount,
  walletOptions,
  type DeleteConfirmation,
  type WalletOption,
} from '../../lib/payments/wallet-rules.ts';
import { PAYMENT_FRAME_NAME } from '../../lib/guard/guard.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { formatDay } from '../../lib/widgets/format.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { AddCardForm } from './AddCardForm.tsx';
import { AutoPaySection } from './AutoPaySection.tsx';
import { BalanceSection } from './BalanceSection.tsx';
import { SavedOptionsList } from './SavedOptionsList.tsx';
import { WalletNotifications } from './WalletNotifications.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** Keeps the session's copy of AutoPay and auto-renewal in step with what the server decided. */
function syncSession(change: Pick<WalletChange, 'paymentMethod'> & { autoRenewal?: boolean }): void {
  const user = $session.get();
  if (!user) return;
  const plan = user.membershipPlan;
  const renewal = change.autoRenewal ?? plan?.autoRenewal;
  if (user.paymentMethodId === change.paymentMethod && plan?.autoRenewal === renewal) return;
  setCurrentUser({
    ...user,
    paymentMethodId: change.paymentMethod,
    membershipPlan: plan && renewal !== undefined ? { ...plan, autoRenewal: renewal } : plan,
  });
}

function confirmText(t: TFunction, lang: Lang, confirmation: DeleteConfirmation): string {
  const main = t(`wallet.delete.${confirmation.variant}`);
  return confirmation.renewalEnds
    ? `${main} ${t('wallet.delete.renewalEnds', { date: formatDay(confirmation.renewalEnds, lang) })}`
    : main;
}

function WalletView({ lang, brandSlug }: Props) {
  const user = useStore($session);
  const [inFrame] = useState(() => window.name === PAYMENT_FRAME_NAME);
  // Inside the provider's frame the page only hands the frame's id over (the route guard): it loads nothing.
  if (!user || inFrame) return null;
  return <Wallet lang={lang} brandSlug={brandSlug} guid={user.guid} />;
}

function Wallet({ lang, brandSlug, guid }: Props & { guid: string }) {
  const t = useTranslator(lang, 'wallet', 'payments', 'membership', 'gateway');
  const [today] = useState(() => new Date());
  const options$ = useStore($walletOptions);
  const balance$ = useStore($walletBalance);
  const autoPay$ = useStore($autoPayOptions);
  const emails$ = useStore($walletEmails);
  const membership$ = useStore($membership);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ option: WalletOption; confirmation: DeleteConfirmation } | null>(null);
  const [linking, setLinking] = useState(false);
  const returned = useRef(false);

  const content = options$.data ?? null;
  const autoPay = autoPay$.data ?? null;
  const membership = membership$.data?.current ?? null;
  // The page's own parts; the e-mail switch and the membership only add to it when they come.
  // Asking again after a change keeps the page as it is: only a first load waits, or fails.
  const failure = loadFailure(options$) ?? loadFailure(balance$) ?? loadFailure(autoPay$);
  const loadError = failure ? loadErrorKey(failure) : null;
  const loading = waiting(options$) || waiting(balance$) || waiting(autoPay$);

  useEffect(() => {
    if (loadError) notify('danger', loadError);
  }, [loadError]);

  const applyChange = (change: WalletChange) => {
    walletChanged(change);
    syncSession(change);
  };

  // The provider's page came back with the approved account's token (spec 2 §4 Wallet): it adds the account. Its
  // cancel comes back with `cancelled=1`: nothing was added, and the page says so.
  useEffect(() => {
    if (!content || returned.current) return;
    returned.current = true;
    const query = new URLSearchParams(location.search);
    const token = query.get('token');
    const cancelled = query.get('cancelled') === '1';
    if (!token && !cancelled) return;
    query.delete('token');
    query.delete('cancelled');
    history.replaceState(history.state, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
    if (!token) {
      notify('info', 'wallet.thirdParty.cancelled');
      return;
    }
    call(addThirdPartyAccount, { params: { customerGUID: guid }, body: { token } }).then(
      (change) => {
        applyChange(change);
        notify('success', 'notifications.walletAccountSaved');
      },
      () => notify('danger', 'wallet.thirdParty.addFailed'),
    );
  });

  const options = content ? walletOptions(content, today) : [];
  const usable = content ? usableOptionCount(content, today) : 0;
  const callsOf = (option: WalletOption) =>
    option.thirdParty
      ? { setDefault: setDefaultThirdParty, remove: deleteThirdParty }
      : { setDefault: setDefaultCard, remove: deleteCard };
  const onOption = (option: WalletOption) => ({ params: { customerGUID: guid }, body: { id: option.id } });

  const makeDefault = async (option: WalletOption) => {
    if (busyId !== null) return;
    setBusyId(option.id);
    try {
      applyChange(await call(callsOf(option).setDefault, onOption(option)));
      notify('success', 'notifications.settingsSaved');
    } catch (error) {
      notify('danger', error instanceof ApiError ? error.messageKey : 'errors.500');
    } finally {
      setBusyId(null);
    }
  };

  const askDelete = (option: WalletOption) => {
    if (!content || busyId !== null) return;
    const confirmation = deleteConfirmation(option.id, {
      content,
      today,
      autoPay: { value: autoPay?.value ?? false, mandatory: autoPay?.isAutoPayMandatory ?? false },
      membership: { autoRenewal: membership?.autoRenewal ?? false, expiryDate: membership?.expiryDate ?? null },
    });
    setDeleting({ option, confirmation });
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    setBusyId(target.option.id);
    try {
      const change = await call(callsOf(target.option).remove, onOption(target.option));
      const autoPayWasOn = autoPay?.value ?? false;
      applyChange(change);
      notify('success', 'notifications.walletOptionDeleted');
      if (autoPayWasOn && change.paymentMethod === 0) notify('info', 'wallet.autoPay.turnedOff');
    } catch (error) {
      notify(
        'danger',
        error instanceof ApiError && error.status === 401 ? 'errors.unauthorized' : 'wallet.delete.failed',
      );
    } finally {
      setBusyId(null);
    }
  };

  const addAccount = async () => {
    if (linking) return;
    setLinking(true);
    const page = `${location.origin}${buildUrl(lang, 'account.wallet', brandSlug)}`;
    try {
      const { redirectURL: url } = await call(startThirdPartySession, {
        params: { customerGUID: guid },
        body: { code: 'PP01', returnUrl: page, cancelUrl: page, langCode: lang, IsDefault: false },
      });
      notify('info', 'notifications.waitRedirection');
      location.assign(url);
    } catch {
      // Third-party session failure (spec 2 §8): the in-progress flag resets.
      notify('danger', 'accountwallet.errors.500');
      setLinking(false);
    }
  };

  // The sections come together, once the balance, the options and AutoPay are all in: one arriving before another
  // would be pushed down by it (layout shift).
  const shown = loading ? null : content;
  const cards = options.filter((o) => !o.thirdParty);
  const accounts = options.filter((o) => o.thirdParty);

  return (
    <section className="form-card form-card-wide wallet-page" aria-labelledby="wallet-heading">
      <h1 id="wallet-heading">{t('wallet.heading')}</h1>
      <LoadStatus
        t={t}
        loading={loading}
        error={loadError}
        onRetry={() => refetch(getWalletOptions, getWalletBalance, getAutoPayOptions)}
      />
      {!loading && <BalanceSection t={t} lang={lang} balance={balance$.data ?? null} />}

      {shown && (
        <section className="wallet-section" aria-labelledby="wallet-cards-heading">
          <h2 id="wallet-cards-heading">{t('wallet.cards.heading')}</h2>
          <SavedOptionsList
            t={t}
            options={cards}
            label={t('wallet.cards.heading')}
            emptyText={t('wallet.cards.none')}
            busyId={busyId}
            onMakeDefault={(option) => void makeDefault(option)}
            onDelete={askDelete}
          />
          <h3>{t('wallet.add.heading')}</h3>
          <AddCardForm t={t} guid={guid} today={today} onAdded={applyChange} />
        </section>
      )}

      {shown && (
        <section className="wallet-section" aria-labelledby="wallet-accounts-heading">
          <h2 id="wallet-accounts-heading">{t('wallet.accounts.heading')}</h2>
          <SavedOptionsList
            t={t}
            options={accounts}
            label={t('wallet.accounts.heading')}
            emptyText={t('wallet.accounts.none')}
            busyId={busyId}
            onMakeDefault={(option) => void makeDefault(option)}
            onDelete={askDelete}
          />
          <p>
            <button
              type="button"
              className="button button-secondary"
              disabled={linking}
              aria-busy={linking}
              onClick={() => void addAccount()}
            >
              {t('wallet.accounts.add')}
            </button>
          </p>
        </section>
      )}

      {autoPay && shown && (autoPay.isAutoPayVisible || autoPay.isAutoPayMandatory) && (
        <AutoPaySection
          key={`${autoPay.value}:${autoPay.shippingAgreement}:${usable > 0}`}
          t={t}
          lang={lang}
          brandSlug={brandSlug}
          guid={guid}
          options={autoPay}
          usableOptions={usable}
          onSaved={(saved) => {
            setAnswer(getAutoPayOptions, saved);
            syncSession({ paymentMethod: saved.value ? 1 : 0 });
          }}
        />
      )}

      {/* Last, and only once the sections above are in: arriving before them, it would be pushed down (layout shift). */}
      {shown && emails$.data && <WalletNotifications t={t} guid={guid} options={emails$.data} />}

      <ConfirmDialog
        open={deleting !== null}
        title={t('wallet.delete.title')}
        message={deleting ? confirmText(t, lang, deleting.confirmation) : ''}
        confirmLabel={t('wallet.delete.confirm')}
        cancelLabel={t('wallet.delete.keep')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

export default island(WalletView);
