/**
 * Error codes of the ways of logging in beyond the password (issue 25): the second step's and the recent proof's.
 * Apart from ./errors.ts, which every page loads, since only the login page and the profile's settings meet them.
 */
export const AccountSecurityErrorCode = {
  /** Login (401): the password is right and the account has the second step on: send it with a code. */
  otpRequired: 'OTP_REQUIRED',
  /** Login (401): the second step's code or recovery code is wrong, used already or out of date. */
  otpInvalid: 'OTP_INVALID',
  /** 403: a change to how the account logs in wants the password given again in the last few minutes. */
  reauthenticationRequired: 'REAUTHENTICATION_REQUIRED',
} as const;
