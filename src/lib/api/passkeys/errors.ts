/** Error codes of the passkey calls, apart from their schemas, so that the login page can name them cheaply. */
export const PasskeyErrorCode = {
  /** The authenticator's answer can't be checked: unknown, used or expired challenge, wrong origin, bad signature. */
  failed: 'PASSKEY_FAILED',
  /** The passkey is not known here (removed, or never added). */
  unknown: 'PASSKEY_UNKNOWN',
  /** The passkey is already on an account. */
  exists: 'PASSKEY_EXISTS',
} as const;
