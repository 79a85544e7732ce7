import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Checked } from '../../lib/widgets/validation.ts';

/**
 * A react-hook-form resolver over one of the tool box's checks (src/lib/widgets): the form is validated by the
 * same tested function, and each error's message is its translation key.
 */
export function checkedResolver<F extends FieldValues, V extends FieldValues>(
  check: (form: F) => Checked<V, Extract<keyof F, string>>,
): Resolver<F, unknown, V> {
  return (values) => {
    const result = check(values);
    if (result.ok) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') errors[name] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}
