import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { trackFormAction } from '../../lib/routes/form-answers.ts';
import { MAX_AWB_LENGTH, validateTracking, type TrackFormValues } from '../../lib/widgets/track-shipment.ts';
import { TOOL_FORM_IDS } from '../../lib/widgets/tool-forms.ts';
import { TextField } from '../ui/TextField.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { useKeptValues } from '../ui/use-kept-values.ts';
import { checkedResolver } from './checked-resolver.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  /** The error the page was served with: the form was sent without a number before the island woke. */
  servedError?: string | undefined;
}

const resolver = checkedResolver(validateTracking);

/**
 * Track shipment (spec 2 §5): opens the tracking page of the number entered, and only when one is entered. A plain
 * GET form until the island wakes: the browser asks for the number (`required`) and the server opens the page.
 */
export function TrackShipment({ t, lang, brandSlug, servedError }: Props) {
  const hydrated = useHydrated();
  const form = useForm<TrackFormValues, unknown, TrackFormValues>({ resolver, defaultValues: { awbNumber: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useKeptValues(TOOL_FORM_IDS.track, form);
  // Shown until the visitor changes the field or sends the form again.
  const [served, setServed] = useState(servedError);

  const track = ({ awbNumber }: TrackFormValues) => {
    location.assign(buildUrl(lang, 'tracking', brandSlug, { awbNumber }));
  };

  return (
    <form
      id={TOOL_FORM_IDS.track}
      className="tool-form"
      method="get"
      action={trackFormAction(lang)}
      onSubmit={(event) => {
        setServed(undefined);
        void handleSubmit(track)(event);
      }}
      onChange={() => setServed(undefined)}
      // Awake, the island checks the form and says what is wrong in the page's language.
      noValidate={hydrated}
    >
      <TextField
        t={t}
        label={t('widgets.track.awbNumber')}
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={MAX_AWB_LENGTH}
        registration={register('awbNumber')}
        error={errors.awbNumber?.message ?? served}
      />
      <button type="submit" className="button">
        {t('widgets.track.submit')}
      </button>
    </form>
  );
}
