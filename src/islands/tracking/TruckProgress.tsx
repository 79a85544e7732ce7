import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { truckPlacement } from '../../lib/tracking/tracking-rules.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  progress: number;
  status: string;
}

/**
 * The truck bar (spec 1 §4.9): the truck stands at trackingProgress along the way, from the left in English and
 * from the right in Arabic, which the bar's logical start gives in each direction.
 */
export function TruckProgress({ t, lang, progress, status }: Props) {
  const { percent, edge } = truckPlacement(progress, lang);
  return (
    <div
      className="truck-bar"
      role="progressbar"
      aria-label={t('tracking.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('tracking.progressText', { percent, status })}
      data-edge={edge}
      style={{ '--progress': percent } as React.CSSProperties}
    >
      <div className="truck-bar-done" />
      <svg className="truck" viewBox="0 0 40 24" aria-hidden="true" focusable="false">
        <path d="M2 4h22v14H2zM24 9h8l5 5v4H24z" fill="currentColor" />
        <circle cx="10" cy="20" r="3" fill="currentColor" stroke="var(--color-surface, #fff)" strokeWidth="1.5" />
        <circle cx="31" cy="20" r="3" fill="currentColor" stroke="var(--color-surface, #fff)" strokeWidth="1.5" />
      </svg>
    </div>
  );
}
