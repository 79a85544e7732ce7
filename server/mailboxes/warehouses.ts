/**
 * The warehouses behind the mailbox addresses, one per origin country (countries with `hasAddresses`), from
 * src/content/data/warehouses.json. They print a customer's address in Latin script, the customer's mailbox
 * number on the second street line; the mailbox's name (`alias`) has a name per language for the pages.
 */
import { pickLang, type Lang } from '../../src/i18n/languages.ts';
import type { Warehouse } from '../../src/lib/reference/schemas.ts';
import type { AddressService } from '../db/schema.ts';
import { loadWarehouses } from '../db/reference-data.ts';

export type { Warehouse };

/** The first six are the demo customer's mailboxes (server/dev/seed.ts), in this order. */
export const WAREHOUSES: readonly Warehouse[] = loadWarehouses();

const byEntity = new Map(WAREHOUSES.map((w) => [w.entity, w]));

/** The warehouse an origin entity ships from, if it is one. */
export const warehouseOf = (entity: string): Warehouse | undefined => byEntity.get(entity.toUpperCase());

/** The mailbox's name in `lang` for the warehouse of `entity`; undefined for an entity that is none. */
export function warehouseName(entity: string, lang: Lang): string | undefined {
  const warehouse = warehouseOf(entity);
  return warehouse && pickLang(lang, warehouse.alias);
}

/** The services every mailbox offers (spec 2 §9): wallet SS001, AutoPay SS002, service SS008, location SS009. */
export const MAILBOX_SERVICE_CODES = ['SS001', 'SS002', 'SS008', 'SS009'] as const;

export const mailboxServices = (selected: readonly boolean[] = []): AddressService[] =>
  MAILBOX_SERVICE_CODES.map((code, i) => ({ code, isSelected: selected[i] ?? false }));

export interface MailboxOwner {
  userGuid: string;
  /** The customer's name as the mailbox prints it before the '/'. */
  name: string;
  /** The customer's own entity (their local office). */
  entity: string;
  /** The customer number, e.g. 'AMM 104582'. */
  number: string;
}

/** The address rows of a customer's mailbox in each of `warehouses`. */
export function mailboxRows(owner: MailboxOwner, warehouses: readonly Warehouse[]) {
  return warehouses.map((w) => ({
    userGuid: owner.userGuid,
    alias: w.alias.en,
    entity: w.entity,
    countryCode: w.countryCode,
    streetAddressLine1: w.street,
    streetAddressLine2: `Suite ${owner.number}`,
    city: w.city.en,
    state: w.state,
    zipCode: w.zip,
    telephone: w.phone,
    mailBoxCustomerEntity: owner.entity,
    mailBoxCustomerNumber: `${owner.name}/${owner.number}`,
    services: mailboxServices(),
  }));
}
