/**
 * The three-word address field (spec 1 §5, §4.12; spec 2 §5): typing that can't become a three-word address
 * (an upper-case letter, a digit, a space, a second script) is refused and the last valid value kept; on
 * leaving the field the address is looked up in the customer's country; a button opens the map picker.
 */
import '../../../styles/three-words.css';
import { Suspense, lazy, useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../../i18n/languages.ts';
import { isThreeWordTyping } from '../../../lib/three-words/three-word-address.ts';
import { threeWordProblem } from '../../../lib/three-words/three-word-check.ts';
import { autosuggest } from '../../../lib/api/three-words/three-words.ts';

const ThreeWordPicker = lazy(() => import('./ThreeWordPicker.tsx'));

interface Props {
  t: TFunction;
  lang: Lang;
  registration: UseFormRegisterReturn;
  /** Translation key of the form's error for the field, if any. */
  error?: string | undefined;
  /** The customer's country: the address must be in it. */
  countryCode: string;
  /** Where the picker starts when the field is empty. */
  city: string;
  street: string;
  /** Sets the field to the address picked on the map. */
  onPick: (words: string) => void;
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'ok' } | { state: 'failed'; key: string };

const suggestionsIn = (words: string, country: string) => autosuggest({ input: words, country });

/**
 * The country rule of spec 1 §5 on leaving the field; the pattern is the form's own rule, said when it is sent.
 */
async function checkThreeWordAddress(value: string, countryCode: string): Promise<Check> {
  const problem = await threeWordProblem(suggestionsIn, value, countryCode);
  if (problem === 'threeWordAddress') return { state: 'idle' };
  return problem ? { state: 'failed', key: `validation.${problem}` } : { state: 'ok' };
}

export function ThreeWordField({ t, lang, registration, error, countryCode, city, street, onPick }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const lastValid = useRef('');
  const checked = useRef(0);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  /** The field's value when the picker opened; null while it is closed. */
  const [picking, setPicking] = useState<string | null>(null);

  // Back to the field once the picker has closed (while it is open, the rest of the page is inert).
  const wasPicking = useRef(false);
  useEffect(() => {
    if (picking === null && wasPicking.current) inputRef.current?.focus();
    wasPicking.current = picking !== null;
  }, [picking]);

  const shownError = error ?? (check.state === 'failed' ? check.key : undefined);
  const describedBy = [shownError ? errorId : null, hintId].filter(Boolean).join(' ');

  const onFocus = (event: FocusEvent<HTMLInputElement>) => {
    if (isThreeWordTyping(event.target.value)) lastValid.current = event.target.value;
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // The pattern rule: input that can't become an address is refused, the last valid value stays.
    if (!isThreeWordTyping(event.target.value)) {
      event.target.value = lastValid.current;
      return;
    }
    lastValid.current = event.target.value;
    setCheck({ state: 'idle' });
    return registration.onChange(event);
  };
  const onBlur = async (event: FocusEvent<HTMLInputElement>) => {
    await registration.onBlur(event);
    const value = event.target.value;
    const run = ++checked.current;
    setCheck({ state: 'checking' });
    const result = await checkThreeWordAddress(value, countryCode);
    if (run === checked.current) setCheck(result);
  };

  return (
    <div className="field three-word-field">
      <label htmlFor={id}>{t('shipping.threeWordAddress')}</label>
      <div className="three-word-input">
        <input
          id={id}
          // Three-word addresses are English words, whatever the page's language.
          lang="en"
          dir="ltr"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="///word.word.word"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          name={registration.name}
          ref={(element) => {
            inputRef.current = element;
            registration.ref(element);
          }}
          onFocus={onFocus}
          onChange={onChange}
          onBlur={(event) => void onBlur(event)}
        />
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setPicking(inputRef.current?.value ?? '')}
        >
          {t('threeWords.pickOnMap')}
        </button>
      </div>
      {check.state === 'checking' && (
        <p role="status" className="field-hint">
          {t('threeWords.checking')}
        </p>
      )}
      {shownError && (
        <p className="field-error" id={errorId}>
          {t(shownError)}
        </p>
      )}
      <p className="field-hint" id={hintId}>
        {t('shipping.threeWordHint')}
      </p>
      {picking !== null && (
        <Suspense
          fallback={
            <p role="status" className="field-hint">
              {t('threeWords.loading')}
            </p>
          }
        >
          <ThreeWordPicker
            lang={lang}
            initialWords={picking}
            countryCode={countryCode}
            city={city}
            street={street}
            onUse={(words) => {
              setPicking(null);
              lastValid.current = `///${words}`;
              setCheck({ state: 'ok' });
              onPick(`///${words}`);
            }}
            onClose={() => setPicking(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
