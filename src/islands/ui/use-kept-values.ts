import { useEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormSetValue } from 'react-hook-form';

type Kept = Record<string, string | boolean>;

/** The values of the fields named `names` in the form with this id, as the page holds them now. */
function readForm(formId: string, names: readonly string[], defaults: Readonly<Record<string, unknown>>): Kept {
  if (typeof document === 'undefined') return {};
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return {};
  const kept: Kept = {};
  for (const name of names) {
    const field = form.elements.namedItem(name);
    // A radio group: the value of the one ticked ('' when none is).
    if (field instanceof RadioNodeList) kept[name] = field.value;
    else if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      kept[name] = typeof defaults[name] === 'boolean' ? field.checked : field.checked ? field.value : false;
    } else if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    ) {
      kept[name] = field.value;
    }
  }
  return kept;
}

/**
 * Puts values in a form's fields. Field by field rather than by `reset`, which drops the fields and registers
 * them again, and then a radio group goes back to the choice ticked in the server's markup.
 */
export function setValues<F extends FieldValues>(setValue: UseFormSetValue<F>, values: object) {
  for (const [name, value] of Object.entries(values)) setValue(name as Path<F>, value as PathValue<F, Path<F>>);
}

/**
 * Keeps what a visitor typed, ticked or chose in a server-rendered form before its island hydrated. Hydration
 * leaves the fields as they are, but react-hook-form then registers them and writes its default values into some
 * (a radio group whose ticked choice is not the default ends with none ticked). So the fields are read in the
 * first render, before that happens, and given back to the form once it is mounted. Outside hydration the form
 * is not on the page yet and nothing is read.
 */
export function useKeptValues<F extends FieldValues>(
  formId: string,
  { getValues, setValue }: { getValues: UseFormGetValues<F>; setValue: UseFormSetValue<F> },
): void {
  const [kept] = useState(() => {
    const defaults = getValues();
    return readForm(formId, Object.keys(defaults), defaults);
  });
  useEffect(() => setValues(setValue, kept), [kept, setValue]);
}
