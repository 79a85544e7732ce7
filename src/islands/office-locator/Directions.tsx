/**
 * Directions to a place (spec 1 §2.7, spec 2 §2 and §9): from the visitor's position (asked of the browser,
 * 10 s at most), on foot by default, by car or by public transport. Each way of travel is asked for once
 * and kept; the manoeuvres show ten at a time, with distances in kilometres or miles. When the routing engine
 * is the embedded direct-line estimate, the page says so instead of pretending to know the roads.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { currentPosition, LocationError, type LocationFailure } from '../../lib/maps/geolocation.ts';
import type { LngLat } from '../../lib/maps/places.ts';
import { directionsErrorKey } from '../../lib/directions/keys.ts';
import { TRANSPORT_MODES, getDirections, type TransportMode } from '../../lib/api/directions/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { routeQuery } from '../../lib/directions/route-query.ts';
import { instructionFor } from '../../lib/directions/instructions.ts';
import { defaultUnit, formatDistance, formatDuration, type DistanceUnit } from '../../lib/directions/units.ts';
import { pageOf } from '../../lib/directions/paging.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';

/** What a Directions shows before it knows where the visitor is: no route asked. */
const NOTHING = atom<{ data?: undefined; error?: undefined; loading: boolean }>({ loading: false });

export interface DirectionsView {
  /** The route's line, [lng, lat] points; null while there is none. */
  route: LngLat[] | null;
  /** Where the visitor is. */
  user: LngLat | null;
}

interface Props {
  t: TFunction;
  lang: Lang;
  /** The place, [lng, lat]. */
  to: LngLat;
  /** The place's country: its usual unit of distance is the first shown. */
  countryCode: string;
  onChange: (view: DirectionsView) => void;
}

type Position = { state: 'locating' } | { state: 'found'; at: LngLat } | { state: 'failed'; reason: LocationFailure };

/** Directions with their catalogue part, loaded when the place's directions tab is opened. */
export default function DirectionsTab(props: Omit<Props, 't'>) {
  const t = useTranslator(props.lang, 'directions', 'places');
  return <Directions t={t} {...props} />;
}

export function Directions({ t, lang, to, countryCode, onChange }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [located, setLocated] = useState<{ attempt: number; position: Position } | null>(null);
  const [mode, setMode] = useState<TransportMode>('pedestrian');
  const [unit, setUnit] = useState<DistanceUnit>(() => defaultUnit(countryCode));
  const position: Position = located?.attempt === attempt ? located.position : { state: 'locating' };

  useEffect(() => {
    let live = true;
    currentPosition()
      .then((at) => {
        if (live) setLocated({ attempt, position: { state: 'found', at } });
      })
      .catch((e: unknown) => {
        const reason = e instanceof LocationError ? e.reason : 'unavailable';
        if (live) setLocated({ attempt, position: { state: 'failed', reason } });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const from = position.state === 'found' ? position.at : null;
  // One route a pair of points and a way of travel (a query each, kept for the page); the page of steps shown
  // belongs to it.
  const key = from ? `${from.join(',')};${to.join(',')};${mode}` : null;
  // The key says which points and way of travel: a new array with the same numbers is the same route.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const $route = useMemo(() => (from ? routeQuery(from, to, mode) : null), [key]);
  const asked = useStore($route ?? NOTHING);
  const [paged, setPaged] = useState<{ key: string; page: number } | null>(null);
  const page = paged && paged.key === key ? paged.page : 0;
  const setPage = (next: number) => {
    if (key) setPaged({ key, page: next });
  };
  const result = asked.data;
  const failure = asked.error ? directionsErrorKey(asked.error) : null;

  const route = result?.routes[0];
  useEffect(() => {
    const line = route ? (route.geometry.coordinates as LngLat[]) : null;
    onChange({ route: line, user: from });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, from?.[0], from?.[1], onChange]);

  const steps = useMemo(() => route?.legs.flatMap((leg) => leg.steps) ?? [], [route]);
  const shown = pageOf(steps, page);

  if (position.state === 'locating') {
    return (
      <p role="status" className="field-hint">
        {t('officeLocator.location.finding')}
      </p>
    );
  }
  if (position.state === 'failed') {
    return (
      <div role="alert" className="form-alert">
        <p>{t(`officeLocator.location.${position.reason}`)}</p>
        {position.reason !== 'unsupported' && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('officeLocator.location.retry')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="locator-directions">
      <fieldset className="locator-modes">
        <legend>{t('officeLocator.mode.label')}</legend>
        {TRANSPORT_MODES.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="transport-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {t(`officeLocator.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      <div className="field locator-units">
        <label htmlFor="locator-units">{t('officeLocator.units.label')}</label>
        <select id="locator-units" value={unit} onChange={(event) => setUnit(event.target.value as DistanceUnit)}>
          <option value="km">{t('officeLocator.units.km')}</option>
          <option value="mi">{t('officeLocator.units.mi')}</option>
        </select>
      </div>
      {!result && !failure && (
        <p role="status" className="field-hint">
          {t('officeLocator.route.loading')}
        </p>
      )}
      {failure && (
        <div role="alert" className="form-alert">
          <p>{t(failure)}</p>
          <button type="button" className="button button-secondary button-small" onClick={() => refetch(getDirections)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {result && route && (
        <>
          <p className="locator-summary" data-testid="route-summary">
            {t('officeLocator.route.summary', {
              distance: formatDistance(route.distance, unit, lang, t),
              duration: formatDuration(route.duration, lang, t),
            })}
          </p>
          {result.estimate && (
            <p className="locator-estimate" role="note">
              {t('officeLocator.route.estimate')}
            </p>
          )}
          <h3 id="locator-steps-heading">{t('officeLocator.steps.label')}</h3>
          <ol className="locator-steps" start={shown.first + 1} aria-labelledby="locator-steps-heading">
            {shown.items.map((step, index) => {
              const { key, values } = instructionFor(step);
              return (
                <li key={shown.first + index}>
                  <span dir="auto">{t(key, values)}</span>
                  {step.distance > 0 && (
                    <span className="field-hint"> · {formatDistance(step.distance, unit, lang, t)}</span>
                  )}
                </li>
              );
            })}
          </ol>
          {shown.pageCount > 1 && (
            <nav className="locator-pager" aria-label={t('officeLocator.steps.pages')}>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={!shown.hasPrevious}
                onClick={() => setPage(shown.page - 1)}
              >
                {t('officeLocator.steps.previous')}
              </button>
              <span role="status">
                {t('officeLocator.steps.range', {
                  from: shown.first + 1,
                  to: shown.first + shown.items.length,
                  total: steps.length,
                })}
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={!shown.hasNext}
                onClick={() => setPage(shown.page + 1)}
              >
                {t('officeLocator.steps.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
