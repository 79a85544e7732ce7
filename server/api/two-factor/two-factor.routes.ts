/**
 * The second step of password logins (issue 25, scope 4): its state, its setup, turning it off and new recovery
 * codes, under the customer's own guid (the router's owner check). What changes how the account logs in (a new
 * secret, off, new recovery codes) wants a recent re-authentication; the confirmation wants the code of the secret
 * that such a call handed out.
 */
import { AccountSecurityErrorCode } from '../../../src/lib/api/account-security-errors.ts';
import {
  TwoFactorError,
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
  startTwoFactorSetup,
} from '../../../src/lib/api/two-factor/contract.ts';
import { groupedSecret, otpauthUri, qrCodeDataUrl } from '../../auth/totp.ts';
import { HttpError, conflict } from '../http-errors.ts';
import { requireRecentProof } from '../recent-proof.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { twoFactorStoreOf } from './second-step.ts';

const notSetUp = () => conflict('No setup of the second step is under way', TwoFactorError.notSetUp);

export function twoFactorRoutes(router: ApiRouter): void {
  router.handle(getTwoFactorStatus, (c, { params }) => twoFactorStoreOf(c).status(params.guid));

  router.handle(startTwoFactorSetup, async (c, { params }) => {
    await requireRecentProof(c);
    const user = await sessionUser(c);
    const secret = await twoFactorStoreOf(c).startSetup(params.guid);
    if (!secret) throw conflict('The second step is on: turn it off first', TwoFactorError.alreadyOn);
    const uri = otpauthUri(c.var.deps.brand.name, user.email, secret);
    return { otpauthUri: uri, secret: groupedSecret(secret), qrCode: await qrCodeDataUrl(uri) };
  });

  router.handle(confirmTwoFactor, async (c, { params, body }) => {
    const result = await twoFactorStoreOf(c).confirm(params.guid, body.code);
    if (result === 'none') throw notSetUp();
    if (result === 'invalid') {
      throw new HttpError(422, { code: AccountSecurityErrorCode.otpInvalid, message: 'Wrong or out-of-date code' });
    }
    return { recoveryCodes: result };
  });

  router.handle(disableTwoFactor, async (c, { params }) => {
    await requireRecentProof(c);
    const store = twoFactorStoreOf(c);
    await store.disable(params.guid);
    return store.status(params.guid);
  });

  router.handle(renewRecoveryCodes, async (c, { params }) => {
    await requireRecentProof(c);
    const codes = await twoFactorStoreOf(c).newRecoveryCodes(params.guid);
    if (!codes) throw notSetUp();
    return { recoveryCodes: codes };
  });
}
