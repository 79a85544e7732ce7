/**
 * A map of places (offices, pickup points), drawn by MapLibre on an offline style: the sea, Natural
 * Earth's land and borders from a same-origin file, and the places as circles. Nothing is asked of
 * another origin. Load it lazily, so that MapLibre and the data come only when a map is shown:
 *
 *   const PlacesMap = lazy(() => import('./PlacesMap.tsx'));
 *
 * The map is supplementary: the page keeps the accessible list of places. The canvas is hidden from
 * assistive technology and out of the tab order; the region around it carries the label.
 */
import '../../../styles/maps.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type MapMouseEvent } from 'maplibre-gl';
// MapLibre's stylesheet is linked when a map is drawn: imported, the build would hoist its 70 kB into the
// page of every island that can show a map, shown or not.
import maplibreCssUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
// The worker as a hashed same-origin file of the build: no blob: worker, no eval.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
// Natural Earth 1:50m countries (public domain) from world-atlas: a hashed same-origin asset of the build.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { loadBasemap } from '../../../lib/maps/basemap.ts';
import { chooseCamera, FIT_PADDING, type MapCamera } from '../../../lib/maps/camera.ts';
import { countryLabel, placeLabels, type CountryAnchor, type LabelBox } from '../../../lib/maps/labels.ts';
import { placesToGeoJson, type LngLat, type MapPlace } from '../../../lib/maps/places.ts';
import {
  buildOfflineStyle,
  coloursFromPage,
  LAYER,
  lineData,
  overlayLayers,
  overlaySources,
  pointData,
  SOURCE,
  type MapColours,
} from '../../../lib/maps/style.ts';
import { dirOf, type Lang } from '../../../i18n/languages.ts';

export type { MapPlace } from '../../../lib/maps/places.ts';

export interface PlacesMapProps {
  places: readonly MapPlace[];
  /** The chosen place: drawn highlighted, and the map centres on it at zoom 17 (spec 2 §9 "high"). */
  selectedId?: string | null;
  /** Where to look when there is no selected place and no places: [lng, lat]. */
  fallbackCenter?: readonly [number, number];
  lang: Lang;
  /** Accessible name of the map region. */
  label: string;
  /** Shown while WebGL or the data is not available, e.g. "The map can't be shown in this browser." */
  unavailableText: string;
  onSelect?: (id: string) => void;
  /** Fixed width in px (the tool box embeds it at 330); default full width. */
  width?: number;
  /**
   * A production style (MAP_STYLE_URL, vector tiles) instead of the embedded offline one; the places
   * are drawn over it. Its origin must then be allowed by the page's connect-src (and img-src for
   * raster tiles).
   */
  styleUrl?: string;
  /** A route to draw ([lng, lat] points); the map then shows all of it. */
  route?: readonly LngLat[] | null;
  /** The visitor's position, drawn as a dot. */
  userPosition?: LngLat | null;
  /** Look here instead of at the places (the address picker's square); the map moves when it changes. */
  view?: { center: LngLat; zoom: number } | null;
  /** After every move that ends: the centre and zoom, and whether the visitor moved the map (not the page). */
  onMoveEnd?: (center: LngLat, zoom: number, byUser: boolean) => void;
  /**
   * The map can be moved with the keyboard (arrows pan, + and − zoom): for a map that is itself the control,
   * like the address picker's. Otherwise the page's list is the keyboard's way in and the canvas takes no focus.
   */
  keyboard?: boolean;
  /** A pin fixed at the centre of the map (the picked square is under it). */
  centerPin?: boolean;
}

/** The route is drawn this long after it arrives, once the camera has started to move (spec 2 §9). */
const ROUTE_DRAW_DELAY_MS = 100;

/** How far from a click a place still counts as clicked, in CSS pixels (a finger is wider than a dot). */
const HIT_SLOP = 12;

setWorkerUrl(workerUrl);

