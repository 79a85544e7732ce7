import { call } from '../call.ts';
import { ApiError } from '../errors.ts';
import { CONTACT_EXISTS, createContact, updateContact, type MarketingContact } from './contract.ts';

/**
 * Creates the marketing contact, or updates it when the e-mail already has one (spec 2 §7: error 2009 on
 * create means update instead).
 */
export async function saveMarketingContact(contact: MarketingContact): Promise<void> {
  try {
    await call(createContact, { body: contact });
  } catch (error) {
    if (error instanceof ApiError && error.code === CONTACT_EXISTS) {
      await call(updateContact, { body: contact });
      return;
    }
    throw error;
  }
}

/** Updates the contact (payment step, profile); a contact that doesn't exist yet is created. */
export async function updateMarketingContact(contact: MarketingContact): Promise<void> {
  try {
    await call(updateContact, { body: contact });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await call(createContact, { body: contact });
      return;
    }
    throw error;
  }
}
