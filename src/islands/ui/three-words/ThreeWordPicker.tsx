/**
 * The three-word address picker (spec 1 §4.12, spec 2 §4): a modal map with a pin at its centre. It opens
 * on the field's address, or else on the customer's street, city or country. While the pin is unlocked,
 * moving or zooming the map looks up the square under it; locked, the map moves and the address stays.
 * "Use my location" moves to the browser's position (10 s at most) and looks it up whatever the lock.
 * Coordinates 0,0 are ignored. The address must be in the customer's country to be used. Clicking the
 * backdrop does not close it (the native modal dialog keeps it open); Escape and Cancel do.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../../i18n/languages.ts';
import { currentPosition, LocationError } from '../../../lib/maps/geolocation.ts';
import { MAP_ZOOM } from '../../../lib/maps/camera.ts';
import type { LngLat } from '../../../lib/maps/places.ts';
import {
  $pickedAddress,
  $pickerView,
  $pinSquare,
  closePicker,
  moveTo,
  openPicker,
  type PickerView,
} from '../../../lib/three-words/queries.ts';
import { countryNameOf } from '../../../lib/reference/countries.ts';
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

export default function ThreeWordPicker({ lang, initialWords, countryCode, city, street, onUse, onClose }: Props) {
  // Loaded when opened, it loads the catalogue part of its map's messages then too.
  const t = useTranslator(lang, 'places');
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const startView = useStore($pickerView);
  const address = useStore($pickedAddress);
  const { loading: busy, error: lookupError } = useStore($pinSquare);
  /** Where "Use my location" moved the map. */
  const [located, setLocated] = useState<PickerView | null>(null);
  const [locked, setLocked] = useState(false);
  /** What finding the browser's position is doing, or why it failed. */
  const [locating, setLocating] = useState<string | null>(null);
  const view = located ?? startView;
  const message = locating ?? (lookupError ? 'threeWords.lookupFailed' : null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Where it opens: the field's address, else the customer's street, city or country.
  useEffect(() => {
    openPicker({ words: initialWords, countryCode, city, street, lang });
    return closePicker;
  }, [initialWords, countryCode, city, street, lang]);

  const onMoveEnd = useCallback(
    (center: LngLat, _zoom: number, byUser: boolean) => {
      if (byUser && !locked) {
        setLocating(null);
        moveTo(center);
      }
    },
    [locked],
  );

  const locateMe = async () => {
    setLocating('threeWords.locating');
    try {
      const at = await currentPosition();
      setLocated({ center: at, zoom: MAP_ZOOM.high });
      setLocating(null);
      moveTo(at);
    } catch (error) {
      const reason = error instanceof LocationError ? error.reason : 'unavailable';
      setLocating(`officeLocator.location.${reason}`);
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
