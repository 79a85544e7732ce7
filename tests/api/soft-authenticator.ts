/**
 * A software authenticator for the API tests: it makes ES256 passkeys and signs WebAuthn answers as a browser
 * with a platform authenticator would send them (RegistrationResponseJSON, AuthenticationResponseJSON), for any
 * origin the test names, so a test can answer from the wrong origin, replay an answer or turn the counter back.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const b64u = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const u32 = (n: number) => Uint8Array.of((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials = new Map<string, Credential>();
  /** Whether the signature counter counts (platform passkeys often keep it at 0). */
  private readonly counts: boolean;

  constructor(options: { counts?: boolean } = {}) {
    this.counts = options.counts ?? true;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Makes a passkey for the options of navigator.credentials.create(). */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
    rpId = options.rp.id ?? new URL(origin).hostname,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idBytes = new Uint8Array(randomBytes(16));
    const id = b64u(idBytes);
    const counter = this.counts ? 1 : 0;
    this.credentials.set(id, { id, privateKey, userHandle: options.user.id, counter });
    const authData = concat(
      sha256(rpId),
      Uint8Array.of(FLAG_UP | FLAG_UV | FLAG_AT),
      u32(counter),
      new Uint8Array(16),
      Uint8Array.of(0, idBytes.length),
      idBytes,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Signs the options of navigator.credentials.get() with one of its passkeys (the first one by default). */
  authenticate(
    options: { challenge: string; rpId?: string },
    origin: string,
    choose: { id?: string; rpId?: string; counter?: number; userHandle?: string } = {},
  ) {
    const credential = choose.id ? this.credentials.get(choose.id) : [...this.credentials.values()][0];
    if (!credential) throw new Error('no passkey');
    if (this.counts) credential.counter += 1;
    const counter = choose.counter ?? credential.counter;
    const rpId = choose.rpId ?? options.rpId ?? new URL(origin).hostname;
    const authData = concat(sha256(rpId), Uint8Array.of(FLAG_UP | FLAG_UV), u32(counter));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(new Uint8Array(signature)),
        userHandle: choose.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
