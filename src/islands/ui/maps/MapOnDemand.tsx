/**
 * The places map as pages show it, on demand: MapLibre and the map data are fetched only when it is drawn, a notice
 * shows while they come, and if its code can't be loaded (offline, a deploy in between) the notice says the map is
 * unavailable instead of breaking the page. A page that draws the map beside content the visitor came for (the
 * locator's list) defers it: the code is fetched once the map's box comes into view or the page has been idle for
 * a while (src/lib/maps/on-demand.ts). Until then, while loading and when unavailable, a box of the map's own size
 * holds its place, so nothing moves when the map arrives.
 */
import '../../../styles/maps.css';
import { Suspense, lazy, useEffect, useRef, useState, type Ref } from 'react';
import type { PlacesMapProps } from './PlacesMap.tsx';
import { MapErrorBoundary } from './MapErrorBoundary.tsx';
import { whenMapWanted } from '../../../lib/maps/on-demand.ts';

const PlacesMap = lazy(() => import('./PlacesMap.tsx'));

interface MapOnDemandProps extends PlacesMapProps {
  /** Said in the map's box until the map is drawn. */
  loadingText: string;
  /**
   * Fetch the map only when its box comes into view or the page is idle. For a map shown with the page; a map the
   * visitor asked for (a "Show map" button, a picker dialog) is wanted at once.
   */
  defer?: boolean;
}

/** A box of the map's size with a notice, as PlacesMap draws itself when it can't show the map. */
function MapBox({ text, width, boxRef }: { text: string; width: number | undefined; boxRef?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={boxRef}
      className="places-map places-map-placeholder"
      style={width === undefined ? undefined : { inlineSize: `${width}px` }}
    >
      <p role="status" className="places-map-unavailable">
        {text}
      </p>
    </div>
  );
}

export function MapOnDemand({ loadingText, defer = false, ...map }: MapOnDemandProps) {
  const [wanted, setWanted] = useState(!defer);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (wanted || !box) return;
    return whenMapWanted(box, () => setWanted(true));
  }, [wanted]);

  if (!wanted) return <MapBox text={loadingText} width={map.width} boxRef={boxRef} />;
  return (
    <MapErrorBoundary fallback={<MapBox text={map.unavailableText} width={map.width} />}>
      <Suspense fallback={<MapBox text={loadingText} width={map.width} />}>
        <PlacesMap {...map} />
      </Suspense>
    </MapErrorBoundary>
  );
}
