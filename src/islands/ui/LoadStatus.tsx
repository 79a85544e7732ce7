import type { TFunction } from 'i18next';
import { FormAlert } from './FormAlert.tsx';

interface Props {
  t: TFunction;
  /** Still waiting for the page's data. */
  loading: boolean;
  /** Translation key of the load failure, if it failed. */
  error: string | null;
  /** Asks again; with it, the failure offers a "Try again" button. */
  onRetry?: () => void;
}

/** A page's loading notice while its data comes, or why it didn't come (with a retry where one helps). */
export function LoadStatus({ t, loading, error, onRetry }: Props) {
  if (error) {
    return (
      <FormAlert>
        <p>{t(error)}</p>
        {onRetry && (
          <p>
            <button type="button" className="button button-secondary button-small" onClick={onRetry}>
              {t('common.retry')}
            </button>
          </p>
        )}
      </FormAlert>
    );
  }
  return loading ? (
    <p role="status" className="field-hint">
      {t('common.loading')}
    </p>
  ) : null;
}
