import { http } from '../http.ts';
import { call } from '../call.ts';
import { ApiError } from '../errors.ts';
import {
  CONTACT_EXISTS,
  subscriptionsResponseSchema,
  type MarketingContact,
  type Subscription,
  type SubscriptionChange,
} from './contract.ts';
import { z } from '../../zod.ts';

const anything = z.unknown();

function createContact(contact: MarketingContact): Promise<unknown> {
  return call(anything, () => http.post('v1/emarsysContact', { json: contact, retry: 0 }));
}

function updateContact(contact: MarketingContact): Promise<unknown> {
  return call(anything, () => http.put('v1/emarsysContact', { json: contact, retry: 0 }));
}

/**
 * Creates the marketing contact, or updates it when the e-mail already has one (spec 2 §7: error 2009 on
 * create means update instead).
 */
export async function saveMarketingContact(contact: MarketingContact): Promise<void> {
  try {
    await createContact(contact);
  } catch (error) {
    if (error instanceof ApiError && error.code === CONTACT_EXISTS) {
      await updateContact(contact);
      return;
    }
    throw error;
  }
}

/** Updates the contact (payment step, profile); a contact that doesn't exist yet is created. */
export async function updateMarketingContact(contact: MarketingContact): Promise<void> {
  try {
    await updateContact(contact);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await createContact(contact);
      return;
    }
    throw error;
  }
}

export function getSubscriptions(guid: string): Promise<Subscription[]> {
  return call(subscriptionsResponseSchema, () => http.get(`customers/${guid}/subscriptions`));
}

export function changeSubscriptions(guid: string, changes: SubscriptionChange[]): Promise<Subscription[]> {
  return call(subscriptionsResponseSchema, () =>
    http.put(`customers/${guid}/subscriptions`, { json: changes, retry: 0 }),
  );
}
