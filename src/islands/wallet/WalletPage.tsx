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
import { useTranslator } from '../i18n/use-translator.ts';
import type { WalletContent } from '../../lib/api/payments/contract.ts';
import type { AutoPayOptions, UserOptions, WalletBalance, WalletChange } from '../../lib/api/wallet/contract.ts';
import {
  addThirdPartyAccount,
  deleteOption,
  getAutoPayOptions,
  getUserOptions,
  getWalletBalance,
  getWalletOptions,
  setDefaultOption,
  startThirdPartySession,
} from '../../lib/api/wallet/wallet.ts';
import { getMembership } from '../../lib/api/payments/payments.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { settled } from '../../lib/api/call.ts';
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
import { ConfirmDialog } from '../forms/ConfirmDialog.tsx';
import { island } from '../forms/Island.tsx';
import { LoadStatus } from '../forms/LoadStatus.tsx';
import { AddCardForm } from './AddCardForm.tsx';
import { AutoPaySection } from './AutoPaySection.tsx';
import { BalanceSection } from './BalanceSection.tsx';
import { SavedOptionsList } from './SavedOptionsList.tsx';
import { WalletNotifications } from './WalletNotifications.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

interface Loaded {
  balance: WalletBalance | null;
  userOptions: UserOptions | null;
  /** The membership's end, which the last option's delete confirmation names. */
  planExpiry: string | null;
}

/** Wallet load failure (spec 2 §8): 401 is errors.unauthorized, anything else errors.500. */
const loadErrorKey = (error: unknown) =>
  error instanceof ApiError && error.status === 401 ? 'errors.unauthorized' : 'errors.500';

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
  const t = useTranslator(lang, 'payments');
  const user = useStore($session);
  const [inFrame] = useState(() => window.name === PAYMENT_FRAME_NAME);
  const [today] = useState(() => new Date());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [content, setContent] = useState<WalletContent | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [autoPay, setAutoPay] = useState<AutoPayOptions | null>(null);
  const [autoRenewal, setAutoRenewal] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ option: WalletOption; confirmation: DeleteConfirmation } | null>(null);
  const [linking, setLinking] = useState(false);
  const returned = useRef(false);
  const guid = user?.guid ?? '';

  useEffect(() => {
    if (!guid || inFrame) return;
    let live = true;
    void Promise.allSettled([
      getWalletOptions(guid),
      getWalletBalance(guid),
      getAutoPayOptions(guid),
      getUserOptions(guid),
      getMembership(guid),
    ]).then(([options, balance, autoPayOptions, userOptions, membership]) => {
      if (!live) return;
      const failed = [options, balance, autoPayOptions].find((r) => r.status === 'rejected');
      if (failed?.status === 'rejected') {
        const key = loadErrorKey(failed.reason);
        setLoadError(key);
        notify('danger', key);
      }
      setContent(settled(options));
      setAutoPay(settled(autoPayOptions));
      setAutoRenewal(settled(membership)?.current.autoRenewal ?? false);
      setLoaded({
        balance: settled(balance),
        userOptions: settled(userOptions),
        planExpiry: settled(membership)?.current.expiryDate ?? null,
      });
    });
    return () => {
      live = false;
    };
  }, [guid, inFrame]);

  const applyChange = (change: WalletChange) => {
    setContent(change.content);
    setAutoRenewal(change.autoRenewal);
    setAutoPay((options) =>
      options && change.paymentMethod === 0 && options.value
        ? { ...options, value: false, shippingAgreement: false }
        : options,
    );
    syncSession(change);
  };

  // The provider's page came back with the approved account's token (spec 2 §4 Wallet): it adds the account.
  useEffect(() => {
    if (!guid || inFrame || !loaded || returned.current) return;
    returned.current = true;
    const query = new URLSearchParams(location.search);
    const token = query.get('token');
    if (!token) return;
    query.delete('token');
    history.replaceState(history.state, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
    addThirdPartyAccount(guid, token).then(
      (change) => {
        applyChange(change);
        notify('success', 'notifications.walletAccountSaved');
      },
      () => notify('danger', 'wallet.thirdParty.addFailed'),
    );
  }, [guid, inFrame, loaded]);

  if (!user || inFrame) return null;

  const options = content ? walletOptions(content, today) : [];
  const usable = content ? usableOptionCount(content, today) : 0;
  const kindOf = (option: WalletOption) => (option.thirdParty ? '3rdparty' : 'cc');

  const makeDefault = async (option: WalletOption) => {
    if (busyId !== null) return;
    setBusyId(option.id);
    try {
      applyChange(await setDefaultOption(guid, kindOf(option), option.id));
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
      membership: { autoRenewal, expiryDate: loaded?.planExpiry ?? null },
    });
    setDeleting({ option, confirmation });
  };

  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    setBusyId(target.option.id);
    try {
      const change = await deleteOption(guid, kindOf(target.option), target.option.id);
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
      const url = await startThirdPartySession(guid, {
        code: 'PP01',
        returnUrl: page,
        cancelUrl: page,
        langCode: lang,
        IsDefault: false,
      });
      notify('info', 'notifications.waitRedirection');
      location.assign(url);
    } catch {
      // Third-party session failure (spec 2 §8): the in-progress flag resets.
      notify('danger', 'accountwallet.errors.500');
      setLinking(false);
    }
  };

  const cards = options.filter((o) => !o.thirdParty);
  const accounts = options.filter((o) => o.thirdParty);

  return (
    <section className="form-card form-card-wide wallet-page" aria-labelledby="wallet-heading">
      <h1 id="wallet-heading">{t('wallet.heading')}</h1>
      <LoadStatus t={t} loading={!loaded} error={loadError} />
      {loaded && <BalanceSection t={t} lang={lang} guid={guid} balance={loaded.balance} />}

      {content && (
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

      {content && (
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

      {autoPay && content && (autoPay.isAutoPayVisible || autoPay.isAutoPayMandatory) && (
        <AutoPaySection
          key={`${autoPay.value}:${autoPay.shippingAgreement}:${usable > 0}`}
          t={t}
          lang={lang}
          brandSlug={brandSlug}
          guid={guid}
          options={autoPay}
          usableOptions={usable}
          onSaved={(saved) => {
            setAutoPay(saved);
            syncSession({ paymentMethod: saved.value ? 1 : 0 });
          }}
        />
      )}

      {loaded?.userOptions && <WalletNotifications t={t} guid={guid} options={loaded.userOptions} />}

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
