/**
 * The agreement form (spec 1 §2.5): for a logged-in customer with mailboxes who has not confirmed the
 * agreement. Confirming saves action 2, updates the session and goes on to account-home.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '../../lib/zod.ts';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { call } from '../../lib/api/call.ts';
import { CONFIRM_AGREEMENT_ACTION, saveAccount } from '../../lib/api/account/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

const agreementFormSchema = z.object({ accept: z.literal(true, 'agreement.confirm.required') });
type AgreementForm = z.infer<typeof agreementFormSchema>;

interface Props {
  lang: Lang;
  brandSlug: string;
}

function AgreementForm({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'auth');
  const user = useStore($session);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<AgreementForm>({ resolver: zodResolver(agreementFormSchema) });

  if (!user?.hasMailboxes || user.confirmedAgreement) return null;

  const onSubmit = async () => {
    setFailure(null);
    try {
      const saved = await call(saveAccount, {
        params: { guid: user.guid },
        body: { action: CONFIRM_AGREEMENT_ACTION },
      });
      setCurrentUser(currentUserFrom(saved));
      location.assign(buildUrl(lang, 'account-home', brandSlug));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.messageKey : 'errors.500');
    }
  };
  const error = formState.errors.accept?.message;

  return (
    <form
      className="form-card agreement-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="agreement-confirm"
    >
      <h2 id="agreement-confirm">{t('agreement.confirm.heading')}</h2>
      <p>{t('agreement.confirm.text')}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      <div className="field field-check">
        <input
          id="agreement-accept"
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'agreement-accept-error' : undefined}
          {...register('accept')}
        />
        <label htmlFor="agreement-accept">{t('agreement.confirm.checkbox')}</label>
        {error && (
          <p className="field-error" id="agreement-accept-error">
            {t(error)}
          </p>
        )}
      </div>
      <SubmitButton
        busy={formState.isSubmitting}
        label={t('agreement.confirm.submit')}
        busyLabel={t('common.working')}
      />
    </form>
  );
}

export default island(AgreementForm);
