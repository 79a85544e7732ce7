/**
 * Demo data for a new database (a dev tool, like the demo customers beside it): the reference data of
 * src/content/data and the demo personas (README, "Demo accounts"), every one with the password Demo!2345.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { writeReferenceData } from '../db/reference-data.ts';
import {
  addresses,
  marketingContacts,
  messages,
  requests,
  promoCodes,
  savedCards,
  shipments,
  subscriptions,
  users,
  walletTransactions,
  type TrackingEvent,
} from '../db/schema.ts';
import { WAREHOUSES, mailboxRows, mailboxServices } from '../mailboxes/warehouses.ts';
import { serviceMessage } from '../messages/service-messages.ts';
import { placeNames } from '../reference/place-names.ts';
import { brands } from '../../src/brands/brands.ts';
import { DEMO_PROMO_CODES } from '../payments/promo.ts';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../src/lib/reference/shipment-statuses.ts';

export const DEMO_PASSWORD = 'Demo!2345';
/** demo@example.com's mobile number, as stored (digits only): a signup with it is refused with VEX003. */
export const DEMO_MOBILE = '962791234567';

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

const MAILBOXES = WAREHOUSES.slice(0, 6);

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

/**
 * Days since some of the demo customer's packages at a mailbox arrived there, so that the storage deadlines show
 * (src/lib/storage; Flex gives 60 free days): 3 days left, the last day, 5 days past, and one that has just come.
 */
