/**
 * Values PostgreSQL can't store, found in a call's input before anything reaches the database: a NUL character
 * (text and jsonb refuse it), an unpaired surrogate (not Unicode, so not UTF-8), an integer out of the range of
 * `integer` columns. The router refuses them as a 400 naming the field, for every call, so no handler has to
 * remember and no query fails with a 500 (docs/decisions/030).
 */

/** The range of PostgreSQL's `integer`, the type of every integer column. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

function problemOf(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'Contains a NUL character';
    if (!value.isWellFormed()) return 'Contains an unpaired surrogate';
    return undefined;
  }
  if (typeof value === 'number' && Number.isInteger(value) && (value < INT_MIN || value > INT_MAX)) {
    return `Out of range (${INT_MIN} to ${INT_MAX})`;
  }
  return undefined;
}

/**
 * The fields of `value` (a parsed path, query or body) that can't be stored, as dotted paths with the problem
 * ('_' for the value itself), like a failed parse's field errors. Names of an object's fields count too: a record
 * is stored as jsonb with its keys.
 */
export function unstorableFields(value: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const visit = (v: unknown, path: readonly (string | number)[], depth: number) => {
    const problem = problemOf(v);
    if (problem) (found[path.join('.') || '_'] ??= []).push(problem);
    // Bodies are parsed JSON, so no cycles; the depth only bounds the work.
    if (typeof v !== 'object' || v === null || depth > 32) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, [...path, i], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      const keyProblem = problemOf(key);
      if (keyProblem)
        (found[[...path, key].join('.')] ??= []).push(keyProblem.replace(/^Contains/, 'Its name contains'));
      visit(item, [...path, key], depth + 1);
    }
  };
  visit(value, [], 0);
  return found;
}
