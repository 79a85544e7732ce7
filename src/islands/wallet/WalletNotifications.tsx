/**
 * The Wallet notification switch (spec 1 §3 user options: the option named Wallet): e-mails when a payment
 * option is added or removed, AutoPay changes or shipments are paid. Saved as it is flipped; a failure flips it
 * back.
 */
import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { UserOptions } from '../../lib/api/user-options/contract.ts';
import { useNotificationOptions } from '../ui/use-notification-options.ts';

interface Props {
  t: TFunction;
  guid: string;
  options: UserOptions;
}

export function WalletNotifications({ t, guid, options }: Props) {
  const id = useId();
  const { isOn, flip, busy } = useNotificationOptions(guid, options);

  return (
    <section className="wallet-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('wallet.notifications.heading')}</h2>
      <div className="field field-check">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={isOn('Wallet')}
          aria-describedby={`${id}-hint`}
          aria-busy={busy === 'Wallet' || undefined}
          onChange={(event) => void flip('Wallet', event.target.checked)}
        />
        <label htmlFor={id}>{t('wallet.notifications.label')}</label>
      </div>
      <p className="field-hint" id={`${id}-hint`}>
        {t('wallet.notifications.hint')}
      </p>
    </section>
  );
}
