import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { addresses, countries, marketingContacts, subscriptions, users } from '../../server/db/schema.ts';
import {
  profileDetailsResponseSchema,
  shippingDetailsResultSchema,
  shippingDetailsResponseSchema,
  type ProfileDetailsRequest,
  type ProfileSaveRequest,
  type ShippingDetailsRequest,
} from '../../src/lib/api/account/contract.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { profileSchema } from '../../src/lib/api/customers/contract.ts';
import type { SignupRequest } from '../../src/lib/api/signup/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { mailboxCount } from '../../src/lib/profile/profile-rules.ts';
import { brands } from '../../src/brands/brands.ts';
import { EmbeddedThreeWords } from '../../server/three-words/embedded-three-words.ts';

/** Real squares of the embedded three-word service: in Amman (JO), in Abu Dhabi (AE) and in Riyadh (SA). */
const words = new EmbeddedThreeWords();
const wordsAt = async (lat: number, lng: number) => (await words.reverse(lat, lng))!.words;
const AMMAN_WORDS = await wordsAt(31.9539, 35.9106);
const ABU_DHABI_WORDS = await wordsAt(24.4539, 54.3773);
const RIYADH_WORDS = await wordsAt(24.7136, 46.6753);

interface Session {
  cookie: string;
  guid: string;
}

