/**
 * The office locator (spec 1 §2.1, §2.7; spec 2 §2; route office/office-locator[/{countryCode}[/{id}]]):
 * a country's places as a list and on a map, a type filter, and for one place its details and directions
 * from where the visitor is. Moving between them changes the address (history), so every view can be
 * linked to and the back button works.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { getLocations, type Place } from '../../lib/api/service-options/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { countryNameOf, countryOptions } from '../../lib/reference/countries.ts';
import { workingDaysRange } from '../../lib/service-options/service-options.ts';
import {
  PLACE_TYPE_FILTERS,
  isPlace,
  locatorTarget,
  placesOfType,
  type PlaceTypeFilter,
} from '../../lib/office-locator/locator.ts';
import {
  $countryPlaces,
  $locatorCountry,
  $locatorPage,
  $visitorCountry,
  moveLocator,
  openLocator,
} from '../../lib/office-locator/queries.ts';
import type { LngLat } from '../../lib/maps/places.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { TabList } from '../ui/Tabs.tsx';
import { MapOnDemand } from '../ui/maps/MapOnDemand.tsx';
import type { DirectionsView } from './Directions.tsx';

// Directions load when their tab is opened, with their catalogue part.
const Directions = lazy(() => import('./Directions.tsx'));

interface Props {
  lang: Lang;
  brandSlug: string;
  /** Codes of the countries with offices. */
  officeCountries: readonly string[];
  /** A production map style (MAP_STYLE_URL); the embedded offline style without it. */
  mapStyleUrl?: string | undefined;
}

type Tab = 'details' | 'directions';
const ID = 'office-locator';

function placeName(place: Place): string {
  return `${place.cityName} — ${place.id}`;
}

function locatorUrl(lang: Lang, brandSlug: string, countryCode: string | null, placeId?: string): string {
  if (!countryCode) return buildUrl(lang, 'office-locator', brandSlug);
  if (!placeId) return buildUrl(lang, 'office-locator.country', brandSlug, { countryCode });
  return buildUrl(lang, 'office-locator.place', brandSlug, { countryCode, id: placeId });
}

/**
 * Opens the page on its address, and follows a same-page link through history instead of loading the page again:
 * what the address points to is the page's store (src/lib/office-locator/queries.ts).
 */
