/**
 * What the pages check of passkeys before any ceremony, kept apart from the ceremonies themselves
 * (./passkey-ceremonies.ts), which load only when one starts.
 */

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return check ? check.call(PublicKeyCredential).catch(() => false) : false;
}

/** The customer closed the browser's prompt, or another ceremony took its place: nothing to report. */
export function wasCancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}
