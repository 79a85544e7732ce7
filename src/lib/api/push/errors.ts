/** Error codes of the push notification calls, apart from their schemas, so that the profile can name them cheaply. */
export const PushErrorCode = {
  /** 400: the subscription names a push service this server doesn't post to (production accepts the browsers' own). */
  serviceRefused: 'PUSH_SERVICE_REFUSED',
} as const;

/** The message key of each push error code (the preferences part of the catalogue). */
export const PUSH_ERROR_KEYS: Readonly<Record<string, string>> = {
  [PushErrorCode.serviceRefused]: 'push.errors.service',
};
