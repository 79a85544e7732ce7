/** E-mail preferences: the brand's mailing lists (spec 1 §3 subscription, spec 2 §9 mailing lists). */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { call } from '../../lib/api/call.ts';
import { changeSubscriptions, getSubscriptions } from '../../lib/api/customers/contract.ts';
import type { Subscription } from '../../lib/api/marketing/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { refetch, setAnswer } from '../../lib/api/query.ts';
import { $subscriptions } from '../../lib/profile/settings-queries.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

interface Props {
  lang: Lang;
  guid: string;
}

export function EmailPreferences({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const { data: saved, error } = useStore($subscriptions);
  /** The boxes the customer has changed; the others show what is saved. */
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isOn = (s: Subscription) => chosen[s.type] ?? s.subscribed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!saved || busy) return;
    const changes = saved
      .filter((s) => isOn(s) !== s.subscribed)
      .map((s) => ({ action: isOn(s) ? ('1' as const) : ('2' as const), type: s.type }));
    if (changes.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      // The answer is the lists as they are now.
      setAnswer(getSubscriptions, await call(changeSubscriptions, { params: { guid }, body: changes }));
      setChosen({});
      notify('success', 'notifications.preferencesSaved');
    } catch (error) {
      setFailure(error instanceof ApiError ? error.messageKey : 'errors.500');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-card form-card-wide" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('preferences.heading')}</h2>
      <LoadStatus
        t={t}
        loading={!saved && !error}
        error={error ? 'errors.500' : null}
        onRetry={() => refetch(getSubscriptions)}
      />
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      {saved?.map((s) => (
        <div className="field field-check" key={s.type}>
          <input
            id={`${id}-${s.type}`}
            type="checkbox"
            checked={isOn(s)}
            onChange={(e) => setChosen({ ...chosen, [s.type]: e.currentTarget.checked })}
          />
          <label htmlFor={`${id}-${s.type}`}>{t(`preferences.${s.kind}`)}</label>
        </div>
      ))}
      {saved && <SubmitButton busy={busy} label={t('preferences.save')} busyLabel={t('common.working')} />}
    </form>
  );
}