/** MapLibre draws with WebGL 2; without it (old browser, GPU blocked) there is no map. */
function hasWebGl2(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return gl !== null;
  } catch {
    return false;
  }
}

let stylesheet: Promise<void> | undefined;

/** Links MapLibre's stylesheet once (same origin, allowed by style-src 'self'); resolves once it applies. */
function linkMapStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = maplibreCssUrl;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      stylesheet = undefined;
      reject(new Error('The map stylesheet could not be loaded'));
    });
    document.head.append(link);
  });
  return stylesheet;
}

function moveCamera(map: MapLibreMap, camera: MapCamera): void {
  if (camera.kind === 'bounds') map.fitBounds(camera.bounds, { maxZoom: camera.maxZoom, padding: FIT_PADDING });
  else map.easeTo({ center: camera.center, zoom: camera.zoom });
}

/** The place nearest to a click, if one is within reach. */
function placeAt(map: MapLibreMap, event: MapMouseEvent): string | undefined {
  const { x, y } = event.point;
  const hits = map.queryRenderedFeatures(
    [
      [x - HIT_SLOP, y - HIT_SLOP],
      [x + HIT_SLOP, y + HIT_SLOP],
    ],
    { layers: [LAYER.places] },
  );
  let nearest: { id: string; distance: number } | undefined;
  for (const hit of hits) {
    const id: unknown = hit.properties['id'];
    if (typeof id !== 'string' || hit.geometry.type !== 'Point') continue;
    const [lng, lat] = hit.geometry.coordinates as [number, number];
    const at = map.project([lng, lat]);
    const distance = Math.hypot(at.x - x, at.y - y);
    if (!nearest || distance < nearest.distance) nearest = { id, distance };
  }
  return nearest?.id;
}

/**
 * The countries' names over the embedded map: one element a country, made when first in view and measured
 * once; after each move the largest countries whose names fit without overlapping are shown.
 */
class CountryLabels {
  private readonly elements = new Map<string, { element: HTMLSpanElement; width: number; height: number }>();
  private frame = 0;
  private readonly map: MapLibreMap;
  private readonly layer: HTMLDivElement;
  private readonly anchors: readonly CountryAnchor[];
  private readonly lang: Lang;

  constructor(map: MapLibreMap, layer: HTMLDivElement, anchors: readonly CountryAnchor[], lang: Lang) {
    this.map = map;
    this.layer = layer;
    this.anchors = anchors;
    this.lang = lang;
  }

  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
    });
  }

  clear(): void {
    cancelAnimationFrame(this.frame);
    this.layer.replaceChildren();
    this.elements.clear();
  }

  private labelOf(code: string) {
    let label = this.elements.get(code);
    if (!label) {
      // The box is placed from the layer's left edge; the name inside keeps its language's direction.
      const element = document.createElement('span');
      element.className = 'places-map-label';
      const name = document.createElement('span');
      name.lang = this.lang;
      name.dir = dirOf(this.lang);
      name.textContent = countryLabel(code, this.lang);
      element.append(name);
      this.layer.append(element);
      label = { element, width: element.offsetWidth, height: element.offsetHeight };
      this.elements.set(code, label);
    }
    return label;
  }

  private update(): void {
    const width = this.layer.clientWidth;
    const height = this.layer.clientHeight;
    const zoom = this.map.getZoom();
    const candidates: LabelBox[] = [];
    for (const anchor of this.anchors) {
      // A country too small to hold its name at this zoom waits for a closer look.
      if (anchor.area * 2 ** (2 * zoom) < 40) continue;
      const at = this.map.project(anchor.at);
      if (at.x < 0 || at.y < 0 || at.x > width || at.y > height) continue;
      const { width: w, height: h } = this.labelOf(anchor.code);
      candidates.push({ code: anchor.code, x: at.x, y: at.y, width: w, height: h });
    }
    const shown = new Map(placeLabels(candidates, { width, height }).map((box) => [box.code, box]));
    for (const [code, { element, width: w, height: h }] of this.elements) {
      const box = shown.get(code);
      element.hidden = !box;
      if (box) element.style.transform = `translate(${Math.round(box.x - w / 2)}px, ${Math.round(box.y - h / 2)}px)`;
    }
  }
}

