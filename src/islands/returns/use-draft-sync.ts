import { useEffect } from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';

/** Keeps a step's form values in the return's draft as the customer changes them (without re-rendering it). */
export function useDraftSync<T extends FieldValues>(subscribe: UseFormSubscribe<T>, save: (values: T) => void) {
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (name !== undefined) save({ ...values });
        },
      }),
    [subscribe, save],
  );
}