const ARRIVED_DAYS_AGO: Readonly<Record<number, number>> = { 3: 57.5, 4: 59.25, 11: 64.5, 30: 1.25 };

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
  fields: Partial<typeof users.$inferInsert> &
    Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'mobile' | 'birthDate'>,
) {
  return {
    guid,
    passwordHash,
    status: 'active' as const,
    countryCode: 'JO',
    city: 'Amman',
    state: 'Amman',
    entity: 'AMM',
    streetAddressLine1: '14 Mecca Street',
    streetAddressLine2: 'Building 3, Apartment 12',
    zipCode: '11183',
    gender: 'Female' as const,
    nationality: 'JO',
    hasMailboxes: true,
    confirmedAgreement: true,
    signupPlanId: 1,
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
  // Cities are in cities.json; phone numbers are digits only, one account each.
  await db.insert(users).values([
    persona(ids.demo, passwordHash, {
      email: 'demo@example.com',
      firstName: 'Dana',
      lastName: 'Haddad',
      mobile: DEMO_MOBILE,
      tel1: '96265531234',
      birthDate: '1990-04-18',
      w3wAddress: 'index.home.raft',
      planId: 2,
      signupPlanId: 2,
      planStartDate: isoDate(new Date(now.getTime() - 100 * DAY)),
      planExpiryDate: isoDate(new Date(now.getTime() + 265 * DAY)),
      planAutoRenewal: true,
      paymentMethod: 1,
      autoPayAgreedAt: new Date(now.getTime() - 100 * DAY),
      idType: 'passport',
      idTypeValue: 'N1234567',
      idUploaded: true,
      applyProtectionService: true,
    }),
    // Signed up (step 1 saved), no shipping details yet: login leads to signup.
    persona(ids.incomplete, passwordHash, {
      email: 'incomplete@example.com',
      firstName: 'Omar',
      lastName: 'Khalil',
      mobile: '962795551203',
      birthDate: '1987-09-02',
      gender: 'Male',
      city: null,
      state: null,
      entity: null,
      streetAddressLine1: null,
      streetAddressLine2: null,
      zipCode: null,
      hasMailboxes: false,
      confirmedAgreement: false,
    }),
    persona(ids.deactivated, passwordHash, {
      email: 'deactivated@example.com',
      firstName: 'Lina',
      lastName: 'Saleh',
      mobile: '962777123456',
      birthDate: '1993-01-27',
      city: 'Irbid',
      state: 'Irbid',
      streetAddressLine1: '22 University Street',
      streetAddressLine2: null,
      zipCode: '21110',
      status: 'deactivated',
    }),
    persona(ids.dropship, passwordHash, {
      email: 'dropship@example.com',
      firstName: 'Sami',
      lastName: 'Nasser',
      mobile: '962786543210',
      birthDate: '1985-06-11',
      gender: 'Male',
      city: 'Zarqa',
      state: 'Zarqa',
      streetAddressLine1: '9 Army Street',
      streetAddressLine2: 'Office 4',
      zipCode: '13110',
      isDropShip: true,
    }),
    persona(ids.agreement, passwordHash, {
      email: 'agreement@example.com',
      firstName: 'Rana',
      lastName: 'Aziz',
      mobile: '971501234567',
      birthDate: '1992-11-05',
      confirmedAgreement: false,
      countryCode: 'AE',
      city: 'Dubai',
      state: 'Dubai',
      entity: 'DXB',
      streetAddressLine1: 'Villa 27, Al Wasl Road',
      streetAddressLine2: 'Jumeirah 1',
      zipCode: null,
      w3wAddress: 'daring.lion.race',
      idType: 'nationalId',
      idTypeValue: '784199212345678',
    }),
    // Saudi Arabia makes the ID document and its details mandatory; neither is given yet.
    persona(ids.idrequired, passwordHash, {
      email: 'idrequired@example.com',
      firstName: 'Yousef',
      lastName: 'Mansour',
      mobile: '966501234567',
      birthDate: '1989-03-14',
      gender: 'Male',
      nationality: 'SA',
      countryCode: 'SA',
      city: 'Riyadh',
      state: 'Riyadh',
      entity: 'RUH',
      streetAddressLine1: '7421 King Fahd Road',
      streetAddressLine2: 'Al Olaya District',
      zipCode: '12211',
      idMandatory: true,
      idUploaded: false,
      idDetailsMandatory: true,
    }),
  ]);

  const mailboxes = (userGuid: string, entity: string, number: string, count: number, name: string) =>
    mailboxRows({ userGuid, name, entity, number: `${entity} ${number}` }, MAILBOXES.slice(0, count)).map((row, i) => ({
      ...row,
      services: mailboxServices([true, i % 2 === 0, i % 3 === 0, false]),
    }));
  await db
    .insert(addresses)
    .values([
      ...mailboxes(ids.demo, 'AMM', '104582', 6, 'Dana Haddad'),
      ...mailboxes(ids.agreement, 'DXB', '208811', 2, 'Rana Aziz'),
      ...mailboxes(ids.idrequired, 'RUH', '309274', 3, 'Yousef Mansour'),
    ]);

  // Every active persona hears of service updates; the demo customer takes offers too. Both brands' lists,
  // so the data fits whichever brand is served.
  const lists = Object.values(brands).map((brand) => brand.mailingLists);
  await db.insert(subscriptions).values(
    [ids.demo, ids.incomplete, ids.agreement, ids.idrequired].flatMap((userGuid) =>
      lists.flatMap((list) => [
        { userGuid, listId: list.serviceUpdate.id, subscribed: true, updatedAt: now },
        { userGuid, listId: list.promo.id, subscribed: userGuid === ids.demo, updatedAt: now },
      ]),
    ),
  );
  await db.insert(marketingContacts).values([
    {
      email: 'demo@example.com',
      firstName: 'Dana',
      lastName: 'Haddad',
      countryCode: 'JO',
      langCode: 'en',
      optin: true,
      formStage: 4,
      planId: 2,
      updatedAt: now,
    },
    {
      email: 'incomplete@example.com',
      firstName: 'Omar',
      lastName: 'Khalil',
      countryCode: 'JO',
      langCode: 'en',
      optin: false,
      formStage: 1,
      planId: 1,
      updatedAt: now,
    },
  ]);

  // 32 packages of the demo customer, across statuses and origins; three with charges to pay.
  const owned = Array.from({ length: 32 }, (_, i) => {
    const status = SHIPMENT_STATUSES[i % SHIPMENT_STATUSES.length]!;
    const origin = MAILBOXES[i % MAILBOXES.length]!;
    // Its history has it at the mailbox a day after it was received.
    const arrived = ARRIVED_DAYS_AGO[i];
    const receivedAt = new Date(now.getTime() - (arrived === undefined ? 40 - i : arrived + 1) * DAY);
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
      // A shipment that needs an e-invoice has no declared value yet (the GST rule of spec 1 §4.9).
      customsDeclaredValue: !due && status.id === 6 ? null : (45 + i * 12).toFixed(2),
      customsDeclaredCurrency: !due && status.id === 6 ? null : 'USD',
      charges: due
        ? { shipping: (14.5 + i).toFixed(2), services: '2.00', tax: '1.60', customs: (20 + i * 5.75).toFixed(2) }
        : null,
      chargesPaid: !due,
      history: history(due ? { id: 18, name: 'Held at customs', progress: 75 } : status, origin.city.en, receivedAt),
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
      history: history(status, origin.city.en, receivedAt),
      receivedAt,
    };
  });
  // Packages of other people that make each claim process of spec 1 §4.4 reachable from demo's claim tab: found
  // by their foreign waybill number at one of demo's mailboxes (README, "Demo accounts").
  const claimable = (
    [
      // Process 2 (subCategory 8198): unidentified at origin, no customer.
      { foreignAwb: 'TBA512000201', entity: 'NYC', statusId: 4, owner: null },
      // Process 3 (831): received at origin for another customer.
      { foreignAwb: 'TBA512000202', entity: 'LON', statusId: 3, owner: 'agreement' },
      // Process 6 (8633): departed origin, no customer.
      { foreignAwb: 'TBA512000203', entity: 'NYC', statusId: 13, owner: null },
      // Process 8 (567): only the shipment information received.
      { foreignAwb: 'TBA512000204', entity: 'LON', statusId: 1, owner: null },
    ] as const
  ).map((p, i) => {
    const status = SHIPMENT_STATUSES.find((s) => s.id === p.statusId)!;
    const origin = MAILBOXES.find((w) => w.entity === p.entity)!;
    const receivedAt = new Date(now.getTime() - (6 - i) * DAY);
    return {
      awb: `SB${String(9_000_201 + i)}`,
      hawbId: 610_000 + i,
      foreignAwb: p.foreignAwb,
      userGuid: p.owner ? ids[p.owner] : null,
      customerId: p.owner ? 208_811 : 0,
      originCountryCode: origin.countryCode,
      originEntity: origin.entity,
      destEntity: p.owner ? 'DXB' : 'AMM',
      merchant: p.statusId === 4 ? null : MERCHANTS[i % MERCHANTS.length]!,
      description: ITEMS[(i + 3) % ITEMS.length]!,
      weightKg: (0.8 + i * 0.45).toFixed(2),
      currentStatus: status.name,
      lastPi: status.id,
      trackingProgress: status.progress,
      history: history(status, origin.city.en, receivedAt),
      receivedAt,
    };
  });
  await db.insert(shipments).values([...owned, ...unowned, ...claimable]);

  // The product's own messages (server/messages/service-messages.ts), which the customer reads in the page's language.
  const places = await placeNames(db, 'en');
  const sent = [
    serviceMessage('packageArrived', { awb: owned[0]!.awb, warehouse: 'NYC', destination: 'AMM' }, places),
    serviceMessage('chargesDue', { awb: owned[1]!.awb }, places),
    serviceMessage('flexRenews', {}, places),
    serviceMessage('officeHours', { office: 'AMM' }, places),
    serviceMessage('requestAnswered', { caseReference: 'CAS-240117', warehouse: 'LON' }, places),
  ];
  await db.insert(messages).values(
    Array.from({ length: 16 }, (_, i) => ({
      guid: randomUUID(),
      userGuid: ids.demo,
      ...sent[i % sent.length]!,
      isRead: i >= 5,
      createdAt: new Date(now.getTime() - i * 2 * DAY),
    })),
  );

  // Dated so that "newest first" reads in the order of the case references.
  await db.insert(requests).values([
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240117',
      createdAt: new Date(now.getTime() - 30 * DAY),
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
      createdAt: new Date(now.getTime() - 21 * DAY),
      categoryId: 563,
      status: 2,
      statusDesc: 'In progress',
      subject: 'Change my mobile number',
      description: 'Please update my mobile number to the new one in my profile.',
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-240388',
      createdAt: new Date(now.getTime() - 12 * DAY),
      categoryId: 830,
      subCategory: 830,
      status: 1,
      statusDesc: 'Open',
      subject: 'Damaged item',
      description: 'The headphones arrived with a cracked case.',
      externalString: 'SB7000107',
      claim: {
        Package: {
          ForeignAWB: owned[7]!.foreignAwb,
          AWB: owned[7]!.awb,
          OriginEntity: owned[7]!.originEntity,
          DestinationCity: 'Amman',
        },
        Address: { MailboxNumber: 'AMM 104582' },
      },
    },
    {
      userGuid: ids.demo,
      caseReference: 'CAS-239902',
      createdAt: new Date(now.getTime() - 60 * DAY),
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
      createdAt: new Date(now.getTime() - 5 * DAY),
      categoryId: 562,
      status: 2,
      statusDesc: 'In progress',
      subject: 'Customs documents',
      description: 'Which invoice do you need for the shipment held at customs?',
      externalString: 'SB7000100',
    },
  ]);

  await db.insert(promoCodes).values(DEMO_PROMO_CODES);

  // The wallet's statement: a welcome credit, a refund for the damaged headphones, credit used, a card payment.
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await db.insert(walletTransactions).values([
    {
      userGuid: ids.demo,
      kind: 'credit',
      amountMinor: 1000,
      currency: 'USD',
      reference: 'WELCOME',
      createdAt: ago(95),
    },
    {
      userGuid: ids.demo,
      kind: 'shipmentPayment',
      amountMinor: 3875,
      currency: 'USD',
      reference: `SB100012: ${owned[8]!.awb}`,
      createdAt: ago(30),
    },
    {
      userGuid: ids.demo,
      kind: 'balanceUsed',
      amountMinor: 500,
      currency: 'USD',
      reference: owned[10]!.awb,
      createdAt: ago(20),
    },
    {
      userGuid: ids.demo,
      kind: 'refund',
      amountMinor: 1450,
      currency: 'USD',
      reference: 'CAS-240388',
      createdAt: ago(6),
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
  await db.transaction(async (t) => {
    await writeReferenceData(t);
    await seedPersonas(t, clock());
  });
  return true;
}
