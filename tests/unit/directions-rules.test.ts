import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { createTranslator, type Catalogue } from '../../src/i18n/i18n.ts';
import { LANGUAGES, type Lang } from '../../src/i18n/languages.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import {
  DirectionsErrorCode,
  coordinatesParam,
  coordinatesSchema,
  directionsQuerySchema,
} from '../../src/lib/api/directions/contract.ts';
import {
  HEADINGS,
  INSTRUCTION_KEYS,
  MANEUVER_TYPES,
  MODIFIERS,
  headingOf,
  instructionFor,
  maneuverIcon,
} from '../../src/lib/directions/instructions.ts';
import { DIRECTIONS_ERROR_KEYS, DIRECTIONS_KEYS, directionsErrorKey } from '../../src/lib/directions/keys.ts';
import {
  METERS_TO_MILES,
  UNIT_KEYS,
  defaultUnit,
  distanceMessage,
  durationParts,
  formatDistance,
  formatDuration,
  kilometresToMiles,
  metresToMiles,
} from '../../src/lib/directions/units.ts';
import { MANEUVERS_PER_PAGE, pageOf } from '../../src/lib/directions/paging.ts';

/**
 * The catalogues holding the directions texts. Until /tmp/i18n-directions.json is merged into src/i18n, that file
 * is read instead; once any directions key is in the catalogues, only the catalogues count.
 */
function directionsCatalogues(): Record<Lang, Catalogue> {
  if (Object.keys(catalogues.en).some((key) => key.startsWith('directions.'))) return catalogues;
  const pending = '/tmp/i18n-directions.json';
  if (!existsSync(pending)) throw new Error('No directions texts: merge /tmp/i18n-directions.json into src/i18n');
  return JSON.parse(readFileSync(pending, 'utf8')) as Record<Lang, Catalogue>;
}
const texts = directionsCatalogues();
const t = { en: createTranslator('en', texts.en), ar: createTranslator('ar', texts.ar) };

const step = (type: string, modifier?: string, name = '', extra: Record<string, number> = {}) => ({
  name,
  maneuver: { type, location: [35.9, 31.9] as [number, number], ...(modifier ? { modifier } : {}), ...extra },
});

