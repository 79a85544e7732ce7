/**
 * The membership payment calls (spec 2 §7 Subscription payments). Calls that start or take a payment send an
 * Idempotency-Key: the checkout makes one key per attempt and sends it again on a retry of the same attempt, so
 * a double click or a replay charges once.
 */
import { z } from '../../zod.ts';
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  IDEMPOTENCY_HEADER,
  absoluteUriSchema,
  decryptResponseSchema,
  membershipResponseSchema,
  membershipStateSchema,
  paymentOptionsResponseSchema,
  paymentResultSchema,
  promoResponseSchema,
  tokenResponseSchema,
  visaConfigSchema,
  walletContentSchema,
  type DecryptResponse,
  type MembershipResponse,
  type MembershipState,
  type PaymentOption,
  type PaymentPayload,
  type PaymentResult,
  type PixelInfo,
  type PromoRequest,
  type PromoResponse,
  type TokenPrepareRequest,
  type TokenResponse,
  type VisaConfig,
  type WalletContent,
} from './contract.ts';

/** A fresh idempotency key for one payment attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key }, retry: 0 });

export function getPaymentOptions(countryCode: string, currencyCode: string): Promise<PaymentOption[]> {
  return call(paymentOptionsResponseSchema, () =>
    http.get(`v1/countries/${countryCode}/PaymentOptions`, { searchParams: { currencyCode } }),
  );
}

/** Saved cards and third-party wallet accounts. */
export function getWalletContent(guid: string): Promise<WalletContent> {
  return call(walletContentSchema, () => http.get(`account/${guid}/wallet/content`));
}

export function applyPromo(body: PromoRequest): Promise<PromoResponse> {
  return call(promoResponseSchema, () => http.post('v1/account/subscription/applypromo', { json: body, retry: 0 }));
}

export type TokenRoute = 'card' | 'paypal' | 'sadad' | 'knet' | 'peach';

/** Prepares a payment with a method: a card token, a provider redirect or a card frame. */
export function getPaymentToken(
  guid: string,
  route: TokenRoute,
  body: TokenPrepareRequest,
  key: string,
): Promise<TokenResponse> {
  return call(tokenResponseSchema, () => http.post(`payment/${guid}/${route}/gettoken`, { json: body, ...keyed(key) }));
}

export type PayCall =
  | 'payUsingNewCard'
  | 'payUsingExistingCard'
  | 'payUsingNewThirdParty'
  | 'payUsingExistingThirdParty'
  | 'payUsingVisaCheckout'
  | 'payUsingPeach';

export function pay(callName: PayCall, body: PaymentPayload, key: string): Promise<PaymentResult> {
  return call(paymentResultSchema, () =>
    http.post(`v1/account/subscription/${callName}`, { json: body, ...keyed(key) }),
  );
}

/** The generic pay call (Sadad and Knet returns). */
export function payGeneric(guid: string, body: PaymentPayload, key: string): Promise<PaymentResult> {
  return call(paymentResultSchema, () => http.post(`payment/${guid}/subscription/pay`, { json: body, ...keyed(key) }));
}

export function getVisaConfig(): Promise<VisaConfig> {
  return call(visaConfigSchema, () => http.get('shareddata/getvisaconfig'));
}

export function decryptPaymentData(guid: string, encryptKey: string, paymentData: string): Promise<DecryptResponse> {
  return call(decryptResponseSchema, () =>
    http.post(`payment/${guid}/decryptpaymentdata`, {
      json: { EncryptKey: encryptKey, PaymentData: paymentData },
      retry: 0,
    }),
  );
}

export function updatePixelInfo(guid: string, body: PixelInfo): Promise<unknown> {
  return call(z.unknown(), () => http.post(`payment/${guid}/vcupdatepixelinfo`, { json: body, retry: 0 }));
}

export function getMembership(guid: string): Promise<MembershipState> {
  return call(membershipStateSchema, () => http.get(`v1/account/${guid}/membership`));
}

/** Turns the plan's auto-renewal on or off. */
export function setAutoRenewal(guid: string, autoRenewal: boolean): Promise<MembershipResponse> {
  return call(membershipResponseSchema, () =>
    http.post(`v1/account/${guid}/membership`, { searchParams: { autorenewal: String(autoRenewal) }, retry: 0 }),
  );
}

/** The payment page of an upgrade to `planId`. */
export function resolveMembershipPaymentUrl(currencyCode: string, planId: number, lang: 'en' | 'ar'): Promise<string> {
  return call(absoluteUriSchema, () =>
    http.post('account/ResolvePaymentUrl', { searchParams: { currencyCode, planID: planId, lang }, retry: 0 }),
  ).then((r) => r.absoluteUri);
}
