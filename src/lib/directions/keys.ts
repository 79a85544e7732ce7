/**
 * Every translation key the directions rules give, in one list: the catalogues must hold each of them in English
 * and Arabic (tests/unit/directions-rules.test.ts).
 */
import { DirectionsErrorCode } from '../api/directions/contract.ts';
import { ApiError } from '../api/errors.ts';
import { INSTRUCTION_KEYS } from './instructions.ts';
import { UNIT_KEYS } from './units.ts';

/** The message of each error code of the directions call. */
export const DIRECTIONS_ERROR_KEYS: Record<DirectionsErrorCode, string> = {
  [DirectionsErrorCode.unsupportedMode]: 'directions.errors.unsupportedMode',
  [DirectionsErrorCode.tooFar]: 'directions.errors.tooFar',
  [DirectionsErrorCode.noRoute]: 'directions.errors.noRoute',
  [DirectionsErrorCode.upstream]: 'directions.errors.upstream',
  [DirectionsErrorCode.timeout]: 'directions.errors.timeout',
};

/**
 * The message of a failed directions call: its own codes' (kept out of src/lib/api/errors.ts, so pages without
 * directions don't carry them), or the message of any failure.
 */
export function directionsErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return DIRECTIONS_ERROR_KEYS[DirectionsErrorCode.upstream];
  const byCode: Partial<Record<string, string>> = DIRECTIONS_ERROR_KEYS;
  return byCode[error.code] ?? error.messageKey;
}

export const DIRECTIONS_KEYS: readonly string[] = [
  ...INSTRUCTION_KEYS,
  ...UNIT_KEYS,
  ...Object.values(DIRECTIONS_ERROR_KEYS),
];
