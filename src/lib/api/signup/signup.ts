import { http } from '../http.ts';
import { call } from '../call.ts';
import { customerDetailsSchema, type CustomerDetails } from '../account/contract.ts';
import {
  absoluteUriSchema,
  profileDetailsResponseSchema,
  shippingDetailsResponseSchema,
  shippingDetailsResultSchema,
  signupCheckResponseSchema,
  type ProfileDetailsRequest,
  type ProfileDetailsResponse,
  type ResolvePaymentUrlRequest,
  type ShippingDetailsResponse,
  type ShippingDetailsRequest,
  type ShippingDetailsResult,
  type SignupRequest,
} from './contract.ts';

/** Creates the account and logs the visitor in (step 1). */
export function signup(body: SignupRequest): Promise<CustomerDetails> {
  return call(customerDetailsSchema, () => http.post('signup', { json: body, retry: 0 }));
}

/** Whether an e-mail can sign up: resolves when free, fails with VEX001/VEX002 otherwise. */
export function checkEmail(email: string): Promise<{ available: true }> {
  return call(signupCheckResponseSchema, () => http.post('signup/check', { json: email, retry: 0 }));
}

export function resolvePaymentUrl(body: ResolvePaymentUrlRequest): Promise<{ absoluteUri: string }> {
  return call(absoluteUriSchema, () => http.post('signup/ResolvePaymentUrl', { json: body, retry: 0 }));
}

export function getProfileDetails(guid: string): Promise<ProfileDetailsResponse> {
  return call(profileDetailsResponseSchema, () => http.get(`account/${guid}/profiledetails`));
}

/** Step 1 for a logged-in user without mailboxes: completes the account. */
export function saveProfileDetails(guid: string, body: ProfileDetailsRequest): Promise<CustomerDetails> {
  return call(customerDetailsSchema, () => http.post(`account/${guid}/profiledetails`, { json: body, retry: 0 }));
}

export function getShippingDetails(guid: string): Promise<ShippingDetailsResponse> {
  return call(shippingDetailsResponseSchema, () => http.get(`account/${guid}/shippingdetails`));
}

export function saveShippingDetails(guid: string, body: ShippingDetailsRequest): Promise<ShippingDetailsResult> {
  return call(shippingDetailsResultSchema, () =>
    http.post(`account/${guid}/shippingdetails`, { json: body, retry: 0 }),
  );
}
