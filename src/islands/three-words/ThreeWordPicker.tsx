/**
 * The three-word address picker (spec 1 §4.12, spec 2 §4): a modal map with a pin at its centre. It opens
 * on the field's address, or else on the customer's street, city or country. While the pin is unlocked,
 * moving or zooming the map looks up the square under it; locked, the map moves and the address stays.
 * "Use my location" moves to the browser's position (10 s at most) and looks it up whatever the lock.
 * Coordinates 0,0 are ignored. The address must be in the customer's country to be used. Clicking the
 * backdrop does not close it (the native modal dialog keeps it open); Escape and Cancel do.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { forward, reverse } from '../../lib/api/three-words/three-words.ts';
import type { AddressResult } from '../../lib/api/three-words/contract.ts';
import { geocode } from '../../lib/api/maps/maps.ts';
import { currentPosition, LocationError } from '../../lib/maps/geolocation.ts';
import { MAP_ZOOM, WORLD_CENTER } from '../../lib/maps/camera.ts';
import type { LngLat } from '../../lib/maps/places.ts';
import { isThreeWordAddress, threeWordWords } from '../../lib/three-words/three-word-address.ts';
import { countryNameOf } from '../../lib/reference/countries.ts';
import { MapOnDemand } from '../maps/MapOnDemand.tsx';
import { useTranslator } from '../i18n/use-translator.ts';

interface Props {
  lang: Lang;
  /** The field's value: the picker opens on it when it is an address. */
  initialWords: string;
  countryCode: string;
  city: string;
  street: string;
  /** The chosen words, without ///. */
  onUse: (words: string) => void;
  onClose: () => void;
}

type View = { center: LngLat; zoom: number };

/** Whether a point is a position at all: 0,0 is what a missing one becomes (spec 1 §4.12). */
export const isPosition = ([lng, lat]: LngLat) => !(lng === 0 && lat === 0);

export default function ThreeWordPicker({ lang, initialWords, countryCode, city, street, onUse, onClose }: Props) {
  // Loaded when opened, it loads the catalogue part of its map's messages then too.
  const t = useTranslator(lang, 'places');
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [view, setView] = useState<View | null>(null);
  const [address, setAddress] = useState<AddressResult | null>(null);
  const [locked, setLocked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lookup = useRef(0);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  /** Looks up the square of a point; only the last lookup asked for counts. */
  const lookUp = useCallback(
    async (at: LngLat) => {
      if (!isPosition(at)) return;
      const run = ++lookup.current;
      setBusy(true);
      try {
        const found = await reverse(at[1], at[0], lang);
        if (run !== lookup.current) return;
        setAddress(found);
        setMessage(null);
      } catch {
        if (run === lookup.current) setMessage('threeWords.lookupFailed');
      } finally {
        if (run === lookup.current) setBusy(false);
      }
    },
    [lang],
  );

  // Where it opens: the field's address, else the customer's street, city or country.
  useEffect(() => {
    let live = true;
    const start = async () => {
      const words = threeWordWords(initialWords);
      if (words && isThreeWordAddress(words)) {
        const found = await forward(words).catch(() => null);
        if (!live) return;
        if (found) {
          setAddress(found);
          setView({ center: [found.lng, found.lat], zoom: MAP_ZOOM.high });
          return;
        }
      }
      const place = await geocode({ country: countryCode, city, street }).catch(() => null);
      if (!live) return;
      const center: LngLat = place ? [place.lng, place.lat] : [...WORLD_CENTER];
      setView({ center, zoom: place?.zoom ?? MAP_ZOOM.low });
      if (place) void lookUp(center);
    };
    void start();
    return () => {
      live = false;
    };
  }, [initialWords, countryCode, city, street, lookUp]);

  const onMoveEnd = useCallback(
    (center: LngLat, _zoom: number, byUser: boolean) => {
      if (byUser && !locked) void lookUp(center);
    },
    [locked, lookUp],
  );

  const locateMe = async () => {
    setMessage('threeWords.locating');
    try {
      const at = await currentPosition();
      setView({ center: at, zoom: MAP_ZOOM.high });
      await lookUp(at);
    } catch (error) {
      const reason = error instanceof LocationError ? error.reason : 'unavailable';
      setMessage(`officeLocator.location.${reason}`);
    }
  };

  const countryMatch = address !== null && address.country === countryCode;

  return (
    <dialog
      ref={ref}
      className="three-word-picker"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t('threeWords.pickerTitle')}</h2>
      <p className="field-hint">{t(locked ? 'threeWords.lockedHint' : 'threeWords.unlockedHint')}</p>
      <div className="three-word-map">
        {view ? (
          <MapOnDemand
            places={[]}
            lang={lang}
            label={t('threeWords.mapLabel')}
            unavailableText={t('officeLocator.map.unavailable')}
            view={view}
            onMoveEnd={onMoveEnd}
            keyboard
            centerPin
            loadingText={t('officeLocator.map.loading')}
          />
        ) : (
          <p role="status" className="field-hint">
            {t('officeLocator.map.loading')}
          </p>
        )}
      </div>
      <div className="three-word-result" aria-live="polite">
        {address ? (
          <>
            <p className="three-word-words" dir="ltr" data-testid="picked-words">
              ///{address.words}
            </p>
            {!countryMatch && (
              <p className="field-error">
                {t('threeWords.otherCountry', { country: countryNameOf(countryCode, lang) })}
              </p>
            )}
          </>
        ) : (
          <p className="field-hint">{t(busy ? 'threeWords.checking' : 'threeWords.noAddress')}</p>
        )}
        {message && <p className="field-hint">{t(message)}</p>}
      </div>
      <div className="dialog-actions three-word-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-pressed={locked}
          onClick={() => setLocked((value) => !value)}
        >
          {t('threeWords.lock')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => void locateMe()}>
          {t('threeWords.useMyLocation')}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!address || !countryMatch || busy}
          onClick={() => address && onUse(address.words)}
        >
          {t('threeWords.use')}
        </button>
      </div>
    </dialog>
  );
}