describe('directions: instructions', () => {
  const modifiers = [undefined, ...Object.keys(MODIFIERS), 'backwards'];
  const types = [...MANEUVER_TYPES, 'teleport'];

  it('gives every type and modifier, with and without a street name, a key of the committed list', () => {
    const keys = new Set(INSTRUCTION_KEYS);
    const given = new Set<string>();
    for (const type of types) {
      for (const modifier of modifiers) {
        for (const name of ['', 'Main Street']) {
          const extras: Record<string, number>[] = [
            {},
            { exit: 3 },
            ...HEADINGS.map((_, i) => ({ bearing_after: i * 45 })),
          ];
          for (const extra of extras) {
            const { key, values } = instructionFor(step(type, modifier, name, extra));
            expect(keys.has(key), `${type} ${modifier} → ${key}`).toBe(true);
            expect(key.endsWith('.name')).toBe(name !== '');
            expect(values.name).toBe(name || undefined);
            given.add(key);
          }
        }
      }
    }
    // And every key of the list is reachable.
    expect([...keys].filter((key) => !given.has(key))).toEqual([]);
  });

  it('names the turn, the side of arrival, the roundabout exit and the first heading', () => {
    expect(instructionFor(step('turn', 'left', 'King Hussein Street'))).toEqual({
      key: 'directions.maneuver.turn.left.name',
      values: { name: 'King Hussein Street' },
    });
    expect(instructionFor(step('turn', 'sharp right')).key).toBe('directions.maneuver.turn.sharpRight');
    expect(instructionFor(step('turn', 'uturn')).key).toBe('directions.maneuver.turn.uturn');
    expect(instructionFor(step('new name', 'slight left', 'A')).key).toBe(
      'directions.maneuver.newName.slightLeft.name',
    );
    expect(instructionFor(step('end of road', 'right')).key).toBe('directions.maneuver.endOfRoad.right');
    expect(instructionFor(step('roundabout turn', 'straight')).key).toBe('directions.maneuver.roundaboutTurn.straight');
    expect(instructionFor(step('arrive', 'slight left')).key).toBe('directions.maneuver.arrive.left');
    expect(instructionFor(step('arrive', 'sharp right', 'Zahran Street')).key).toBe(
      'directions.maneuver.arrive.right.name',
    );
    expect(instructionFor(step('arrive')).key).toBe('directions.maneuver.arrive.default');
    expect(instructionFor(step('roundabout', 'right', '', { exit: 2 }))).toEqual({
      key: 'directions.maneuver.roundabout.exit',
      values: { exit: 2 },
    });
    expect(instructionFor(step('rotary', 'left', 'Ring Road', { exit: 4 }))).toEqual({
      key: 'directions.maneuver.rotary.exit.name',
      values: { exit: 4, name: 'Ring Road' },
    });
    expect(instructionFor(step('roundabout')).key).toBe('directions.maneuver.roundabout.default');
    expect(instructionFor(step('exit rotary', undefined, 'B')).key).toBe('directions.maneuver.exitRotary.default.name');
    expect(instructionFor(step('depart', undefined, '', { bearing_after: 90 })).key).toBe(
      'directions.maneuver.depart.east',
    );
    expect(instructionFor(step('depart')).key).toBe('directions.maneuver.depart.default');
    // Unknown types and modifiers fall back, never fail.
    expect(instructionFor(step('teleport', 'left')).key).toBe('directions.maneuver.generic.default');
    expect(instructionFor(step('turn', 'backwards')).key).toBe('directions.maneuver.turn.default');
    // A way with only a number is named by it.
    expect(instructionFor({ ...step('turn', 'right', '  '), ref: 'A1' }).values).toEqual({ name: 'A1' });
  });

  it('turns a bearing into one of eight headings', () => {
    expect([0, 22, 23, 67, 68, 90, 180, 270, 337, 338, 359, 360, -90].map(headingOf)).toEqual([
      'north',
      'north',
      'northeast',
      'northeast',
      'east',
      'east',
      'south',
      'west',
      'northwest',
      'north',
      'north',
      'north',
      'west',
    ]);
    expect(HEADINGS).toHaveLength(8);
  });

  it('reads as sentences in both languages', () => {
    const turn = instructionFor(step('turn', 'left', 'King Hussein Street'));
    expect(t.en(turn.key, turn.values)).toBe('Turn left onto King Hussein Street');
    expect(t.ar(turn.key, turn.values)).toBe('انعطف يسارًا إلى King Hussein Street');
    const roundabout = instructionFor(step('roundabout', undefined, '', { exit: 2 }));
    expect(t.en(roundabout.key, roundabout.values)).toBe('Enter the roundabout and take exit 2');
    expect(t.ar(roundabout.key, roundabout.values)).toBe('ادخل الدوّار واسلك المخرج 2');
    const arrive = instructionFor(step('arrive', 'right'));
    expect(t.en(arrive.key, arrive.values)).toBe('Your destination is on the right');
  });

  it('draws an arrow per modifier, and its own for depart, arrive and roundabouts', () => {
    expect(maneuverIcon({ type: 'turn', modifier: 'sharp left' })).toBe('sharp-left');
    expect(maneuverIcon({ type: 'fork', modifier: 'slight right' })).toBe('slight-right');
    expect(maneuverIcon({ type: 'continue', modifier: 'uturn' })).toBe('uturn');
    expect(maneuverIcon({ type: 'new name' })).toBe('straight');
    expect(maneuverIcon({ type: 'depart', modifier: 'left' })).toBe('depart');
    expect(maneuverIcon({ type: 'arrive', modifier: 'left' })).toBe('arrive');
    expect(maneuverIcon({ type: 'exit rotary', modifier: 'left' })).toBe('roundabout');
    expect(maneuverIcon({ type: 'teleport', modifier: 'sideways' })).toBe('straight');
  });
});

