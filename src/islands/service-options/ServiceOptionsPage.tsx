/**
 * The service options page (spec 1 §2.1 account-settings, §2.7, §4.7): where the customer's parcels go. Tabs per
 * location type — pickup from an office, a locker, delivery to their address — the delivery tab always, the others
 * only where the country has such offices; an office list with a map shown on demand (the map and its library load
 * only then). Choosing a place shows it chosen at once, marks it in progress and saves it; a failure restores the
 * previous choice.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  getCountryServiceOptions,
  getDeliveryAddress,
  getLocations,
  getLockerOption,
  getPickupOption,
  getServiceOption,
  type DeliveryAddress,
  type Place,
} from '../../lib/api/service-options/contract.ts';
import { refetch } from '../../lib/api/query.ts';
import { loadErrorKey } from '../../lib/api/errors.ts';
import {
  isCurrent,
  placesForTab,
  tabOfOption,
  visibleTabs,
  workingDaysRange,
  type SelectionState,
  type ServiceTab,
} from '../../lib/service-options/service-options.ts';
import {
  $deliveryAddress,
  $lockerOption,
  $offeredOptions,
  $pickupOption,
  $places,
  $selection,
  $serviceOption,
  chooseServiceOption,
  showServiceOptions,
} from '../../lib/service-options/queries.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { TabList } from '../ui/Tabs.tsx';
import { MapOnDemand } from '../ui/maps/MapOnDemand.tsx';

interface Props {
  lang: Lang;
}

/** The office and the locker last chosen, kept while another option is in force. */
type Kept = Partial<Record<Exclude<ServiceTab, 'delivery'>, string>>;

const ID = 'service-options';

const placeLabel = (place: Place | undefined) => place && `${place.address}, ${place.cityName}`;

function PlaceDetails({ t, place }: { t: TFunction; place: Place }) {
  const days = workingDaysRange(place.workingDays);
  return (
    <>
      <span className="place-address" dir="auto">
        {place.buildingNumber} {place.address}, {place.cityName}
      </span>
      <span className="field-hint">
        {place.typeIds.map((type) => t(`serviceOptions.placeType.${type}`)).join(' · ')}
        {days &&
          ` · ${t('serviceOptions.days', { first: t(`serviceOptions.day.${days[0]}`), last: t(`serviceOptions.day.${days[1]}`) })}`}
      </span>
      <span className="field-hint" dir="ltr">
        {place.phone}
      </span>
    </>
  );
}

interface PanelProps {
  t: TFunction;
  tab: ServiceTab;
  state: SelectionState;
  kept: Kept;
  onChoose: (tab: ServiceTab, locationId: string | 0, name: string) => void;
}

