/**
 * Signup step "upload" (spec 1 §2.4): the ID document goes to the account upload endpoint, then the
 * customer goes on to account-home. The browser checks name, size and count first; the server decides the
 * type by the file's content.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { call } from '../../lib/api/call.ts';
import { uploadIdDocument } from '../../lib/api/account/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { ALLOWED_EXTENSIONS, fileProblemKey, fileProblems } from '../../lib/uploads/file-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

const ACCEPT = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

function IdUploadForm({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'uploads');
  const user = useStore($session);
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user) return null;

  const choose = (list: FileList | null) => {
    const chosen = list ? [...list] : [];
    setFiles(chosen);
    const [first] = fileProblems(chosen, { required: true });
    setProblem(first ? fileProblemKey(first) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [first] = fileProblems(files, { required: true });
    if (first) {
      setProblem(fileProblemKey(first));
      return;
    }
    const [file] = files;
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      // Uploads take longer than the default 15 s on a slow line.
      const saved = await call(uploadIdDocument, { params: { guid: user.guid }, body: [file] });
      setCurrentUser(currentUserFrom(saved));
      notifyOnNextPage('success', 'notifications.idUploaded');
      location.assign(buildUrl(lang, 'account-home', brandSlug));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.messageKey : 'errors.global');
      setBusy(false);
    }
  };

  return (
    <form className="form-card" noValidate onSubmit={submit}>
      <h1>{t('upload.heading')}</h1>
      <p>{t('upload.intro')}</p>
      {problem && (
        <FormAlert>
          <p id={ids.error}>{t(problem, { count: 1 })}</p>
        </FormAlert>
      )}
      <div className="field">
        <label htmlFor={ids.input}>{t('upload.file')}</label>
        <input
          id={ids.input}
          type="file"
          accept={ACCEPT}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[ids.hint, problem ? ids.error : null].filter(Boolean).join(' ')}
          onChange={(e) => choose(e.currentTarget.files)}
        />
        <p className="field-hint" id={ids.hint}>
          {t('upload.hint')}
        </p>
        {files[0] && <p>{t('upload.chosen', { name: files[0].name })}</p>}
      </div>
      <SubmitButton busy={busy} label={t('upload.submit')} busyLabel={t('common.working')} />
      {!user.id.mandatory && (
        <p className="form-links">
          <a href={buildUrl(lang, 'account-home', brandSlug)}>{t('upload.skip')}</a>
        </p>
      )}
    </form>
  );
}

export default island(IdUploadForm);
