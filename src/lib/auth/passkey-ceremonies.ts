/**
 * The browser's side of passkeys: the WebAuthn ceremonies through @simplewebauthn/browser. This module and the
 * library load only when a ceremony starts (`import()`; the login page and the profile don't carry them before, see
 * ./passkey-support.ts). Each asks the API for options with a fresh challenge, lets the browser and authenticator
 * answer, and sends the answer back.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { call } from '../api/call.ts';
import type { authenticationResponseSchema, registrationResponseSchema } from '../api/passkeys/contract.ts';
import {
  addPasskey,
  logInWithPasskey,
  passkeyCreationOptions,
  passkeyLoginOptions,
  type Passkey,
} from '../api/passkeys/contract.ts';
import type { z } from '../zod.ts';
import type { LoginResponse } from '../api/session/contract.ts';

/**
 * The browser's answers as the contract types them: the same JSON, declared there as open objects (a browser may
 * add fields) where @simplewebauthn/browser declares closed interfaces.
 */
type AuthenticationAnswer = z.infer<typeof authenticationResponseSchema>;
type RegistrationAnswer = z.infer<typeof registrationResponseSchema>;

/**
 * A login with a passkey: from a button (`autofill` false), or waiting in the e-mail field's autofill until the
 * customer picks a passkey there (`autofill` true). Resolves with the login answer once the API accepts it.
 */
export async function logInWithAPasskey(autofill: boolean): Promise<LoginResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  try {
    optionsJSON = (await call(passkeyLoginOptions)) as PublicKeyCredentialRequestOptionsJSON;
  } catch (error) {
    // The autofill is offered on every visit, unasked: if it can't start, the page says nothing of it.
    if (autofill) throw new DOMException('The passkey autofill could not start', 'AbortError');
    throw error;
  }
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return call(logInWithPasskey, { body: { response: response as unknown as AuthenticationAnswer } });
}

/** Adds a passkey made by this device's authenticator (or a phone's, by QR code) under a name. */
export async function addAPasskey(guid: string, name: string): Promise<Passkey[]> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = (await call(passkeyCreationOptions, {
    params: { guid },
  })) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON });
  return call(addPasskey, {
    params: { guid },
    body: { name, response: response as unknown as RegistrationAnswer },
  });
}
