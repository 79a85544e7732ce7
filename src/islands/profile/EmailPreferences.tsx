/** E-mail preferences: the brand's mailing lists (spec 1 §3 subscription, spec 2 §9 mailing lists). */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { changeSubscriptions, getSubscriptions } from '../../lib/api/marketing/marketing.ts';
import type { Subscription } from '../../lib/api/marketing/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';

interface Props {
  lang: Lang;
  guid: string;
}

export function EmailPreferences({ lang, guid }: Props) {
  const t = useTranslator(lang);
  const id = useId();
  const [saved, setSaved] = useState<Subscription[] | null>(null);
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getSubscriptions(guid)
      .then((list) => {
        if (!live) return;
        setSaved(list);
        setChosen(Object.fromEntries(list.map((s) => [s.type, s.subscribed])));
      })
      .catch(() => live && setFailure('errors.500'));
    return () => {
      live = false;
    };
  }, [guid]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!saved || busy) return;
    const changes = saved
      .filter((s) => chosen[s.type] !== s.subscribed)
      .map((s) => ({ action: chosen[s.type] ? ('1' as const) : ('2' as const), type: s.type }));
    if (changes.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const list = await changeSubscriptions(guid, changes);
      setSaved(list);
      setChosen(Object.fromEntries(list.map((s) => [s.type, s.subscribed])));
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
            checked={chosen[s.type] ?? false}
            onChange={(e) => setChosen({ ...chosen, [s.type]: e.currentTarget.checked })}
          />
          <label htmlFor={`${id}-${s.type}`}>{t(`preferences.${s.kind}`)}</label>
        </div>
      ))}
      {saved && <SubmitButton busy={busy} label={t('preferences.save')} busyLabel={t('common.working')} />}
    </form>
  );
}
