/**
 * The written instruction of a route step, produced here from the step's maneuver (OSRM types and modifiers) in
 * the page's language, whatever engine computed the route: the engine's own text, when it sends any, is not used.
 * A step gives a translation key and its values for i18next; every key it can give is in INSTRUCTION_KEYS.
 */
import type { RouteStep } from '../api/directions/contract.ts';

/** A message to translate: `t(key, values)`. */
export interface DirectionsMessage {
  key: string;
  values: Record<string, string | number>;
}

/** OSRM's maneuver modifiers and their key segment. */
export const MODIFIERS = {
  uturn: 'uturn',
  'sharp right': 'sharpRight',
  right: 'right',
  'slight right': 'slightRight',
  straight: 'straight',
  'slight left': 'slightLeft',
  left: 'left',
  'sharp left': 'sharpLeft',
} as const;
export type Modifier = keyof typeof MODIFIERS;
type ModifierSlug = (typeof MODIFIERS)[Modifier];
const MODIFIER_SLUGS = Object.values(MODIFIERS);

/** Types whose instruction depends on the modifier (each has a key per modifier and a `default`). */
export const TURN_TYPES = {
  turn: 'turn',
  'new name': 'newName',
  continue: 'continue',
  merge: 'merge',
  'on ramp': 'onRamp',
  'off ramp': 'offRamp',
  fork: 'fork',
  'end of road': 'endOfRoad',
  'use lane': 'useLane',
  notification: 'notification',
  'roundabout turn': 'roundaboutTurn',
} as const;

/** Roundabouts and rotaries, entered (with an exit number when known) and left. */
const CIRCLE_TYPES = { roundabout: 'roundabout', rotary: 'rotary' } as const;
const CIRCLE_EXIT_TYPES = { 'exit roundabout': 'exitRoundabout', 'exit rotary': 'exitRotary' } as const;

/** Every OSRM maneuver type with an instruction of its own; any other gets the generic one. */
export const MANEUVER_TYPES = [
  'depart',
  'arrive',
  ...Object.keys(TURN_TYPES),
  ...Object.keys(CIRCLE_TYPES),
  ...Object.keys(CIRCLE_EXIT_TYPES),
] as const;

/** Compass headings of the first step, 45° each, from north clockwise. */
export const HEADINGS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'] as const;
export type Heading = (typeof HEADINGS)[number];

/** The side the destination is on, by the arrive step's modifier. */
const ARRIVE_SIDES = ['left', 'right', 'straight'] as const;
type ArriveSide = (typeof ARRIVE_SIDES)[number];

const PREFIX = 'directions.maneuver';
const withName = (key: string) => `${key}.name`;
const both = (key: string) => [key, withName(key)];

/** Every key instructionFor can give (the catalogues hold each in English and Arabic). */
export const INSTRUCTION_KEYS: readonly string[] = [
  ...both(`${PREFIX}.depart.default`),
  ...HEADINGS.flatMap((h) => both(`${PREFIX}.depart.${h}`)),
  ...both(`${PREFIX}.arrive.default`),
  ...ARRIVE_SIDES.flatMap((side) => both(`${PREFIX}.arrive.${side}`)),
  ...Object.values(TURN_TYPES).flatMap((type) =>
    ['default', ...MODIFIER_SLUGS].flatMap((m) => both(`${PREFIX}.${type}.${m}`)),
  ),
  ...Object.values(CIRCLE_TYPES).flatMap((type) => [
    ...both(`${PREFIX}.${type}.default`),
    ...both(`${PREFIX}.${type}.exit`),
  ]),
  ...Object.values(CIRCLE_EXIT_TYPES).flatMap((type) => both(`${PREFIX}.${type}.default`)),
  ...both(`${PREFIX}.generic.default`),
];

const has = <T extends object>(table: T, key: string | undefined): key is Extract<keyof T, string> =>
  key !== undefined && Object.hasOwn(table, key);

