import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a tool's form (spec 2 §4: the processing flag blocks a double submit), and an
 * outcome shown only for the form as it was sent: `clear` (called on every change) drops a late answer. A form
 * already answered is not sent again until it changes (a double click whose first answer came back quickly).
 */
export function useToolRequest<O>() {
  const [outcome, setOutcome] = useState<O | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second submit in the same moment must see the first one at once.
  const busyRef = useRef(false);
  // Bumped by every change, so an answer to an older form is dropped.
  const generation = useRef(0);
  // The form the shown answer is for: sending it again, unchanged, would only repeat the call.
  const answered = useRef<number | null>(null);

  const clear = useCallback(() => {
    generation.current += 1;
    setOutcome(null);
  }, []);

  const run = async (request: () => Promise<O>, outcomeOfError: (error: unknown) => O): Promise<void> => {
    if (busyRef.current || answered.current === generation.current) return;
    busyRef.current = true;
    setBusy(true);
    clear();
    const mine = generation.current;
    let next: O;
    let succeeded = false;
    try {
      next = await request();
      succeeded = true;
    } catch (error) {
      next = outcomeOfError(error);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
    if (generation.current !== mine) return;
    setOutcome(next);
    // A failed call may be tried again as it is; an answer stands until the form changes.
    if (succeeded) answered.current = mine;
  };

  return { outcome, busy, clear, run };
}
