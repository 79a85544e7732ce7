/**
 * The wallet calls (spec 2 §7 Wallet, v1 AutoPayOptions, options/notifications). The balance and the statement
 * are asked for once per page (spec 2 §7: cached, the statement loaded lazily); everything else answers what the
 * change left, so the page shows the server's word.
 */
import { http } from '../http.ts';
import { call } from '../call.ts';
import { walletContentSchema, type WalletContent } from '../payments/contract.ts';
import {
  autoPayOptionsSchema,
  cardTokenResponseSchema,
  thirdPartySessionResponseSchema,
  userOptionsSchema,
  walletBalanceSchema,
  walletChangeSchema,
  walletTransactionsSchema,
  type AddCardRequest,
  type AutoPayOptions,
  type CardTokenResponse,
  type SetAutoPayRequest,
  type ThirdPartySessionRequest,
  type UserOptions,
  type WalletBalance,
  type WalletChange,
  type WalletTransaction,
} from './contract.ts';

const wallet = (guid: string) => `account/${guid}/wallet`;
const once = new Map<string, Promise<unknown>>();

/** The same request's answer for the rest of the page (a failure is forgotten, so it can be asked again). */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let promise = once.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load();
    once.set(key, promise);
    promise.catch(() => once.delete(key));
  }
  return promise;
}

export function getWalletBalance(guid: string): Promise<WalletBalance> {
  return cached(`balance:${guid}`, () => call(walletBalanceSchema, () => http.get(wallet(guid))));
}

export function getWalletTransactions(guid: string): Promise<WalletTransaction[]> {
  return cached(`transactions:${guid}`, () =>
    call(walletTransactionsSchema, () => http.get(`${wallet(guid)}/transactions`)),
  );
}

export function getWalletOptions(guid: string): Promise<WalletContent> {
  return call(walletContentSchema, () => http.get(`${wallet(guid)}/content`));
}

/** The provider's frame to verify the card in, or html null: add it directly. */
export function getCardToken(guid: string, card: AddCardRequest): Promise<CardTokenResponse> {
  return call(cardTokenResponseSchema, () =>
    http.post(`${wallet(guid)}/content/cc/peach/gettoken`, { json: card, retry: 0 }),
  );
}

export function addCard(guid: string, card: AddCardRequest): Promise<WalletChange> {
  return call(walletChangeSchema, () => http.post(`${wallet(guid)}/content/cc`, { json: card, retry: 0 }));
}

export type OptionKind = 'cc' | '3rdparty';

export function setDefaultOption(guid: string, kind: OptionKind, id: number): Promise<WalletChange> {
  return call(walletChangeSchema, () =>
    http.post(`${wallet(guid)}/content/${kind}/setDefault`, { json: { id }, retry: 0 }),
  );
}

export function deleteOption(guid: string, kind: OptionKind, id: number): Promise<WalletChange> {
  return call(walletChangeSchema, () =>
    http.post(`${wallet(guid)}/content/${kind}/delete`, { json: { id }, retry: 0 }),
  );
}

/** Where to send the browser to approve a third-party account. */
export function startThirdPartySession(guid: string, body: ThirdPartySessionRequest): Promise<string> {
  return call(thirdPartySessionResponseSchema, () =>
    http.post(`${wallet(guid)}/content/3rdparty/generatesession`, { json: body, retry: 0 }),
  ).then((r) => r.redirectURL);
}

export function addThirdPartyAccount(guid: string, token: string): Promise<WalletChange> {
  return call(walletChangeSchema, () => http.post(`${wallet(guid)}/content/3rdparty`, { json: { token }, retry: 0 }));
}

export function getAutoPayOptions(guid: string): Promise<AutoPayOptions> {
  return call(autoPayOptionsSchema, () => http.get(`v1/account/${guid}/AutoPayOptions`));
}

export function setAutoPayOptions(guid: string, body: SetAutoPayRequest): Promise<AutoPayOptions> {
  return call(autoPayOptionsSchema, () => http.post(`v1/account/${guid}/AutoPayOptions`, { json: body, retry: 0 }));
}

export function getUserOptions(guid: string): Promise<UserOptions> {
  return call(userOptionsSchema, () => http.get(`account/${guid}/options/notifications`));
}

export function setUserOptions(guid: string, options: UserOptions): Promise<UserOptions> {
  return call(userOptionsSchema, () => http.post(`account/${guid}/options/notifications`, { json: options, retry: 0 }));
}
