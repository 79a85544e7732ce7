import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a tool's form (spec 2 §4: the processing flag blocks a double submit), and an
 * outcome shown only for the form as it was sent: `clear` (called on every change) drops a late answer.
 */
export function useToolRequest<O>() {
  const [outcome, setOutcome] = useState<O | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second submit in the same moment must see the first one at once.
  const busyRef = useRef(false);
  // Bumped by every change, so an answer to an older form is dropped.
  const generation = useRef(0);

  const clear = useCallback(() => {
    generation.current += 1;
    setOutcome(null);
  }, []);

  const run = async (request: () => Promise<O>, outcomeOfError: (error: unknown) => O): Promise<void> => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    clear();
    const mine = generation.current;
    let next: O;
    try {
      next = await request();
    } catch (error) {
      next = outcomeOfError(error);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
    if (generation.current === mine) setOutcome(next);
  };

  return { outcome, busy, clear, run };
}