function useLocatorAddress(lang: Lang, officeCountries: readonly string[]): (url: string, replace?: boolean) => void {
  // Opened before the first render (an island's props never change), so that the first view already names the
  // address's country: the heading doesn't change once drawn (layout shift).
  useState(() => openLocator(lang, officeCountries, locatorTarget(location.pathname)));
  useEffect(() => {
    const onPop = () => moveLocator(locatorTarget(location.pathname));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return useCallback((url: string, replace = false) => {
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    moveLocator(locatorTarget(location.pathname));
  }, []);
}

function PlaceFacts({ t, place }: { t: TFunction; place: Place }) {
  const days = workingDaysRange(place.workingDays);
  return (
    <dl className="locator-facts">
      <div>
        <dt>{t('officeLocator.address')}</dt>
        <dd dir="auto">
          {place.buildingNumber} {place.address}, {place.cityName}
        </dd>
      </div>
      <div>
        <dt>{t('officeLocator.type')}</dt>
        <dd>{place.typeIds.map((type) => t(`serviceOptions.placeType.${type}`)).join(' · ')}</dd>
      </div>
      {days && (
        <div>
          <dt>{t('officeLocator.open')}</dt>
          <dd>
            {t('officeLocator.days', {
              first: t(`serviceOptions.day.${days[0]}`),
              last: t(`serviceOptions.day.${days[1]}`),
            })}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('officeLocator.phone')}</dt>
        <dd>
          <a href={`tel:${place.phone.replace(/\s+/g, '')}`} dir="ltr">
            {place.phone}
          </a>
        </dd>
      </div>
    </dl>
  );
}

function CountryChooser({
  t,
  lang,
  countries,
  current,
  onChoose,
}: {
  t: TFunction;
  lang: Lang;
  countries: readonly string[];
  current: string | null;
  onChoose: (code: string) => void;
}) {
  const options = useMemo(() => countryOptions(lang).filter((o) => countries.includes(o.value)), [lang, countries]);
  return (
    <div className="field locator-country">
      <label htmlFor={`${ID}-country`}>{t('officeLocator.country')}</label>
      <select
        id={`${ID}-country`}
        value={current ?? ''}
        onChange={(event) => {
          if (event.target.value) onChoose(event.target.value);
        }}
      >
        {!current && <option value="">{t('officeLocator.chooseCountry')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function OfficeLocatorView({ lang, brandSlug, officeCountries, mapStyleUrl }: Props) {
  const t = useTranslator(lang, 'places');
  const user = useStore($session);
  const go = useLocatorAddress(lang, officeCountries);
  const page = useStore($locatorPage);
  const addressCountry = page?.address?.countryCode ?? null;
  const placeId = page?.address?.placeId ?? null;
  const visitor = useStore($visitorCountry);
  const countryCode = useStore($locatorCountry);
  const places = useStore($countryPlaces);
  // The locator's own page is still finding the country it opens on.
  const choosing =
    !page || (addressCountry === null && !user?.countryCode && visitor.data === undefined && !visitor.error);
  const [filter, setFilter] = useState<PlaceTypeFilter>('all');
  // A place opens on its details, with no route drawn: the tab and the route belong to the place shown.
  const [tabOf, setTabOf] = useState<{ placeId: string | null; tab: Tab }>({ placeId, tab: 'details' });
  const [directionsOf, setDirectionsOf] = useState<{ placeId: string | null; view: DirectionsView } | null>(null);
  const tab = tabOf.placeId === placeId ? tabOf.tab : 'details';
  const setTab = (next: Tab) => setTabOf({ placeId, tab: next });
  const directions = directionsOf?.placeId === placeId ? directionsOf.view : { route: null, user: null };
  const setDirections = useCallback((view: DirectionsView) => setDirectionsOf({ placeId, view }), [placeId]);
  const error = places.error ? places.error.messageKey : null;

  // The country the locator's own page opens on goes in its address, as if a link to it had been followed.
  useEffect(() => {
    if (page && addressCountry === null && countryCode) go(locatorUrl(lang, brandSlug, countryCode), true);
  }, [page, addressCountry, countryCode, go, lang, brandSlug]);

  // The query shows the places of the country of the moment only (src/lib/api/query.ts).
  const loaded = countryCode !== null ? (places.data ?? null) : null;
  const shown = useMemo(() => (loaded ? placesOfType(loaded, filter, lang) : []), [loaded, filter, lang]);
  const place = placeId && loaded ? (loaded.find((p) => isPlace(p, placeId)) ?? null) : null;
  const mapPlaces = useMemo(
    () => shown.map((p) => ({ id: p.id, lat: p.geoLatitude, lng: p.geoLongitude, name: placeName(p) })),
    [shown],
  );
  const countryName = countryCode ? countryNameOf(countryCode, lang) : null;

  useEffect(() => {
    const [, brandName] = document.title.split(' | ');
    let title = t('title.office-locator');
    if (place) title = `${t('title.office-locator.place')}: ${placeName(place)}`;
    else if (countryName) title = t('officeLocator.headingCountry', { country: countryName });
    document.title = brandName ? `${title} | ${brandName}` : title;
  }, [t, place, countryName]);

  const follow = (url: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(url);
  };
  const openPlace = (id: string) => {
    if (countryCode) go(locatorUrl(lang, brandSlug, countryCode, id));
  };

  const showRoute = tab === 'directions' && place !== null;
  const route: LngLat[] | null = showRoute ? directions.route : null;
  const userAt: LngLat | null = showRoute ? directions.user : null;

  return (
    <article className="locator-page" aria-labelledby="locator-heading">
      <h1 id="locator-heading">
        {countryName ? t('officeLocator.headingCountry', { country: countryName }) : t('officeLocator.heading')}
      </h1>
      <CountryChooser
        t={t}
        lang={lang}
        countries={officeCountries}
        current={countryCode}
        onChoose={(code) => go(locatorUrl(lang, brandSlug, code))}
      />
      {!countryCode && !choosing && <p>{t('officeLocator.noCountry')}</p>}
      {countryCode && (
        <LoadStatus t={t} loading={!loaded && !error} error={error} onRetry={() => refetch(getLocations)} />
      )}
      {loaded?.length === 0 && <p role="status">{t('officeLocator.noOffices')}</p>}
      {loaded && (
        <div className="locator-layout">
          <div className="locator-side">
            {placeId && !place && (
              <p role="alert" className="form-alert">
                {t('officeLocator.placeNotFound')}
              </p>
            )}
            {place ? (
              <section className="locator-place" aria-labelledby="locator-place-heading">
                <p>
                  <a
                    href={locatorUrl(lang, brandSlug, countryCode)}
                    onClick={follow(locatorUrl(lang, brandSlug, countryCode))}
                  >
                    {t('officeLocator.backToList', { country: countryName })}
                  </a>
                </p>
                <h2 id="locator-place-heading" dir="auto">
                  {placeName(place)}
                </h2>
                <TabList
                  label={t('officeLocator.tabs')}
                  tabs={[
                    { id: 'details', label: t('officeLocator.tab.details') },
                    { id: 'directions', label: t('officeLocator.tab.directions') },
                  ]}
                  current={tab}
                  onSelect={setTab}
                  idPrefix={ID}
                />
                <div
                  role="tabpanel"
                  id={`${ID}-panel-details`}
                  aria-labelledby={`${ID}-tab-details`}
                  hidden={tab !== 'details'}
                  className="tab-panel"
                >
                  <PlaceFacts t={t} place={place} />
                </div>
                <div
                  role="tabpanel"
                  id={`${ID}-panel-directions`}
                  aria-labelledby={`${ID}-tab-directions`}
                  hidden={tab !== 'directions'}
                  className="tab-panel"
                >
                  {tab === 'directions' && (
                    <Suspense fallback={<LoadStatus t={t} loading error={null} />}>
                      <Directions
                        lang={lang}
                        to={[place.geoLongitude, place.geoLatitude]}
                        countryCode={place.countryCode}
                        onChange={setDirections}
                      />
                    </Suspense>
                  )}
                </div>
              </section>
            ) : (
              <section aria-labelledby="locator-list-heading">
                <h2 id="locator-list-heading">{t('officeLocator.list')}</h2>
                <div className="field locator-filter">
                  <label htmlFor={`${ID}-type`}>{t('officeLocator.type')}</label>
                  <select
                    id={`${ID}-type`}
                    value={filter}
                    onChange={(event) => setFilter(event.target.value as PlaceTypeFilter)}
                  >
                    {PLACE_TYPE_FILTERS.map((f) => (
                      <option key={f} value={f}>
                        {t(`officeLocator.filter.${f}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <p role="status" className="field-hint">
                  {t('officeLocator.count', { count: shown.length })}
                </p>
                <ul className="place-list locator-list">
                  {shown.map((p) => {
                    const url = locatorUrl(lang, brandSlug, countryCode, p.id);
                    return (
                      <li key={p.id} className="place-item">
                        <div className="place-text">
                          <a className="place-name" href={url} onClick={follow(url)} dir="auto">
                            {placeName(p)}
                          </a>
                          <span className="place-address" dir="auto">
                            {p.buildingNumber} {p.address}
                          </span>
                          <span className="field-hint">
                            {p.typeIds.map((type) => t(`serviceOptions.placeType.${type}`)).join(' · ')}
                          </span>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </div>
          <div className="locator-map">
            <MapOnDemand
              places={
                place
                  ? [{ id: place.id, lat: place.geoLatitude, lng: place.geoLongitude, name: placeName(place) }]
                  : mapPlaces
              }
              selectedId={place?.id ?? null}
              lang={lang}
              label={t('officeLocator.map.label', { country: countryName })}
              unavailableText={t('officeLocator.map.unavailable')}
              onSelect={openPlace}
              route={route}
              userPosition={userAt}
              {...(mapStyleUrl ? { styleUrl: mapStyleUrl } : {})}
              loadingText={t('officeLocator.map.loading')}
              defer
            />
          </div>
        </div>
      )}
    </article>
  );
}

export default island(OfficeLocatorView);
