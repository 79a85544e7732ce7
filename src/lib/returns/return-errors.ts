/** What the return wizard shows for a failed call: translation keys for the form and its fields (spec 2 §8). */
import { ApiError } from '../api/errors.ts';
import { ReturnErrorCode } from '../api/returns/contract.ts';
import type { ReturnStep } from './return-draft.ts';

/** Why the return page can't be shown (the prefill failed). */
export function loadFailureKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.500';
  if (error.code === ReturnErrorCode.exists) return 'return.alreadyReturned';
  if (error.code === ReturnErrorCode.notDelivered) return 'return.notReturnable';
  if (error.status === 404) return 'return.notFound';
  return error.messageKey;
}

/** The pickup step's fields the API names, with the message each gets. */
const PICKUP_FIELDS: Record<string, { field: string; key: string }> = {
  'pickupTimeDetails.pickupDate': { field: 'pickupDate', key: 'return.validation.pickupWindow' },
  'pickupTimeDetails.readyTime': { field: 'readyTime', key: 'return.validation.readyTimePassed' },
  'pickupTimeDetails.latestTime': { field: 'latestTime', key: 'return.validation.latestTime' },
  amount: { field: 'amount', key: 'return.validation.lowValueLimit' },
  weight: { field: 'weight', key: 'return.validation.weight' },
  contentDescription: { field: 'contentDescription', key: 'return.validation.description' },
};

export interface SubmitFailure {
  /** Always errors.shipmentReturnFailed (spec 2 §8), then why, when known. */
  keys: string[];
  /** Pickup fields to mark. */
  fields: { field: string; key: string }[];
  /** An earlier step whose address the API refused. */
  step: ReturnStep | null;
}

export function submitFailure(error: unknown): SubmitFailure {
  const failure: SubmitFailure = { keys: ['errors.shipmentReturnFailed'], fields: [], step: null };
  if (!(error instanceof ApiError)) return failure;
  const names = Object.keys(error.fieldErrors);
  if (names.some((n) => n.startsWith('pickupAddress.'))) failure.step = 'address-from';
  else if (names.some((n) => n.startsWith('deliveryAddress.'))) failure.step = 'address-to';
  if (error.code === ReturnErrorCode.invalidAddress) failure.keys.push('errors.invalidAddress');
  else if (error.code === ReturnErrorCode.noRoute) failure.keys.push('return.error.noRoute');
  else if (error.code === ReturnErrorCode.notDelivered || error.code === ReturnErrorCode.exists) {
    failure.keys.push('return.notReturnable');
  } else if (error.status === 400) {
    failure.fields = names.flatMap((n) => (PICKUP_FIELDS[n] ? [PICKUP_FIELDS[n]] : []));
    if (failure.step) failure.keys.push('return.error.checkAddress');
  } else if (error.status === 0 || error.status === 401) {
    failure.keys.push(error.messageKey);
  }
  return failure;
}