describe('directions: the catalogue', () => {
  it('holds every key of the committed list in English and Arabic, in Arabic script, none empty', () => {
    const arabic = /[\u0600-\u06FF]/;
    for (const key of DIRECTIONS_KEYS) {
      expect(texts.en[key]?.trim(), `en ${key}`).toBeTruthy();
      expect(texts.ar[key]?.trim(), `ar ${key}`).toBeTruthy();
      expect(arabic.test(texts.ar[key] ?? ''), `ar ${key}`).toBe(true);
    }
    // The same placeholders in both languages (Arabic's one and two forms name no number).
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of DIRECTIONS_KEYS.filter((k) => !/_(one|two)$/.test(k))) {
      expect(placeholders(texts.ar[key]!), key).toEqual(placeholders(texts.en[key]!));
    }
    // No directions key outside the list: the list is the whole catalogue of this area.
    const listed = new Set(DIRECTIONS_KEYS);
    for (const lang of LANGUAGES) {
      expect(Object.keys(texts[lang]).filter((k) => k.startsWith('directions.') && !listed.has(k))).toEqual([]);
    }
  });

  it('gives each error code of the call its message key', () => {
    const statuses = { unsupportedMode: 422, tooFar: 422, noRoute: 404, upstream: 502, timeout: 504 } as const;
    for (const [name, code] of Object.entries(DirectionsErrorCode)) {
      const key = directionsErrorKey(new ApiError(statuses[name as keyof typeof statuses], { code }));
      expect(key).toBe(DIRECTIONS_ERROR_KEYS[code]);
      expect(DIRECTIONS_KEYS).toContain(key);
    }
    expect(UNIT_KEYS.every((key) => DIRECTIONS_KEYS.includes(key))).toBe(true);
    // Any other failure of the call says what the API said; a failure that is not the API's, the engine's.
    expect(directionsErrorKey(new ApiError(429, { code: 'RATE_LIMITED' }))).toBe('errors.tooManyAttempts');
    expect(directionsErrorKey(new ApiError(0, null))).toBe('errors.network');
    expect(directionsErrorKey(new TypeError('boom'))).toBe('directions.errors.upstream');
  });
});

describe('directions: units', () => {
  it('converts with the factor of spec 2 §9', () => {
    expect(METERS_TO_MILES).toBe(0.621371192);
    expect(kilometresToMiles(1)).toBe(0.621371192);
    expect(kilometresToMiles(10)).toBeCloseTo(6.21371192, 10);
    expect(metresToMiles(1609.344)).toBeCloseTo(1, 6);
  });

  it.each([
    [0, 'directions.distance.m', '0'],
    [4, 'directions.distance.m', '0'],
    [854, 'directions.distance.m', '850'],
    [856, 'directions.distance.m', '860'],
    [994, 'directions.distance.m', '990'],
    [995, 'directions.distance.km', '1'],
    [1234, 'directions.distance.km', '1.2'],
    [12_360, 'directions.distance.km', '12.4'],
    [1_234_567, 'directions.distance.km', '1,234.6'],
  ])('shows %d m in km as %s %s', (metres, key, value) => {
    expect(distanceMessage(metres, 'km', 'en')).toEqual({ key, values: { value } });
  });

  it.each([
    [100, 'directions.distance.ft', '330'],
    [160, 'directions.distance.ft', '520'],
    [161, 'directions.distance.mi', '0.1'],
    [1609.344, 'directions.distance.mi', '1'],
    [2000, 'directions.distance.mi', '1.2'],
    [100_000, 'directions.distance.mi', '62.1'],
  ])('shows %d m in miles as %s %s', (metres, key, value) => {
    expect(distanceMessage(metres, 'mi', 'en')).toEqual({ key, values: { value } });
  });

  it('writes Latin digits in Arabic, with the unit from the catalogue', () => {
    const { value } = distanceMessage(1_234_567, 'km', 'ar').values;
    expect(String(value)).not.toMatch(/[\u0660-\u0669]/);
    expect(String(value)).toMatch(/^1.?234.6$/);
    expect(formatDistance(850, 'km', 'en', t.en)).toBe('850 m');
    expect(formatDistance(850, 'km', 'ar', t.ar)).toBe('850 م');
    expect(formatDistance(2000, 'mi', 'en', t.en)).toBe('1.2 mi');
    expect(formatDistance(100, 'mi', 'ar', t.ar)).toBe('330 قدم');
  });

  it('starts in miles in the US, Great Britain, Liberia and Myanmar only', () => {
    expect(['US', 'gb', ' LR ', 'MM'].map(defaultUnit)).toEqual(['mi', 'mi', 'mi', 'mi']);
    expect(['JO', 'AE', 'CA', '', null, undefined].map(defaultUnit)).toEqual(['km', 'km', 'km', 'km', 'km', 'km']);
  });

  it('splits durations into hours and minutes', () => {
    expect(durationParts(29)).toBe('lessThanMinute');
    expect(durationParts(30)).toEqual({ hours: 0, minutes: 1 });
    expect(durationParts(59 * 60 + 29)).toEqual({ hours: 0, minutes: 59 });
    expect(durationParts(59 * 60 + 30)).toEqual({ hours: 1, minutes: 0 });
    expect(durationParts(3900)).toEqual({ hours: 1, minutes: 5 });
  });

  it('writes durations with the plural forms of each language', () => {
    expect(formatDuration(10, 'en', t.en)).toBe('Less than a minute');
    expect(formatDuration(60, 'en', t.en)).toBe('1 minute');
    expect(formatDuration(45 * 60, 'en', t.en)).toBe('45 minutes');
    expect(formatDuration(3600, 'en', t.en)).toBe('1 hour');
    expect(formatDuration(3900, 'en', t.en)).toBe('1 hour 5 minutes');
    expect(formatDuration(2 * 3600 + 60, 'en', t.en)).toBe('2 hours 1 minute');
    expect(formatDuration(10, 'ar', t.ar)).toBe('أقل من دقيقة');
    expect(formatDuration(120, 'ar', t.ar)).toBe('دقيقتان');
    expect(formatDuration(3 * 60, 'ar', t.ar)).toBe('3 دقائق');
    expect(formatDuration(11 * 60, 'ar', t.ar)).toBe('11 دقيقة');
    expect(formatDuration(3660, 'ar', t.ar)).toBe('ساعة واحدة ودقيقة واحدة');
    expect(formatDuration(5 * 3600 + 120, 'ar', t.ar)).toBe('5 ساعات ودقيقتان');
  });
});

