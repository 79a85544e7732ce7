/**
 * Where a signup call's failure shows (spec 2 §8): VEX022 on the names, VEX003 and VEX008 on the mobile,
 * VEX001/VEX002 on the e-mail, City invalid on the city; anything else is errors.500 for the form.
 */
import type { ApiError } from '../api/errors.ts';

export interface FieldProblem {
  field: string;
  key: string;
}

const FIELD_CODES: Record<string, string> = {
  VEX001: 'errors.400.VEX001',
  VEX002: 'errors.400.VEX002',
  VEX003: 'errors.400.VEX003',
  VEX008: 'errors.400.VEX008',
  VEX022: 'errors.400.VEX022',
  'City invalid': 'errors.cityInvalid',
  required: 'validation.required',
  adult: 'validation.adult',
  date: 'validation.date',
  threeWordAddress: 'validation.threeWordAddress',
  threeWordCountry: 'validation.threeWordCountry',
  threeWordUnchecked: 'validation.threeWordUnchecked',
};

/** The field the site calls `mobile` where the API says `mobileNumber`, and so on. */
export function fieldProblemsOf(error: ApiError, rename: Record<string, string> = {}): FieldProblem[] {
  if (error.status !== 400) return [];
  const problems: FieldProblem[] = [];
  for (const [field, codes] of Object.entries(error.fieldErrors)) {
    const key = codes.map((code) => FIELD_CODES[code]).find(Boolean);
    if (key) problems.push({ field: rename[field] ?? field, key });
  }
  return problems;
}

/** The form-level message when no field explains the failure. */
export function formProblemOf(error: ApiError, fields: FieldProblem[]): string | null {
  if (fields.length > 0) return null;
  if (error.status === 0 || error.status === 429) return error.messageKey;
  return 'errors.500';
}

/** Spec 2 §8: an e-mail check that fails shows errors.400.{first email error code}. */
export function emailCheckProblem(error: ApiError): string {
  const [first] = error.fieldErrors.email ?? [];
  if (error.status === 400 && first) return `errors.400.${first}`;
  return error.status === 0 ? 'errors.network' : 'errors.500';
}
