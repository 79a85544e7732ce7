/**
 * The package alerts a customer gets by e-mail (issue 24; docs/decisions/034): a package arrived at a mailbox, its
 * free storage running out (3 days and 1 day left), a shipment held for charges. All on until turned off; each
 * saved as it is flipped.
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getUserOptions, type NotificationOptionName, type UserOptions } from '../../lib/api/user-options/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { $notificationOptions } from '../../lib/profile/settings-queries.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { useNotificationOptions } from '../ui/use-notification-options.ts';

const ALERTS: readonly NotificationOptionName[] = ['PackageArrived', 'StorageDeadline', 'HeldForCharges'];

interface Props {
  lang: Lang;
  guid: string;
}

export function AlertPreferences({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const { data, error } = useStore($notificationOptions);
  return (
    <section className="form-card form-card-wide" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('alerts.heading')}</h2>
      <p>{t('alerts.intro')}</p>
      <LoadStatus
        t={t}
        loading={!data && !error}
        error={error ? 'errors.500' : null}
        onRetry={() => refetch(getUserOptions)}
      />
      {data && <Switches t={t} guid={guid} options={data} />}
    </section>
  );
}

function Switches({ t, guid, options }: { t: TFunction; guid: string; options: UserOptions }) {
  const id = useId();
  const { isOn, flip, busy } = useNotificationOptions(guid, options);
  return ALERTS.map((name) => (
    <div className="field field-check" key={name}>
      <input
        id={`${id}-${name}`}
        type="checkbox"
        role="switch"
        checked={isOn(name)}
        aria-describedby={`${id}-${name}-hint`}
        aria-busy={busy === name || undefined}
        onChange={(event) => void flip(name, event.target.checked)}
      />
      <label htmlFor={`${id}-${name}`}>{t(`alerts.${name}.label`)}</label>
      <p className="field-hint" id={`${id}-${name}-hint`}>
        {t(`alerts.${name}.hint`)}
      </p>
    </div>
  ));
}
