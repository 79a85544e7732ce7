import { useState } from 'react';

/**
 * Which fields show their problem: those the customer has left, and all of them once a submit was tried (the
 * order's submitted flag, spec 2 §3).
 */
export function useTouched<F extends string>(submitted: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const touch = (field: F) => {
    if (!touched.has(field)) setTouched(new Set([...touched, field]));
  };
  const shown = (field: F, error: string | undefined): string | undefined =>
    submitted || touched.has(field) ? error : undefined;
  return { touch, shown };
}
