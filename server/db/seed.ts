/**
 * Demo data for a new database: the reference data of src/content/data and the demo personas
 * (README, "Demo accounts"), every one with the password Demo!2345.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Clock } from '../clock.ts';
import type { Db } from './database.ts';
import { loadReferenceData } from './reference-data.ts';
import {
  addresses,
  countries,
  countryRates,
  currencies,
  messages,
  offices,
  plans,
  requests,
  savedCards,
  shipments,
  users,
  type AddressService,
  type TrackingEvent,
} from './schema.ts';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../src/lib/reference/shipment-statuses.ts';

export const DEMO_PASSWORD = 'Demo!2345';

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

async function seedReferenceData(db: Db): Promise<void> {
  const data = loadReferenceData();
  await db.insert(countries).values(data.countries);
  await db
    .insert(plans)
    .values(
      data.plans.flatMap((cp) =>
        cp.plans.map((p, position) => ({ ...p, countryCode: cp.countryCode, position, amount: p.amount.toFixed(2) })),
      ),
    );
  await db
    .insert(offices)
    .values(data.offices.map((o) => ({ id: o.id, countryCode: o.countryCode, typeIds: o.typeIds, data: o })));
  await db.insert(currencies).values(data.currencies.map((c) => ({ ...c, usdRate: String(c.usdRate) })));
  await db.insert(countryRates).values(data.countryRates);
}

const SERVICES = (selected: boolean[]): AddressService[] =>
  ['SS001', 'SS002', 'SS008', 'SS009'].map((code, i) => ({ code, isSelected: selected[i] ?? false }));

/** Mailbox addresses in origin countries, as the warehouses there print them. */
const MAILBOXES = [
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
] as const;

const MERCHANTS = [
  'Northwind Outfitters',
  'Blue Harbor Books',
  'Pixel Parts Co.',
  'Cedar & Sage Home',
  'Atlas Sportswear',
  'Lumen Electronics',
];
const ITEMS = [
  'Running shoes',
  'Paperback books',
  'Phone case and charger',
  'Kitchen knives',
  'Winter jacket',
  'Wireless headphones',
  'Vitamins',
  'Toy building set',
];

function history(status: ShipmentStatus, origin: string, receivedAt: Date): TrackingEvent[] {
  const path = SHIPMENT_STATUSES.filter(
    (s) => s.progress <= status.progress && [1, 3, 13, 14, 15, 20, 22].includes(s.id),
  );
  const events = path.map((s, i) => ({
    statusId: s.id,
    status: s.name,
    location: i < 2 ? origin : 'Amman',
    at: new Date(receivedAt.getTime() + i * DAY).toISOString(),
  }));
  if (!events.some((e) => e.statusId === status.id)) {
    events.push({
      statusId: status.id,
      status: status.name,
      location: origin,
      at: new Date(receivedAt.getTime() + events.length * DAY).toISOString(),
    });
  }
  return events;
}

function persona(
  guid: string,
  passwordHash: string,
  fields: Partial<typeof users.$inferInsert> & Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName'>,
) {
  return {
    guid,
    passwordHash,
    status: 'active' as const,
    countryCode: 'JO',
    city: 'Amman',
    entity: 'AMM',
    streetAddressLine1: '14 Mecca Street',
    streetAddressLine2: 'Building 3, Apartment 12',
    zipCode: '11183',
    mobile: '+962791234567',
    birthDate: '1990-04-18',
    gender: 'Female' as const,
    nationality: 'JO',
    hasMailboxes: true,
    confirmedAgreement: true,
    ...fields,
  };
}