describe.each(BACKENDS)('signup steps and profile on %s', (backend) => {
  let t: TestApp;
  let incomplete: Session;
  let demo: Session;
  let agreement: Session;
  let idrequired: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    incomplete = await t.login('incomplete@example.com', '198.51.100.101');
    demo = await t.login('demo@example.com', '198.51.100.102');
    agreement = await t.login('agreement@example.com', '198.51.100.103');
    idrequired = await t.login('idrequired@example.com', '198.51.100.104');
  });
  afterAll(() => t.close());

  const send: TestApp['send'] = (...args) => t.send(...args);
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return apiErrorSchema.parse(await res.json());
  };
  const userOf = async (guid: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.guid, guid));
    if (!user) throw new Error(`no user ${guid}`);
    return user;
  };
  const mailboxesOf = (guid: string) => t.database.db.select().from(addresses).where(eq(addresses.userGuid, guid));

  let counter = 0;
  /** Signs a new customer up and returns the session. */
  async function signUp(overrides: Partial<SignupRequest> = {}): Promise<Session> {
    counter += 1;
    const res = await t.request('/api/signup', {
      method: 'POST',
      from: `198.18.7.${counter}`,
      body: JSON.stringify({
        firstName: 'Hala',
        lastName: 'Nour',
        email: `steps.${counter}@example.com`,
        password: 'Strong!2345',
        passwordConfirmation: 'Strong!2345',
        countryCode: 'JO',
        mobileNumber: `96278800${String(1000 + counter)}`,
        birthDate: { day: 12, month: 8, year: 1991 },
        planId: 1,
        langCode: 'en',
        agreeOnUseOptIn: false,
        ...overrides,
      } satisfies SignupRequest),
    });
    expect(res.status).toBe(201);
    return { cookie: cookieOf(res) ?? '', guid: loginResponseSchema.parse(await res.json()).userGuid };
  }

  describe('access', () => {
    const routes = [
      ['GET', 'profiledetails'],
      ['POST', 'profiledetails'],
      ['GET', 'shippingdetails'],
      ['POST', 'shippingdetails'],
      ['POST', 'save'],
      ['GET', 'subscriptions'],
    ] as const;

    it.each(routes)(
      'refuses %s account/{guid}/%s to another user (403) and to no session (401)',
      async (method, call) => {
        const path = `/api/account/${incomplete.guid}/${call}`;
        const body = method === 'GET' ? undefined : {};
        expect((await send(method, path, demo, body)).status).toBe(403);
        expect((await send(method, path, undefined, body)).status).toBe(401);
      },
    );
  });

  describe('profile details (step 1 of an incomplete account)', () => {
    const details = (overrides: Partial<ProfileDetailsRequest> = {}): ProfileDetailsRequest => ({
      firstName: 'Omar',
      lastName: 'Khalil',
      countryCode: 'JO',
      mobileNumber: '+962 79 555 1203',
      birthDate: { day: 2, month: 9, year: 1987 },
      planId: 1,
      agreeOnUseOptIn: true,
      confirmedAgreement: true,
      ...overrides,
    });
    const save = (body: unknown, as = incomplete) => send('POST', `/api/account/${as.guid}/profiledetails`, as, body);

    it('answers what is saved so far', async () => {
      const res = await send('GET', `/api/account/${incomplete.guid}/profiledetails`, incomplete);
      expect(res.status).toBe(200);
      expect(profileDetailsResponseSchema.parse(await res.json())).toEqual({
        firstName: 'Omar',
        lastName: 'Khalil',
        email: 'incomplete@example.com',
        countryCode: 'JO',
        mobileNumber: '962795551203',
        birthDate: { day: 2, month: 9, year: 1987 },
        planId: 1,
        agreeOnUseOptIn: false,
        confirmedAgreement: false,
      });
    });

    it('refuses bad names (VEX022), bad and taken mobile numbers (VEX008, VEX003)', async () => {
      expect(await refusal(await save(details({ lastName: 'Kh4lil' })))).toMatchObject({
        code: 'VEX022',
        fieldErrors: { lastName: ['VEX022'] },
      });
      expect(await refusal(await save(details({ mobileNumber: 'call me' })))).toMatchObject({
        code: 'VEX008',
        fieldErrors: { mobileNumber: ['VEX008'] },
      });
      expect(await refusal(await save(details({ mobileNumber: `+${DEMO_MOBILE}` })))).toMatchObject({
        code: 'VEX003',
        fieldErrors: { mobileNumber: ['VEX003'] },
      });
    });

    it('needs the agreement confirmed, a known country and a plan it offers', async () => {
      const unconfirmed = await refusal(await save({ ...details(), confirmedAgreement: false }));
      expect(unconfirmed.code).toBe('VALIDATION');
      expect(Object.keys(unconfirmed.fieldErrors ?? {})).toEqual(['confirmedAgreement']);
      expect(await refusal(await save(details({ countryCode: 'ZZ' })))).toMatchObject({
        fieldErrors: { countryCode: ['unknown'] },
      });
      expect(await refusal(await save(details({ countryCode: 'MA', planId: 3 })))).toMatchObject({
        fieldErrors: { planId: ['unavailable'] },
      });
      expect((await userOf(incomplete.guid)).confirmedAgreement).toBe(false);
    });

    it('saves the step (own mobile number allowed), confirms the agreement and answers the login response', async () => {
      const res = await save(details({ firstName: 'Omar Y.', planId: 1 }));
      expect(res.status).toBe(200);
      expect(loginResponseSchema.parse(await res.json())).toMatchObject({
        firstName: 'Omar Y.',
        confirmedAgreement: true,
        hasMailboxes: false,
        countryCode: 'JO',
      });
      const again = profileDetailsResponseSchema.parse(
        await (await send('GET', `/api/account/${incomplete.guid}/profiledetails`, incomplete)).json(),
      );
      expect(again).toMatchObject({ firstName: 'Omar Y.', agreeOnUseOptIn: true, confirmedAgreement: true, planId: 1 });
      const lists = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userGuid, incomplete.guid));
      const { promo, serviceUpdate } = brands.shipbox.mailingLists;
      expect(Object.fromEntries(lists.map((l) => [l.listId, l.subscribed]))).toMatchObject({
        [promo.id]: true,
        [serviceUpdate.id]: true,
      });
    });

    it('moves a new customer to another country: its plans and ID rules, and the old address goes', async () => {
      const fresh = await signUp();
      await t.database.db
        .update(users)
        .set({ city: 'Amman', streetAddressLine1: '1 Main St' })
        .where(eq(users.guid, fresh.guid));
      const res = await save(details({ countryCode: 'KW', mobileNumber: '965 5000 1234', planId: 2 }), fresh);
      expect(loginResponseSchema.parse(await res.json())).toMatchObject({
        countryCode: 'KW',
        isIdAttachmentMandatory: true,
        areIdDetailsMandatory: true,
        city: null,
        streetAddressLine1: null,
      });
      expect((await userOf(fresh.guid)).signupPlanId).toBe(2);
    });

    it('answers 409 CONFLICT to a customer who has mailboxes', async () => {
      const res = await save(details({ mobileNumber: DEMO_MOBILE, firstName: 'Dana' }), demo);
      expect(res.status).toBe(409);
      expect(apiErrorSchema.parse(await res.json()).code).toBe('CONFLICT');
    });
  });

  describe('shipping details (step 2)', () => {
    const shipping = (overrides: Partial<ShippingDetailsRequest> = {}): ShippingDetailsRequest => ({
      addressLine1: '12 Rainbow Street',
      addressLine2: 'Apartment 3',
      w3wAddress: `///${AMMAN_WORDS}`,
      countryCode: 'JO',
      city: 'amman',
      zipCode: '',
      state: '',
      applyProtectionService: true,
      ...overrides,
    });
    const save = (body: unknown, as: Session) => send('POST', `/api/account/${as.guid}/shippingdetails`, as, body);
    const read = async (as: Session) => {
      const res = await send('GET', `/api/account/${as.guid}/shippingdetails`, as);
      expect(res.status).toBe(200);
      return shippingDetailsResponseSchema.parse(await res.json());
    };

    it('answers empty fields before the step', async () => {
      expect(await read(incomplete)).toEqual({
        addressLine1: '',
        addressLine2: '',
        w3wAddress: '',
        countryCode: 'JO',
        city: '',
        zipCode: '',
        state: '',
        applyProtectionService: false,
      });
    });

    it("refuses a city the service doesn't deliver to with 'City invalid'", async () => {
      const body = await refusal(await save(shipping({ city: 'Atlantis' }), incomplete));
      expect(body).toEqual({
        code: 'City invalid',
        message: 'City invalid',
        fieldErrors: { city: ['City invalid'] },
      });
      // A city of another country is no better.
      expect((await refusal(await save(shipping({ city: 'Dubai' }), incomplete))).code).toBe('City invalid');
    });

    it("needs the zip code where the country requires one, and the user's own, known country", async () => {
      const saudi = await signUp({ countryCode: 'SA', mobileNumber: '966 50 700 0001' });
      const zip = await refusal(await save(shipping({ countryCode: 'SA', city: 'Jeddah', w3wAddress: '' }), saudi));
      expect(zip).toMatchObject({ code: 'VALIDATION', fieldErrors: { zipCode: ['required'] } });
      const both = await refusal(await save(shipping({ countryCode: 'SA', city: 'Gotham', w3wAddress: '' }), saudi));
      expect(both).toMatchObject({
        code: 'City invalid',
        fieldErrors: { city: ['City invalid'], zipCode: ['required'] },
      });
      const ok = await save(shipping({ countryCode: 'SA', city: 'jeddah', zipCode: '21589', w3wAddress: '' }), saudi);
      expect(ok.status).toBe(200);
      expect(await userOf(saudi.guid)).toMatchObject({
        city: 'Jeddah',
        state: 'Makkah',
        zipCode: '21589',
        entity: 'JED',
      });

      expect(await refusal(await save(shipping({ countryCode: 'AE', city: 'Dubai' }), incomplete))).toMatchObject({
        fieldErrors: { countryCode: ['country'] },
      });
      expect(await refusal(await save(shipping({ countryCode: 'ZZ' }), incomplete))).toMatchObject({
        fieldErrors: { countryCode: ['unknown'] },
      });
      const w3w = await refusal(await save(shipping({ w3wAddress: 'not a place' }), incomplete));
      expect(w3w).toMatchObject({ code: 'VALIDATION', fieldErrors: { w3wAddress: ['threeWordAddress'] } });
      // Spec 1 §5: the address must be a square of the customer's country, and exist at all.
      for (const elsewhere of [`///${RIYADH_WORDS}`, 'qqqx.qqqx.qqqx']) {
        expect(await refusal(await save(shipping({ w3wAddress: elsewhere }), incomplete))).toMatchObject({
          code: 'VALIDATION',
          fieldErrors: { w3wAddress: ['threeWordCountry'] },
        });
      }
      const missing = await refusal(await save({ countryCode: 'JO' }, incomplete));
      expect(Object.keys(missing.fieldErrors ?? {}).sort()).toEqual(['addressLine1', 'city']);
      expect((await userOf(incomplete.guid)).hasMailboxes).toBe(false);
    });

    it('opens the mailboxes of a basic plan: one per origin country but the own', async () => {
      const res = await save(shipping(), incomplete);
      expect(res.status).toBe(200);
      expect(shippingDetailsResultSchema.parse(await res.json())).toEqual({
        hasMailboxes: true,
        planId: 1,
        amount: 0,
        currencyCode: 'JOD',
      });
      const user = await userOf(incomplete.guid);
      expect(user).toMatchObject({
        hasMailboxes: true,
        city: 'Amman',
        state: 'Amman',
        entity: 'AMM',
        streetAddressLine1: '12 Rainbow Street',
        streetAddressLine2: 'Apartment 3',
        zipCode: null,
        w3wAddress: AMMAN_WORDS,
        applyProtectionService: true,
        planId: 1,
        planStartDate: '2026-11-22',
        planExpiryDate: '2027-11-22',
      });
      const origins = (await t.database.db.select().from(countries).where(eq(countries.hasAddresses, true))).map(
        (c) => c.code,
      );
      const boxes = await mailboxesOf(incomplete.guid);
      expect(boxes.length).toBe(mailboxCount(origins, 'JO'));
      expect(boxes.map((b) => b.countryCode).sort()).toEqual([...origins].sort());
      const number = boxes[0]?.mailBoxCustomerNumber ?? '';
      expect(number).toMatch(/^Omar Y\. Khalil\/AMM \d{6}$/);
      for (const box of boxes) {
        expect(box).toMatchObject({ mailBoxCustomerEntity: 'AMM', mailBoxCustomerNumber: number });
        expect(box.streetAddressLine2).toBe(`Suite ${number.split('/')[1]}`);
        expect(box.services.map((s) => s.code)).toEqual(['SS001', 'SS002', 'SS008', 'SS009']);
      }
      const details = await send('GET', '/api/account/GetCustomerDetails', incomplete);
      expect(loginResponseSchema.parse(await details.json())).toMatchObject({ hasMailboxes: true, city: 'Amman' });

      // Saved again: the address changes, the mailboxes stay as they are.
      const again = await save(shipping({ addressLine1: '14 Rainbow Street', w3wAddress: '' }), incomplete);
      expect(await again.json()).toMatchObject({ hasMailboxes: true });
      expect((await mailboxesOf(incomplete.guid)).length).toBe(boxes.length);
      expect(await read(incomplete)).toEqual({
        addressLine1: '14 Rainbow Street',
        addressLine2: 'Apartment 3',
        w3wAddress: '',
        countryCode: 'JO',
        city: 'Amman',
        zipCode: '',
        state: 'Amman',
        applyProtectionService: true,
      });
    });

    it('leaves the mailboxes of a paid plan to the payment, answering what to pay', async () => {
      const paid = await signUp({ planId: 3 });
      const res = await save(shipping({ city: 'Irbid' }), paid);
      expect(shippingDetailsResultSchema.parse(await res.json())).toEqual({
        hasMailboxes: false,
        planId: 3,
        amount: 4.25,
        currencyCode: 'JOD',
      });
      expect(await mailboxesOf(paid.guid)).toEqual([]);
      expect(await userOf(paid.guid)).toMatchObject({ hasMailboxes: false, city: 'Irbid', planId: 1 });
    });

    it('gives a customer in an origin country one mailbox fewer', async () => {
      const emirati = await signUp({ countryCode: 'AE', mobileNumber: '971 50 700 0002' });
      const res = await save(
        shipping({ countryCode: 'AE', city: 'Dubai', state: 'Dubai', w3wAddress: ABU_DHABI_WORDS }),
        emirati,
      );
      expect(shippingDetailsResultSchema.parse(await res.json())).toEqual({
        hasMailboxes: true,
        planId: 1,
        amount: 0,
        currencyCode: 'AED',
      });
      const boxes = await mailboxesOf(emirati.guid);
      expect(boxes.length).toBe(12);
      expect(boxes.some((b) => b.countryCode === 'AE')).toBe(false);
      expect(boxes[0]?.mailBoxCustomerEntity).toBe('DXB');
    });
  });

  describe('profile save (action 1)', () => {
    const profile = (overrides: Partial<ProfileSaveRequest> = {}): ProfileSaveRequest => ({
      action: 1,
      formStage: 4,
      firstName: 'Rana',
      lastName: 'Aziz',
      birthDate: { day: 5, month: 11, year: 1992 },
      gender: 'Female',
      nationality: 'LB',
      mobile: '971501234567',
      tel1: '97143334444',
      city: 'abu dhabi',
      state: '',
      streetAddressLine1: 'Tower 2, Corniche Road',
      streetAddressLine2: 'Flat 1204',
      zipCode: '',
      w3wAddress: `///${ABU_DHABI_WORDS}`,
      idType: 'nationalId',
      idTypeValue: '784199212345678',
      ...overrides,
    });
    const save = (body: unknown, as = agreement) => send('POST', `/api/account/${as.guid}/save`, as, body);

    it('saves the profile, moves the marketing contact to stage 4 and reads back through GET customers', async () => {
      const created = await send('POST', '/api/v1/emarsysContact', agreement, {
        firstName: 'Rana',
        lastName: 'Aziz',
        email: 'agreement@example.com',
        countryCode: 'AE',
        langCode: 'en',
        optin: false,
        formStage: 2,
        planId: 1,
      });
      expect(created.status).toBe(201);

      const res = await save(profile());
      expect(res.status).toBe(200);
      expect(loginResponseSchema.parse(await res.json())).toMatchObject({
        firstName: 'Rana',
        city: 'Abu Dhabi',
        streetAddressLine1: 'Tower 2, Corniche Road',
        idType: 'nationalId',
        idTypeValue: '784199212345678',
        // Saving the profile is not confirming the agreement.
        confirmedAgreement: false,
      });
      const read = await send('GET', `/api/customers/${agreement.guid}`, agreement);
      expect(profileSchema.parse(await read.json())).toMatchObject({
        email: 'agreement@example.com',
        countryCode: 'AE',
        birthDate: { day: 5, month: 11, year: 1992 },
        gender: 'Female',
        nationality: 'LB',
        mobile: '971501234567',
        tel1: '97143334444',
        city: 'Abu Dhabi',
        state: 'Abu Dhabi',
        streetAddressLine2: 'Flat 1204',
        zipCode: null,
        w3wAddress: ABU_DHABI_WORDS,
      });
      const [contact] = await t.database.db
        .select()
        .from(marketingContacts)
        .where(eq(marketingContacts.email, 'agreement@example.com'));
      expect(contact?.formStage).toBe(4);

      // Empty optional fields are cleared.
      await save(profile({ tel1: '', w3wAddress: '', streetAddressLine2: '', state: 'Al Ain region', city: 'Al Ain' }));
      const cleared = profileSchema.parse(
        await (await send('GET', `/api/customers/${agreement.guid}`, agreement)).json(),
      );
      expect(cleared).toMatchObject({
        tel1: null,
        w3wAddress: null,
        streetAddressLine2: null,
        city: 'Al Ain',
        state: 'Al Ain region',
      });
    });

    it('refuses bad names (VEX022), a number that is not one (VEX008) and another customer’s (VEX003)', async () => {
      expect(await refusal(await save(profile({ firstName: 'R@na' })))).toMatchObject({
        code: 'VEX022',
        fieldErrors: { firstName: ['VEX022'] },
      });
      expect(await refusal(await save(profile({ mobile: '+971 50 123 4567' })))).toMatchObject({
        code: 'VEX008',
        fieldErrors: { mobile: ['VEX008'] },
      });
      expect(await refusal(await save(profile({ mobile: DEMO_MOBILE })))).toMatchObject({
        code: 'VEX003',
        fieldErrors: { mobile: ['VEX003'] },
      });
    });

    it('refuses a birth date that is no date or not of an adult', async () => {
      expect(await refusal(await save(profile({ birthDate: { day: 30, month: 2, year: 1992 } })))).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { birthDate: ['date'] },
      });
      // 16 on the test clock's day (22 November 2026).
      expect(await refusal(await save(profile({ birthDate: { day: 23, month: 11, year: 2008 } })))).toMatchObject({
        fieldErrors: { birthDate: ['adult'] },
      });
      expect((await save(profile({ birthDate: { day: 22, month: 11, year: 2008 } }))).status).toBe(200);
    });

    it("refuses a city outside the user's country, a bad three-word address and a foreign ID type", async () => {
      expect(await refusal(await save(profile({ city: 'Amman' })))).toMatchObject({
        code: 'City invalid',
        fieldErrors: { city: ['City invalid'] },
      });
      expect(await refusal(await save(profile({ w3wAddress: 'one.two' })))).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { w3wAddress: ['threeWordAddress'] },
      });
      expect(await refusal(await save(profile({ w3wAddress: RIYADH_WORDS })))).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { w3wAddress: ['threeWordCountry'] },
      });
      expect(await refusal(await save(profile({ idType: 'civilId' })))).toMatchObject({
        fieldErrors: { idType: ['idType'] },
      });
    });

    it('keeps a saved ID type the country no longer offers', async () => {
      await t.database.db.update(users).set({ idType: 'drivingLicence' }).where(eq(users.guid, agreement.guid));
      expect((await save(profile({ idType: 'drivingLicence', idTypeValue: 'D-778812' }))).status).toBe(200);
      expect((await userOf(agreement.guid)).idTypeValue).toBe('D-778812');
    });

    it('needs the zip code and the ID details where the country requires them', async () => {
      const body = {
        ...profile({
          firstName: 'Yousef',
          lastName: 'Mansour',
          mobile: '966501234567',
          city: 'Riyadh',
          nationality: 'SA',
          w3wAddress: '',
          idType: null,
          idTypeValue: null,
        }),
      };
      const res = await refusal(await save(body, idrequired));
      expect(res).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { zipCode: ['required'], idType: ['required'], idTypeValue: ['required'] },
      });
      const ok = await save({ ...body, zipCode: '11564', idType: 'nationalId', idTypeValue: '1012345678' }, idrequired);
      expect(ok.status).toBe(200);
      expect(loginResponseSchema.parse(await ok.json())).toMatchObject({
        idType: 'nationalId',
        idTypeValue: '1012345678',
        areIdDetailsMandatory: true,
      });
    });

    it('keeps the weight unit: kg until chosen, then in every answer that says who the customer is', async () => {
      const details = async (as: Session) =>
        loginResponseSchema.parse(await (await send('GET', '/api/account/GetCustomerDetails', as)).json());
      expect((await details(demo)).weightUnit).toBe('kg');

      // The demo customer's own details, in Amman.
      const body = profile({
        mobile: DEMO_MOBILE,
        city: 'Amman',
        nationality: 'JO',
        w3wAddress: '',
        idType: null,
        idTypeValue: null,
      });
      const saved = await save({ ...body, weightUnit: 'lb' }, demo);
      expect(saved.status).toBe(200);
      expect(loginResponseSchema.parse(await saved.json()).weightUnit).toBe('lb');
      expect((await details(demo)).weightUnit).toBe('lb');
      expect((await userOf(demo.guid)).weightUnit).toBe('lb');
      const read = await send('GET', `/api/customers/${demo.guid}`, demo);
      expect(profileSchema.parse(await read.json()).weightUnit).toBe('lb');
      // A new login says it too.
      const login = await t.request('/api/account/login', {
        method: 'POST',
        from: '198.51.100.105',
        body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
      });
      expect(loginResponseSchema.parse(await login.json()).weightUnit).toBe('lb');

      // A save that leaves the unit out keeps it; one that names no unit of ours is refused.
      const kept = await save(body, demo);
      expect(loginResponseSchema.parse(await kept.json()).weightUnit).toBe('lb');
      expect((await save({ ...body, weightUnit: 'stone' }, demo)).status).toBe(400);
      expect((await userOf(demo.guid)).weightUnit).toBe('lb');
      const back = await save({ ...body, weightUnit: 'kg' }, demo);
      expect(loginResponseSchema.parse(await back.json()).weightUnit).toBe('kg');
    });

    it('still confirms the agreement with action 2', async () => {
      const res = await save({ action: 2 });
      expect(loginResponseSchema.parse(await res.json()).confirmedAgreement).toBe(true);
    });
  });
});
