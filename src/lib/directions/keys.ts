/**
 * Every translation key the directions rules give, in one list: the catalogues must hold each of them in English
 * and Arabic (tests/unit/directions-rules.test.ts).
 */
import { DirectionsErrorCode } from '../api/directions/contract.ts';
import { INSTRUCTION_KEYS } from './instructions.ts';
import { UNIT_KEYS } from './units.ts';

/** The message of each error code of the directions call (ApiError.messageKey; src/lib/api/errors.ts). */
export const DIRECTIONS_ERROR_KEYS: Record<DirectionsErrorCode, string> = {
  [DirectionsErrorCode.unsupportedMode]: 'directions.errors.unsupportedMode',
  [DirectionsErrorCode.tooFar]: 'directions.errors.tooFar',
  [DirectionsErrorCode.noRoute]: 'directions.errors.noRoute',
  [DirectionsErrorCode.upstream]: 'directions.errors.upstream',
  [DirectionsErrorCode.timeout]: 'directions.errors.timeout',
};

export const DIRECTIONS_KEYS: readonly string[] = [
  ...INSTRUCTION_KEYS,
  ...UNIT_KEYS,
  ...Object.values(DIRECTIONS_ERROR_KEYS),
];