describe('directions: paging', () => {
  const steps = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('shows 10 manoeuvres a page', () => {
    expect(MANEUVERS_PER_PAGE).toBe(10);
  });

  it.each([
    [0, 0, { items: [], page: 0, first: 0, pageCount: 1, hasPrevious: false, hasNext: false }],
    [10, 0, { items: steps(10), page: 0, first: 0, pageCount: 1, hasPrevious: false, hasNext: false }],
    [11, 0, { items: steps(10), page: 0, first: 0, pageCount: 2, hasPrevious: false, hasNext: true }],
    [11, 1, { items: [10], page: 1, first: 10, pageCount: 2, hasPrevious: true, hasNext: false }],
    [25, 1, { items: steps(20).slice(10), page: 1, first: 10, pageCount: 3, hasPrevious: true, hasNext: true }],
    [25, 2, { items: [20, 21, 22, 23, 24], page: 2, first: 20, pageCount: 3, hasPrevious: true, hasNext: false }],
  ])('of %d steps, page %d', (count, page, expected) => {
    expect(pageOf(steps(count), page)).toEqual(expected);
  });

  it('clamps pages before the first and after the last', () => {
    expect(pageOf(steps(25), 9).page).toBe(2);
    expect(pageOf(steps(25), -3).page).toBe(0);
    expect(pageOf(steps(25), Number.NaN).page).toBe(0);
    expect(pageOf(steps(0), 4)).toMatchObject({ page: 0, items: [] });
  });
});

describe('directions: query contract', () => {
  it('reads lat,lng, refuses what is out of range and 0,0', () => {
    expect(coordinatesSchema.parse('31.9539, 35.9106')).toEqual({ lat: 31.9539, lng: 35.9106 });
    expect(coordinatesSchema.parse('-33.8688,151.2093')).toEqual({ lat: -33.8688, lng: 151.2093 });
    for (const bad of ['0,0', '0.000,-0.0', '90.1,0', '45,-180.5', '1e3,2', '31.9', 'a,b', '31.9,35.9,1', '']) {
      expect(coordinatesSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(directionsQuerySchema.parse({ from: '1,2', to: '3,4' }).mode).toBe('pedestrian');
    expect(directionsQuerySchema.safeParse({ from: '1,2', to: '3,4', mode: 'bike' }).success).toBe(false);
    expect(coordinatesParam([35.9106, 31.9539])).toBe('31.9539,35.9106');
    expect(coordinatesParam({ lat: 31.9539, lng: 35.9106 })).toBe('31.9539,35.9106');
  });
});
