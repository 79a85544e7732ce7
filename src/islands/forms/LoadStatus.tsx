import type { TFunction } from 'i18next';
import { FormAlert } from './FormAlert.tsx';

interface Props {
  t: TFunction;
  /** Still waiting for the page's data. */
  loading: boolean;
  /** Translation key of the load failure, if it failed. */
  error: string | null;
}

/** A page's loading notice while its data comes, or why it didn't come. */
export function LoadStatus({ t, loading, error }: Props) {
  if (error) {
    return (
      <FormAlert>
        <p>{t(error)}</p>
      </FormAlert>
    );
  }
  return loading ? (
    <p role="status" className="field-hint">
      {t('common.loading')}
    </p>
  ) : null;
}