function PlaceList({ t, tab, places, state, kept, onChoose }: PanelProps & { places: Place[] }) {
  return (
    <ul className="place-list" aria-label={t(`serviceOptions.list.${tab}`)}>
      {places.map((place) => {
        const chosen = isCurrent(state, tab, place.id);
        const saving = state.inProgress === place.id;
        const name = placeLabel(place) ?? place.id;
        return (
          <li key={place.id} className="place-item" data-chosen={chosen || undefined}>
            <div className="place-text">
              <span className="place-name" dir="auto">
                {place.cityName} — {place.id}
              </span>
              <PlaceDetails t={t} place={place} />
            </div>
            <div className="place-action">
              {chosen && !saving && <span className="saved-option-default">{t('serviceOptions.chosen')}</span>}
              {!chosen && tab !== 'delivery' && kept[tab] === place.id && (
                <span className="field-hint">{t('serviceOptions.kept')}</span>
              )}
              {(!chosen || saving) && (
                <button
                  type="button"
                  className="button button-small"
                  disabled={state.inProgress !== null}
                  aria-busy={saving || undefined}
                  aria-label={t(`serviceOptions.choose.${tab}Named`, { name })}
                  onClick={() => onChoose(tab, place.id, name)}
                >
                  {saving ? t('common.working') : t(`serviceOptions.choose.${tab}`)}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function OfficesPanel({ t, lang, tab, places, state, kept, onChoose }: PanelProps & { lang: Lang; places: Place[] }) {
  const [mapShown, setMapShown] = useState(false);
  const chosen = tabOfOption(state.current.service.id) === tab;
  return (
    <>
      <p>{t(`serviceOptions.intro.${tab}`)}</p>
      <p>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={mapShown}
          aria-controls={`${ID}-map-${tab}`}
          onClick={() => setMapShown((shown) => !shown)}
        >
          {t(mapShown ? 'serviceOptions.map.hide' : 'serviceOptions.map.show')}
        </button>
      </p>
      <div id={`${ID}-map-${tab}`} className="service-options-map">
        {mapShown && (
          <MapOnDemand
            places={places.map((p) => ({
              id: p.id,
              lat: p.geoLatitude,
              lng: p.geoLongitude,
              name: placeLabel(p) ?? p.id,
            }))}
            selectedId={chosen && state.current.locationId !== 0 ? state.current.locationId : null}
            lang={lang}
            label={t(`serviceOptions.map.label.${tab}`)}
            unavailableText={t('serviceOptions.map.unavailable')}
            onSelect={(id) => {
              const place = places.find((p) => p.id === id);
              if (place) onChoose(tab, place.id, placeLabel(place) ?? place.id);
            }}
            loadingText={t('serviceOptions.map.loading')}
          />
        )}
      </div>
      <PlaceList t={t} tab={tab} places={places} state={state} kept={kept} onChoose={onChoose} />
    </>
  );
}

function DeliveryPanel({
  t,
  address,
  state,
  onChoose,
}: Omit<PanelProps, 'tab' | 'kept'> & { address: DeliveryAddress | null }) {
  const chosen = isCurrent(state, 'delivery', 0);
  const saving = state.inProgress === 0;
  return (
    <>
      <p>{t('serviceOptions.intro.delivery')}</p>
      {address && (
        // The street lines and the state as the customer wrote them, isolated; the city and country named in the
        // page's language.
        <address className="delivery-address">
          {address.address1 && (
            <span>
              <bdi>{address.address1}</bdi>
            </span>
          )}
          {address.address2 && (
            <span>
              <bdi>{address.address2}</bdi>
            </span>
          )}
          <span>
            {address.city}
            {address.city && address.stateName && t('serviceOptions.addressSeparator')}
            {address.stateName && <bdi>{address.stateName}</bdi>}
          </span>
          <span>{address.countryName}</span>
        </address>
      )}
      <p>
        {chosen && !saving ? (
          <span className="saved-option-default">{t('serviceOptions.chosen')}</span>
        ) : (
          <button
            type="button"
            className="button"
            disabled={state.inProgress !== null}
            aria-busy={saving || undefined}
            onClick={() => onChoose('delivery', 0, '')}
          >
            {saving ? t('common.working') : t('serviceOptions.choose.delivery')}
          </button>
        )}
      </p>
    </>
  );
}

function ServiceOptionsView({ lang }: Props) {
  const t = useTranslator(lang, 'places');
  const user = useStore($session);
  const guid = user?.guid ?? '';
  const places$ = useStore($places);
  const offered$ = useStore($offeredOptions);
  const option$ = useStore($serviceOption);
  const locker$ = useStore($lockerOption);
  const pickup$ = useStore($pickupOption);
  const address$ = useStore($deliveryAddress);
  const state = useStore($selection);
  const reads = [
    { load: places$, call: getLocations },
    { load: offered$, call: getCountryServiceOptions },
    { load: option$, call: getServiceOption },
    { load: locker$, call: getLockerOption },
    { load: pickup$, call: getPickupOption },
    { load: address$, call: getDeliveryAddress },
  ];
  const [picked, setPicked] = useState<ServiceTab | null>(null);

  useEffect(() => showServiceOptions(lang), [lang]);

  const failure = reads.find((read) => read.load.error)?.load.error;
  const loadError = failure ? loadErrorKey(failure) : null;
  useEffect(() => {
    // A load failure shows a danger notification too (spec 1 §2.7).
    if (loadError) notify('danger', loadError);
  }, [loadError]);

  if (!user) return null;

  const loaded = reads.every((read) => read.load.data !== undefined);
  const places = places$.data;
  const offered = offered$.data;
  const tabs =
    places && offered
      ? visibleTabs(
          places,
          offered.map((o) => o.id),
        )
      : [];
  // The tab of the option in force, until the customer picks one.
  const currentTab = state ? tabOfOption(state.current.service.id) : 'delivery';
  const tab = picked ?? (tabs.includes(currentTab) ? currentTab : (tabs[0] ?? 'delivery'));
  const locker = locker$.data;
  const pickup = pickup$.data;
  const kept: Kept = { ...(locker ? { locker: locker.id } : {}), ...(pickup ? { pickup: pickup.id } : {}) };

  const choose = (chosenTab: ServiceTab, locationId: string | 0, name: string) => {
    void chooseServiceOption(guid, chosenTab, locationId, name).then((saved) => {
      if (saved === true) notify('success', 'notifications.optionSelectSuccess');
      if (saved === false) notify('danger', 'errors.optionSelectError');
    });
  };

  return (
    <section className="service-options-page" aria-labelledby={`${ID}-heading`}>
      <h1 id={`${ID}-heading`}>{t('serviceOptions.heading')}</h1>
      <LoadStatus
        t={t}
        loading={!loaded}
        error={loadError}
        onRetry={() => refetch(...reads.filter((read) => read.load.error).map((read) => read.call))}
      />
      {loaded && places && state && (
        <>
          <p className="service-options-current" role="status">
            {t(`serviceOptions.current.${tabOfOption(state.current.service.id)}`, {
              place: placeLabel(places.find((p) => p.id === state.current.locationId)) ?? state.current.service.name,
            })}
          </p>
          <TabList
            label={t('serviceOptions.tabsLabel')}
            idPrefix={ID}
            current={tab}
            onSelect={setPicked}
            tabs={tabs.map((id) => ({ id, label: t(`serviceOptions.tab.${id}`) }))}
          />
          <div role="tabpanel" id={`${ID}-panel-${tab}`} aria-labelledby={`${ID}-tab-${tab}`} className="tab-panel">
            {tab === 'delivery' ? (
              <DeliveryPanel t={t} address={address$.data ?? null} state={state} onChoose={choose} />
            ) : (
              <OfficesPanel
                key={tab}
                t={t}
                lang={lang}
                tab={tab}
                places={placesForTab(places, tab)}
                state={state}
                kept={kept}
                onChoose={choose}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}

export default island(ServiceOptionsView);
