import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { validateTracking, type TrackFormValues } from '../../lib/widgets/track-shipment.ts';
import { TextField } from '../ui/TextField.tsx';
import { checkedResolver } from './checked-resolver.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
}

const resolver = checkedResolver(validateTracking);

/** Track shipment (spec 2 §5): opens the tracking page of the number entered, and only when one is entered. */
export function TrackShipment({ t, lang, brandSlug }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrackFormValues, unknown, TrackFormValues>({ resolver, defaultValues: { awbNumber: '' } });

  const track = ({ awbNumber }: TrackFormValues) => {
    location.assign(buildUrl(lang, 'tracking', brandSlug, { awbNumber }));
  };

  return (
    <form className="tool-form" onSubmit={handleSubmit(track)} noValidate>
      <TextField
        t={t}
        label={t('widgets.track.awbNumber')}
        autoComplete="off"
        spellCheck={false}
        registration={register('awbNumber')}
        error={errors.awbNumber?.message}
      />
      <button type="submit" className="button">
        {t('widgets.track.submit')}
      </button>
    </form>
  );
}
