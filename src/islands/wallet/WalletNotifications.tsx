/**
 * The Wallet notification switch (spec 1 §3 user options: the option named Wallet): e-mails when a payment
 * option is added or removed, AutoPay changes or shipments are paid. Saved as it is flipped; a failure flips it
 * back.
 */
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { getUserOptions, setUserOptions, type UserOptions } from '../../lib/api/wallet/contract.ts';
import { setAnswer } from '../../lib/api/query.ts';
import { call } from '../../lib/api/call.ts';
import { notify } from '../../lib/notifications/notifications.ts';

interface Props {
  t: TFunction;
  guid: string;
  options: UserOptions;
}

export function WalletNotifications({ t, guid, options }: Props) {
  const id = useId();
  const [saved, setSaved] = useState(options);
  const [busy, setBusy] = useState(false);
  const on = saved.notificationOptions.find((o) => o.name === 'Wallet')?.value ?? true;

  const flip = async (value: boolean) => {
    if (busy) return;
    const wanted: UserOptions = {
      notificationOptions: saved.notificationOptions.map((o) => (o.name === 'Wallet' ? { ...o, value } : o)),
    };
    setBusy(true);
    setSaved(wanted);
    try {
      const answer = await call(setUserOptions, { params: { guid }, body: wanted });
      setSaved(answer);
      setAnswer(getUserOptions, answer);
      notify('success', 'notifications.settingsSaved');
    } catch {
      setSaved(saved);
      notify('danger', 'errors.500');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="wallet-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('wallet.notifications.heading')}</h2>
      <div className="field field-check">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-hint`}
          aria-busy={busy || undefined}
          onChange={(event) => void flip(event.target.checked)}
        />
        <label htmlFor={id}>{t('wallet.notifications.label')}</label>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t('wallet.notifications.hint')}
      </p>
    </section>
  );
}
