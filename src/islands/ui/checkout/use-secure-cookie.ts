import { useEffect, useEffectEvent } from 'react';
import { SECURE_KEY_COOKIE } from '../../../lib/api/payments/contract.ts';
import { readSecureCookie } from '../../../lib/payments/checkout-rules.ts';

/** Spec 2 §9: the secure key cookie is looked for every 100 ms. */
export const SECURE_POLL_MS = 100;

/** Deletes the secure key cookie once read, so a later attempt never takes an old answer. */
function deleteSecureCookie(): void {
  document.cookie = `${SECURE_KEY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * While `secureId` is set (the 3-D Secure step is showing), polls document.cookie for the secure key cookie of
 * that id; once it is there, deletes it and hands its response over. Stops on unmount or when the id goes.
 */
export function useSecureCookie(secureId: string | null, onFound: (response: string) => void): void {
  const found = useEffectEvent(onFound);
  useEffect(() => {
    if (!secureId) return;
    const timer = setInterval(() => {
      const response = readSecureCookie(document.cookie, SECURE_KEY_COOKIE, secureId);
      if (response === null) return;
      clearInterval(timer);
      deleteSecureCookie();
      found(response);
    }, SECURE_POLL_MS);
    return () => clearInterval(timer);
  }, [secureId]);
}