export default function PlacesMap({
  places,
  selectedId = null,
  fallbackCenter,
  lang,
  label,
  unavailableText,
  onSelect,
  width,
  styleUrl,
  route = null,
  userPosition = null,
  view = null,
  onMoveEnd,
  keyboard = false,
  centerPin = false,
}: PlacesMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [webGl] = useState(hasWebGl2);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  const data = useMemo(() => placesToGeoJson(places, selectedId), [places, selectedId]);
  const camera = useMemo<MapCamera>(
    () =>
      view
        ? { kind: 'point', center: view.center, zoom: view.zoom }
        : chooseCamera(places, selectedId, fallbackCenter, route),
    [places, selectedId, fallbackCenter, route, view],
  );
  // Compared by value: a page that builds a new array on each render must not move the map each time.
  const dataKey = JSON.stringify(data);
  const cameraKey = JSON.stringify(camera);
  const routeKey = JSON.stringify(route);
  const userKey = JSON.stringify(userPosition);

  // What the map is created with; later changes reach it through the effects below.
  const latest = useRef({ dataKey, cameraKey, styleUrl, routeKey, userKey });
  const onSelectRef = useRef(onSelect);
  const onMoveEndRef = useRef(onMoveEnd);
  // The camera the map was created with or last moved to: it moves again only when the camera changes.
  const shownCamera = useRef<string | null>(null);
  useEffect(() => {
    latest.current = { dataKey, cameraKey, styleUrl, routeKey, userKey };
    onSelectRef.current = onSelect;
    onMoveEndRef.current = onMoveEnd;
  }, [dataKey, cameraKey, styleUrl, routeKey, userKey, onSelect, onMoveEnd]);

  useEffect(() => {
    const container = containerRef.current;
    if (!webGl || failed || !container) return;
    const controller = new AbortController();
    const { signal } = controller;
    const remoteStyle = latest.current.styleUrl;
    const colours: MapColours = coloursFromPage((name) => getComputedStyle(container).getPropertyValue(name));
    let map: MapLibreMap | undefined;

    const fail = (error: unknown) => {
      if (signal.aborted) return;
      console.warn('The map cannot be shown:', error);
      setFailed(true);
    };

    const create = () => {
      if (signal.aborted) return;
      const first = latest.current;
      const firstData = JSON.parse(first.dataKey) as ReturnType<typeof placesToGeoJson>;
      const firstCamera = JSON.parse(first.cameraKey) as MapCamera;
      const overlay = {
        places: firstData,
        route: JSON.parse(first.routeKey) as LngLat[] | null,
        user: JSON.parse(first.userKey) as LngLat | null,
      };
      shownCamera.current = first.cameraKey;
      // Throws a GPUInitializationError when WebGL 2 is there but can't be drawn with.
      const created = new MapLibreMap({
        container,
        style: remoteStyle ?? buildOfflineStyle({ ...overlay, colours }),
        ...(firstCamera.kind === 'bounds'
          ? { bounds: firstCamera.bounds, fitBoundsOptions: { maxZoom: firstCamera.maxZoom, padding: FIT_PADDING } }
          : { center: firstCamera.center, zoom: firstCamera.zoom }),
        attributionControl: false,
        keyboard,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
      map = created;
      mapRef.current = created;

      const canvas = created.getCanvas();
      if (keyboard) {
        // The canvas is the control: it takes focus and is named by the region around it.
        canvas.setAttribute('tabindex', '0');
        canvas.setAttribute('role', 'application');
        canvas.setAttribute('aria-label', label);
      } else {
        canvas.setAttribute('tabindex', '-1');
        canvas.setAttribute('aria-hidden', 'true');
        canvas.removeAttribute('role');
        canvas.removeAttribute('aria-label');
      }
      created.touchZoomRotate.disableRotation();

      let loaded = false;
      created.on('load', () => {
        loaded = true;
        if (remoteStyle) {
          for (const [id, source] of Object.entries(overlaySources(overlay))) created.addSource(id, source);
          for (const layer of overlayLayers(colours)) created.addLayer(layer);
        }
        setReady(true);
      });
      created.on('error', (event) => {
        // Before the first frame (style or worker not to be had) the map would stay empty: say so instead.
        if (!loaded) fail(event.error);
        else console.warn('Map:', event.error);
      });
      created.on('click', (event) => {
        const id = placeAt(created, event);
        if (id !== undefined) onSelectRef.current?.(id);
      });
      created.on('mousemove', (event) => {
        canvas.style.cursor = placeAt(created, event) === undefined ? '' : 'pointer';
      });
      created.on('move', () => labels?.schedule());
      created.on('moveend', (event) => {
        const { lng, lat } = created.getCenter();
        onMoveEndRef.current?.([lng, lat], created.getZoom(), event.originalEvent !== undefined);
      });
      created.on('resize', () => labels?.schedule());
    };
    let labels: CountryLabels | undefined;

    // MapLibre sizes its canvas when created and on window resizes only; the page may still be laying the map
    // out (its stylesheet arriving, a panel opening), so it follows its container's size.
    const resizes = new ResizeObserver(() => map?.resize());
    resizes.observe(container);

    const basemap = remoteStyle ? null : loadBasemap(countriesUrl, signal);
    // Its failure is handled below, once the map exists; not an unhandled rejection meanwhile.
    basemap?.catch(() => undefined);
    linkMapStylesheet()
      .then(create)
      .then(() => basemap)
      .then((land) => {
        const target = map;
        if (!land || !target || signal.aborted) return;
        const apply = () => {
          target.getSource<GeoJSONSource>(SOURCE.land)?.setData(land.land);
          target.getSource<GeoJSONSource>(SOURCE.borders)?.setData(land.borders);
          const layer = labelsRef.current;
          if (layer) {
            labels = new CountryLabels(target, layer, land.countries, lang);
            labels.schedule();
          }
        };
        if (target.isStyleLoaded()) apply();
        else target.once('load', apply);
      })
      .catch(fail);

    return () => {
      controller.abort();
      labels?.clear();
      resizes.disconnect();
      mapRef.current = null;
      setReady(false);
      map?.remove();
    };
    // The language is fixed for the page's life; the labels read it once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webGl, failed]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    map.getSource<GeoJSONSource>(SOURCE.places)?.setData(JSON.parse(dataKey) as typeof data);
  }, [ready, dataKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    map.getSource<GeoJSONSource>(SOURCE.user)?.setData(pointData(JSON.parse(userKey) as LngLat | null));
  }, [ready, userKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const line = lineData(JSON.parse(routeKey) as LngLat[] | null);
    const timer = setTimeout(() => map.getSource<GeoJSONSource>(SOURCE.route)?.setData(line), ROUTE_DRAW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, routeKey]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || cameraKey === shownCamera.current) return;
    shownCamera.current = cameraKey;
    moveCamera(map, JSON.parse(cameraKey) as MapCamera);
  }, [ready, cameraKey]);

  const available = webGl && !failed;
  return (
    <div
      role="region"
      aria-label={label}
      lang={lang}
      className="places-map"
      style={width === undefined ? undefined : { inlineSize: `${width}px` }}
    >
      {available ? (
        <>
          <div ref={containerRef} className="places-map-canvas" />
          {/* Names drawn by the browser, over the canvas; the map's region label speaks for the map. */}
          <div ref={labelsRef} className="places-map-labels" dir="ltr" aria-hidden="true" />
          {centerPin && <span className="places-map-pin" aria-hidden="true" />}
        </>
      ) : (
        <p role="status" className="places-map-unavailable">
          {unavailableText}
        </p>
      )}
    </div>
  );
}
