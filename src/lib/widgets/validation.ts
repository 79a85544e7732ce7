/** What a tool box form's check returns: the call's query, or a translation key per field in error. */
export type Checked<Value, Field extends string> =
  { ok: true; value: Value } | { ok: false; errors: Partial<Record<Field, string>> };

export function checked<Value, Field extends string>(
  errors: Partial<Record<Field, string>>,
  value: () => Value,
): Checked<Value, Field> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: value() };
}
