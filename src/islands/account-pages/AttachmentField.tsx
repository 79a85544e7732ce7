import { useId, type Ref } from 'react';
import type { TFunction } from 'i18next';
import { ALLOWED_EXTENSIONS } from '../../lib/uploads/file-rules.ts';

const ACCEPT = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

interface Props {
  label: string;
  /** Translation key of the file's problem, if any. */
  problem: string | null;
  chosen: File | undefined;
  onChoose: (files: File[]) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The count a queue-limit problem names. */
  limit?: number;
  t: TFunction;
}

/** One file to attach (a queue of one, spec 2 §9): the browser checks its name and size first. */
export function AttachmentField({ label, problem, chosen, onChoose, inputRef, limit = 1, t }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPT}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hintId, problem ? errorId : null].filter(Boolean).join(' ')}
        onChange={(e) => onChoose(e.currentTarget.files ? [...e.currentTarget.files] : [])}
      />
      <p className="field-hint" id={hintId}>
        {t('upload.hint')}
      </p>
      {chosen && <p className="field-hint">{t('upload.chosen', { name: chosen.name })}</p>}
      {problem && (
        <p className="field-error" id={errorId} role="alert">
          {t(problem, { count: limit })}
        </p>
      )}
    </div>
  );
}
