/**
 * The warehouses behind the mailbox addresses, one per origin country (countries with `hasAddresses`), as they
 * print a customer's address: the customer's mailbox number goes on the second street line.
 */
import type { AddressService } from '../db/schema.ts';

export interface Warehouse {
  countryCode: string;
  /** The origin entity (airport-style code) the warehouse ships from. */
  entity: string;
  alias: string;
  street: string;
  city: string;
  state: string | null;
  zip: string | null;
  phone: string;
}

/** The first six are the demo customer's mailboxes (server/dev/seed.ts), in this order. */
export const WAREHOUSES: readonly Warehouse[] = [
  {
    countryCode: 'US',
    entity: 'NYC',
    alias: 'New York',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    street: '350 W 31st St',
    phone: '+1 212 555 0143',
  },
  {
    countryCode: 'GB',
    entity: 'LON',
    alias: 'London',
    city: 'London',
    state: null,
    zip: 'TW6 3FX',
    street: 'Unit 4, Heathrow Logistics Park',
    phone: '+44 20 7946 0321',
  },
  {
    countryCode: 'CN',
    entity: 'CAN',
    alias: 'Guangzhou',
    city: 'Guangzhou',
    state: 'Guangdong',
    zip: '510000',
    street: '88 Huangpu Avenue West',
    phone: '+86 20 3890 1122',
  },
  {
    countryCode: 'TR',
    entity: 'IST',
    alias: 'Istanbul',
    city: 'Istanbul',
    state: null,
    zip: '34149',
    street: 'Yesilkoy Mah. Havaalani Cad. 12',
    phone: '+90 212 555 0177',
  },
  {
    countryCode: 'AE',
    entity: 'DXB',
    alias: 'Dubai',
    city: 'Dubai',
    state: null,
    zip: null,
    street: 'Warehouse 7, Dubai Logistics City',
    phone: '+971 4 555 0199',
  },
  {
    countryCode: 'DE',
    entity: 'FRA',
    alias: 'Frankfurt',
    city: 'Frankfurt am Main',
    state: 'Hesse',
    zip: '60549',
    street: 'Cargo City Sued, Gebaeude 560',
    phone: '+49 69 5550 1820',
  },
  {
    countryCode: 'IN',
    entity: 'BOM',
    alias: 'Mumbai',
    city: 'Mumbai',
    state: 'Maharashtra',
    zip: '400099',
    street: 'Unit 12, Sahar Cargo Complex, Andheri East',
    phone: '+91 22 5550 1734',
  },
  {
    countryCode: 'HK',
    entity: 'HKG',
    alias: 'Hong Kong',
    city: 'Hong Kong',
    state: null,
    zip: null,
    street: '12/F, Air Cargo Logistics Centre, 11 Chun Ying Street, Tseung Kwan O',
    phone: '+852 2555 0163',
  },
  {
    countryCode: 'IT',
    entity: 'MIL',
    alias: 'Milan',
    city: 'Milan',
    state: 'Lombardy',
    zip: '20138',
    street: 'Via Fantoli 7',
    phone: '+39 02 5550 1422',
  },
  {
    countryCode: 'ES',
    entity: 'BCN',
    alias: 'Barcelona',
    city: 'Barcelona',
    state: 'Catalonia',
    zip: '08040',
    street: 'Carrer 60, 19, Zona Franca',
    phone: '+34 93 555 0187',
  },
  {
    countryCode: 'FR',
    entity: 'PAR',
    alias: 'Paris',
    city: 'Roissy-en-France',
    state: 'Île-de-France',
    zip: '95700',
    street: '5 Rue du Te, Zone de Fret 4',
    phone: '+33 1 5550 1290',
  },
  {
    countryCode: 'ZA',
    entity: 'JNB',
    alias: 'Johannesburg',
    city: 'Kempton Park',
    state: 'Gauteng',
    zip: '1619',
    street: '14 Electron Avenue, Isando',
    phone: '+27 11 555 0148',
  },
  {
    countryCode: 'SG',
    entity: 'SIN',
    alias: 'Singapore',
    city: 'Singapore',
    state: null,
    zip: '819827',
    street: '9 Airline Road, Cargo Agents Building D',
    phone: '+65 6555 0172',
  },
];

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
    alias: w.alias,
    entity: w.entity,
    countryCode: w.countryCode,
    streetAddressLine1: w.street,
    streetAddressLine2: `Suite ${owner.number}`,
    city: w.city,
    state: w.state,
    zipCode: w.zip,
    telephone: w.phone,
    mailBoxCustomerEntity: owner.entity,
    mailBoxCustomerNumber: `${owner.name}/${owner.number}`,
    services: mailboxServices(),
  }));
}