async function seedPersonas(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = {
    demo: randomUUID(),
    incomplete: randomUUID(),
    deactivated: randomUUID(),
    dropship: randomUUID(),
    agreement: randomUUID(),
    idrequired: randomUUID(),
  };
  await db.insert(users).values([
    persona(ids.demo, passwordHash, {
      email: 'demo@example.com',
      firstName: 'Dana',
      lastName: 'Haddad',
      planId: 2,
      planStartDate: isoDate(new Date(now.getTime() - 100 * DAY)),
      planExpiryDate: isoDate(new Date(now.getTime() + 265 * DAY)),
      planAutoRenewal: true,
      paymentMethod: 1,
      idType: 'Passport',
      idTypeValue: 'N1234567',
      idUploaded: true,
    }),
    persona(ids.incomplete, passwordHash, {
      email: 'incomplete@example.com',
      firstName: 'Omar',
      lastName: 'Khalil',
      gender: 'Male',
      hasMailboxes: false,
      confirmedAgreement: false,
    }),
    persona(ids.deactivated, passwordHash, {
      email: 'deactivated@example.com',
      firstName: 'Lina',
      lastName: 'Saleh',
      status: 'deactivated',
    }),
    persona(ids.dropship, passwordHash, {
      email: 'dropship@example.com',
      firstName: 'Sami',
      lastName: 'Nasser',
      gender: 'Male',
      isDropShip: true,
    }),
    persona(ids.agreement, passwordHash, {
      email: 'agreement@example.com',
      firstName: 'Rana',
      lastName: 'Aziz',
      confirmedAgreement: false,
      countryCode: 'AE',
      city: 'Dubai',
      entity: 'DXB',
      zipCode: null,
    }),
    persona(ids.idrequired, passwordHash, {
      email: 'idrequired@example.com',
      firstName: 'Yousef',
      lastName: 'Mansour',
      gender: 'Male',
      countryCode: 'SA',
      city: 'Riyadh',
      entity: 'RUH',
      zipCode: '12211',
      idMandatory: true,
      idUploaded: false,
      idDetailsMandatory: true,
    }),
  ]);

  const mailboxRows = (userGuid: string, number: string, count: number, name: string) =>
    MAILBOXES.slice(0, count).map((m, i) => ({
      userGuid,
      alias: m.alias,
      entity: m.entity,
      countryCode: m.countryCode,
      streetAddressLine1: m.street,
      streetAddressLine2: `Suite ${number}`,
      city: m.city,
      state: m.state,
      zipCode: m.zip,
      telephone: m.phone,
      mailBoxCustomerEntity: 'AMM',
      mailBoxCustomerNumber: `${name}/${number}`,
      services: SERVICES([true, i % 2 === 0, i % 3 === 0, false]),
    }));
  await db
    .insert(addresses)
    .values([
      ...mailboxRows(ids.demo, 'AMM 104582', 6, 'Dana Haddad'),
      ...mailboxRows(ids.agreement, 'DXB 208811', 2, 'Rana Aziz'),
      ...mailboxRows(ids.idrequired, 'RUH 309274', 3, 'Yousef Mansour'),
    ]);

  // 32 packages of the demo customer, across statuses and origins; three with charges to pay.
  const owned = Array.from({ length: 32 }, (_, i) => {
    const status = SHIPMENT_STATUSES[i % SHIPMENT_STATUSES.length]!;
    const origin = MAILBOXES[i % MAILBOXES.length]!;
    const receivedAt = new Date(now.getTime() - (40 - i) * DAY);
    const due = i < 3;
    return {
      awb: `SB${String(7_000_100 + i)}`,
      hawbId: 500_000 + i,
      foreignAwb: `1Z${String(880_000_000 + i * 7919)}`,
      userGuid: ids.demo,
      customerId: 104_582,
      originCountryCode: origin.countryCode,
      originEntity: origin.entity,
      destEntity: 'AMM',
      merchant: MERCHANTS[i % MERCHANTS.length]!,
      description: ITEMS[i % ITEMS.length]!,
      weightKg: (0.4 + (i % 9) * 0.55).toFixed(2),
      currentStatus: due ? 'Held at customs' : status.name,
      lastPi: due ? 18 : status.id,
      trackingProgress: due ? 75 : status.progress,
      currency: 'USD',
      customsDuty: due ? (12 + i * 3.5).toFixed(2) : '0',
      importVat: due ? (8 + i * 2.25).toFixed(2) : '0',
      customsDeclaredValue: (45 + i * 12).toFixed(2),
      customsDeclaredCurrency: 'USD',
      charges: due
        ? { shipping: (14.5 + i).toFixed(2), services: '2.00', tax: '1.60', customs: (20 + i * 5.75).toFixed(2) }
        : null,
      chargesPaid: !due,
      history: history(due ? { id: 18, name: 'Held at customs', progress: 75 } : status, origin.city, receivedAt),
      receivedAt,
    };
  });
  // Shipments of nobody in particular, one per status, for public tracking.
  const unowned = SHIPMENT_STATUSES.map((status, i) => {
    const origin = MAILBOXES[i % MAILBOXES.length]!;
    const receivedAt = new Date(now.getTime() - (20 - i) * DAY);
    return {
      awb: `SB${String(9_000_100 + i)}`,
      hawbId: 600_000 + i,
      foreignAwb: `TBA${String(44_000_000 + i * 313)}`,
      userGuid: null,
      customerId: status.id === 4 ? 0 : 200_000 + i,
      originCountryCode: origin.countryCode,
      originEntity: origin.entity,
      destEntity: 'AMM',
      merchant: MERCHANTS[i % MERCHANTS.length]!,
      description: ITEMS[i % ITEMS.length]!,
      weightKg: (1 + i * 0.3).toFixed(2),
      currentStatus: status.name,
      lastPi: status.id,
      trackingProgress: status.progress,
      customsDeclaredValue: status.id === 6 ? null : (60 + i * 9).toFixed(2),
      customsDeclaredCurrency: status.id === 6 ? null : 'USD',
      history: history(status, origin.city, receivedAt),
      receivedAt,
    };
  });
  await db.insert(shipments).values([...owned, ...unowned]);

  const subjects = [
    [
      'Your package has arrived at our New York warehouse',
      'We received a package from Northwind Outfitters at your New York address. It will leave on the next flight to Amman.',
    ],
    [
      'Customs charges are due',
      'A shipment is held at customs until the duty and import VAT are paid. Pay them from Pending payments to release it.',
    ],
    [
      'Your Flex membership renews soon',
      'Your Flex annual membership renews automatically. You can change auto-renewal from the membership page.',
    ],
    ['New office opening hours', 'Our Amman reception now opens on Saturdays from 10:00 to 18:00.'],
    [
      'Your request has been answered',
      'We have replied to your request about a shipment from London. Open the request to read the reply.',
    ],
  ] as const;
  await db.insert(messages).values(
    Array.from({ length: 16 }, (_, i) => {
      const [subject, body] = subjects[i % subjects.length]!;
      return {
        guid: randomUUID(),
        userGuid: ids.demo,
        subject,
        body,
        isRead: i >= 5,
        createdAt: new Date(now.getTime() - i * 2 * DAY),
      };
    }),
  );

  await db.insert(requests).values([
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240117',
      categoryId: 562,
      status: 1,
      statusDesc: 'Open',
      subject: 'Where is my package?',
      description: 'My package from London shows no update for five days.',
      externalString: 'SB7000104',
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240231',
      categoryId: 563,
      status: 2,
      statusDesc: 'In progress',
      subject: 'Change my mobile number',
      description: 'Please update my mobile number to the new one in my profile.',
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240388',
      categoryId: 830,
      subCategory: 830,
      status: 1,
      statusDesc: 'Open',
      subject: 'Damaged item',
      description: 'The headphones arrived with a cracked case.',
      externalString: 'SB7000107',
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-239902',
      categoryId: 559,
      status: 3,
      statusDesc: 'Closed',
      subject: 'Activate my Istanbul mailbox',
      description: 'Please activate my mailbox in Turkey.',
      closeCase: true,
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240415',
      categoryId: 562,
      status: 2,
      statusDesc: 'In progress',
      subject: 'Customs documents',
      description: 'Which invoice do you need for the shipment held at customs?',
      externalString: 'SB7000100',
    },
  ]);

  await db.insert(savedCards).values({
    userGuid: ids.demo,
    providerToken: 'sandbox_tok_demo_visa',
    type: '1',
    first6Digits: '411111',
    last4Digits: '1111',
    expiryDate: `12${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
    name: 'Dana Haddad',
    isDefault: true,
  });
}

/** Seeds a database that has no users yet; returns whether it did. */
export async function seedIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // All or nothing: a start that dies half way seeds again next time.
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedReferenceData(t);
    await seedPersonas(t, clock());
  });
  return true;
}