const modifierSlug = (modifier: string | undefined): ModifierSlug | undefined =>
  has(MODIFIERS, modifier) ? MODIFIERS[modifier] : undefined;

/** The compass heading of a bearing in degrees (0 north, 90 east). */
export function headingOf(bearing: number): Heading {
  const index = Math.round((((bearing % 360) + 360) % 360) / 45) % 8;
  return HEADINGS[index]!;
}

function arriveSide(modifier: string | undefined): ArriveSide | undefined {
  if (modifier === 'left' || modifier === 'slight left' || modifier === 'sharp left') return 'left';
  if (modifier === 'right' || modifier === 'slight right' || modifier === 'sharp right') return 'right';
  if (modifier === 'straight') return 'straight';
  return undefined;
}

/** The way a step is on, as people read it: its name, else its road number. */
function wayName(step: { name: string; ref?: string | undefined }): string {
  return step.name.trim() || step.ref?.trim() || '';
}

type StepLike = Pick<RouteStep, 'maneuver' | 'name'> & Partial<Pick<RouteStep, 'ref'>>;

/** The instruction of a step: `{ key, values }` for `t(key, values)`. */
export function instructionFor(step: StepLike): DirectionsMessage {
  const { type, modifier, exit, bearing_after: bearingAfter } = step.maneuver;
  const name = wayName(step);
  const values: Record<string, string | number> = name ? { name } : {};
  const message = (key: string): DirectionsMessage => ({ key: name ? withName(key) : key, values });

  if (type === 'depart') {
    return message(
      bearingAfter === undefined ? `${PREFIX}.depart.default` : `${PREFIX}.depart.${headingOf(bearingAfter)}`,
    );
  }
  if (type === 'arrive') return message(`${PREFIX}.arrive.${arriveSide(modifier) ?? 'default'}`);
  if (has(TURN_TYPES, type)) return message(`${PREFIX}.${TURN_TYPES[type]}.${modifierSlug(modifier) ?? 'default'}`);
  if (has(CIRCLE_TYPES, type)) {
    if (exit !== undefined && exit > 0) {
      values.exit = exit;
      return message(`${PREFIX}.${CIRCLE_TYPES[type]}.exit`);
    }
    return message(`${PREFIX}.${CIRCLE_TYPES[type]}.default`);
  }
  if (has(CIRCLE_EXIT_TYPES, type)) return message(`${PREFIX}.${CIRCLE_EXIT_TYPES[type]}.default`);
  return message(`${PREFIX}.generic.default`);
}

/** The arrow drawn beside a step (the page mirrors left and right in right-to-left languages itself). */
export type ManeuverIcon =
  | 'depart'
  | 'arrive'
  | 'roundabout'
  | 'uturn'
  | 'sharp-right'
  | 'right'
  | 'slight-right'
  | 'straight'
  | 'slight-left'
  | 'left'
  | 'sharp-left';

const ICONS: Record<ModifierSlug, ManeuverIcon> = {
  uturn: 'uturn',
  sharpRight: 'sharp-right',
  right: 'right',
  slightRight: 'slight-right',
  straight: 'straight',
  slightLeft: 'slight-left',
  left: 'left',
  sharpLeft: 'sharp-left',
};

/** The arrow of a maneuver: depart, arrive and roundabouts have their own; the rest follow the modifier. */
export function maneuverIcon(maneuver: { type: string; modifier?: string | undefined }): ManeuverIcon {
  if (maneuver.type === 'depart') return 'depart';
  if (maneuver.type === 'arrive') return 'arrive';
  if (has(CIRCLE_TYPES, maneuver.type) || has(CIRCLE_EXIT_TYPES, maneuver.type)) return 'roundabout';
  if (maneuver.type === 'roundabout turn') return 'roundabout';
  const slug = modifierSlug(maneuver.modifier);
  return slug ? ICONS[slug] : 'straight';
}
