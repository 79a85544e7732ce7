/**
 * Why a payment provider refused or did not finish a payment, as the product names it. A provider's adapter
 * answers one of these codes with its own words (server/payments/provider.ts); the words go to logs and support,
 * and the customer reads the code's message in their language (spec 2 §8: the gateway's message, else errors.500).
 */

export const GATEWAY_CODES = [
  /** The bank declined the card. */
  'declined',
  'insufficient_funds',
  /** 3-D Secure was failed or not done. */
  'authentication_failed',
  'expired_card',
  /** The security code does not match the card. */
  'incorrect_cvc',
  /** The name, number or expiry date can't be right. */
  'invalid_card',
  /** A card type the provider doesn't take. */
  'unsupported_card',
  /** The customer has not finished on the provider's page or frame yet. */
  'incomplete',
  /** The customer cancelled, or the payment was closed before it was paid. */
  'cancelled',
  /** Anything else on the provider's side. */
  'processing_error',
] as const;

export type GatewayCode = (typeof GATEWAY_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(GATEWAY_CODES);

export function isGatewayCode(code: unknown): code is GatewayCode {
  return typeof code === 'string' && KNOWN.has(code);
}

/**
 * The catalogue key of a provider's code; an unknown or missing code is the generic payment error. The keys are
 * the catalogue's `gateway` part: an island that shows them loads it.
 */
export function gatewayMessageKey(code: string | null | undefined): string {
  return isGatewayCode(code) ? `gateway.${code}` : 'errors.500';
}
