/**
 * The places map as pages show it, on demand: MapLibre and the map data are fetched only when it is drawn, a notice shows
 * while they come, and if its code can't be loaded (offline, a deploy in between) the notice says the map is
 * unavailable instead of breaking the page.
 */
import { Suspense, lazy } from 'react';
import type { PlacesMapProps } from './PlacesMap.tsx';
import { MapErrorBoundary } from './MapErrorBoundary.tsx';

const PlacesMap = lazy(() => import('./PlacesMap.tsx'));

export function MapOnDemand({ loadingText, ...map }: PlacesMapProps & { loadingText: string }) {
  return (
    <MapErrorBoundary
      fallback={
        <p role="status" className="field-hint">
          {map.unavailableText}
        </p>
      }
    >
      <Suspense
        fallback={
          <p role="status" className="field-hint">
            {loadingText}
          </p>
        }
      >
        <PlacesMap {...map} />
      </Suspense>
    </MapErrorBoundary>
  );
}
