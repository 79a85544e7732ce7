/**
 * A refusal by a business rule, thrown by domain modules (payments, wallet, mailboxes…) that know nothing of HTTP.
 * It names what kind of refusal it is and the code the customer's message comes from; the API's edge
 * (server/api/router.ts) answers it with the matching status.
 */
export type RefusalKind = 'invalid' | 'not-found' | 'conflict' | 'unprocessable';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly kind: RefusalKind;
  readonly code: string;

  constructor(kind: RefusalKind, code: string, message: string) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}
