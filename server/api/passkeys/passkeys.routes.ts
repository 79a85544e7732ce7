/**
 * Passkeys (issue 25, scope 1): added from the profile after the password is given again, listed and removed, and
 * a login with one from the login page (a button, or the browser's autofill in the e-mail field). The checks are
 * @simplewebauthn/server's: the challenge (taken from the database, once), the origin and relying party id (the
 * site's public origin, or the request's own in development), the signature with the stored public key, user
 * verification, and a signature counter that must go forward when the authenticator keeps one.
 */
import type { Context } from 'hono';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import {
  PasskeyErrorCode,
  addPasskey,
  getPasskeys,
  logInWithPasskey,
  passkeyCreationOptions,
  passkeyLoginOptions,
  removePasskey,
  type Passkey,
} from '../../../src/lib/api/passkeys/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { CHALLENGE_TTL_SECONDS, PasskeyStore, relyingPartyOf, type PasskeyRow } from '../../auth/passkeys.ts';
import type { Limit } from '../../auth/throttle.ts';
import { users } from '../../db/schema.ts';
import { LOGIN_LIMITS, loginAddressKey, openSession } from '../account/login.ts';
import { clientAddress } from '../client-address.ts';
import { requestOrigin } from '../csrf.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, conflict, notFound } from '../http-errors.ts';
import { requireRecentProof } from '../recent-proof.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { refuseOver, throttleFirst } from '../throttle-first.ts';

/**
 * Login ceremonies one address may start: the login page starts one on every visit, for the autofill, and many
 * customers can share an address (an office, a mobile carrier's NAT). A flood guard for the challenges table, not a
 * guess limit: answers are limited with the login's failures.
 */
export const PASSKEY_OPTIONS_LIMIT: Limit = { max: 1000, windowSeconds: 10 * 60 };

const store = (c: Context<ApiEnv>) => new PasskeyStore(c.var.deps.db, c.var.deps.clock);

/** The relying party: the configured public origin, else (development, tests) the origin the browser reached. */
const relyingParty = (c: Context<ApiEnv>) =>
  relyingPartyOf(c.var.deps.publicOrigin ?? requestOrigin(c).origin, c.var.deps.brand.name);

/** The WebAuthn user handle of an account: its GUID's 16 bytes (no e-mail or name goes to the authenticator). */
export function userHandleOf(guid: string): Uint8Array<ArrayBuffer> {
  const hex = guid.replaceAll('-', '');
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

const failed = (status: 400 | 401, message: string) =>
  new HttpError(status, { code: PasskeyErrorCode.failed, message });

/** The challenge the answer signed, read off its client data; null when that can't be read. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

const listed = (rows: PasskeyRow[]): Passkey[] =>
  rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    synced: r.deviceType === 'multiDevice',
  }));

export function passkeysRoutes(router: ApiRouter): void {
  router.handle(getPasskeys, async (c, { params }) => listed(await store(c).listOf(params.guid)));

  router.handle(passkeyCreationOptions, async (c, { params }) => {
    await requireRecentProof(c);
    const user = await sessionUser(c);
    const rp = relyingParty(c);
    const existing = await store(c).listOf(params.guid);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: userHandleOf(user.guid),
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await store(c).saveChallenge(options.challenge, 'registration', user.guid);
    c.header('Cache-Control', 'no-store');
    return { ...options, rp: { ...options.rp }, user: { ...options.user } };
  });

  router.handle(addPasskey, async (c, { params, body }) => {
    await requireRecentProof(c);
    const response = body.response as unknown as RegistrationResponseJSON;
    const challenge = signedChallenge(response.response.clientDataJSON);
    const taken = challenge ? await store(c).takeChallenge(challenge, 'registration') : null;
    // A challenge given to another customer is as good as none.
    if (!challenge || !taken || taken.userGuid !== params.guid) {
      throw failed(400, 'Challenge unknown, used, expired or not yours');
    }
    const rp = relyingParty(c);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch (error) {
      throw failed(400, error instanceof Error ? error.message : 'Not verified');
    }
    if (!verified.verified) throw failed(400, 'Not verified');
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const added = await store(c).add({
      id: credential.id,
      userGuid: params.guid,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: body.name,
    });
    if (!added) throw conflict('This passkey is already on an account', PasskeyErrorCode.exists);
    return listed(await store(c).listOf(params.guid));
  });

  router.handle(removePasskey, async (c, { params }) => {
    await requireRecentProof(c);
    if (!(await store(c).remove(params.guid, params.passkeyId))) throw notFound();
    return listed(await store(c).listOf(params.guid));
  });

  router.handle(
    passkeyLoginOptions,
    async (c) => {
      const rp = relyingParty(c);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: CHALLENGE_TTL_SECONDS * 1000,
        userVerification: 'required',
      });
      await store(c).saveChallenge(options.challenge, 'authentication', null);
      c.header('Cache-Control', 'no-store');
      return { ...options };
    },
    { before: [throttleFirst((c) => `passkey-options:${clientAddress(c)}`, PASSKEY_OPTIONS_LIMIT)] },
  );

  router.handle(logInWithPasskey, async (c, { body }) => {
    const { db } = c.var.deps;
    const address = loginAddressKey(clientAddress(c));
    // Counted before the answer is checked, in one statement, as a password login is: a burst is cut at the limit.
    await refuseOver(c, [address, LOGIN_LIMITS.address]);

    const response = body.response as unknown as AuthenticationResponseJSON;
    const challenge = signedChallenge(response.response.clientDataJSON);
    const taken = challenge ? await store(c).takeChallenge(challenge, 'authentication') : null;
    if (!challenge || !taken) throw failed(401, 'Challenge unknown, used or expired');

    const passkey = await store(c).find(response.id);
    if (!passkey) {
      throw new HttpError(401, { code: PasskeyErrorCode.unknown, message: 'Passkey not known' });
    }
    // The authenticator says whose passkey it signed with: it must be the account the passkey is on.
    const handle = response.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userGuid))) {
      throw failed(401, 'The passkey belongs to another account');
    }
    const rp = relyingParty(c);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!verified.verified) throw new Error('Not verified');
      newCounter = verified.authenticationInfo.newCounter;
    } catch (error) {
      throw failed(401, error instanceof Error ? error.message : 'Not verified');
    }
    if (!(await store(c).recordUse(passkey.id, passkey.counter, newCounter))) {
      throw failed(401, 'The passkey was used by another login at the same moment');
    }

    const [user] = await db.select().from(users).where(eq(users.guid, passkey.userGuid));
    if (!user) throw new HttpError(401, { code: PasskeyErrorCode.unknown, message: 'No account' });
    // The passkey was right: the attempt is not one the limit is for.
    await c.var.deps.throttle.giveBack(address);
    if (user.status !== 'active') {
      throw new HttpError(401, { code: ErrorCode.accountInactive, message: 'Account not active' });
    }
    if (user.isDropShip) throw new HttpError(401, { code: ErrorCode.dropShip, message: 'Drop-and-ship account' });
    return openSession(c, user);
  });
}
