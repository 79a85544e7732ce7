import { describe, expect, it } from 'vitest';
import {
  BIRTH_YEAR_COUNT,
  ageOn,
  birthYears,
  isAdult,
  isCalendarDate,
  mailboxCount,
  normalisePhone,
  zipCodeRequired,
} from '../../src/lib/profile/profile-rules.ts';
import { isThreeWordAddress } from '../../src/lib/three-words/three-word-address.ts';
import {
  canGoBack,
  choosePlan,
  decodeConfirmationPayment,
  isBestValue,
  plansInDisplayOrder,
  toPlanId,
} from '../../src/lib/signup/signup-steps.ts';
import { emailCheckProblem, fieldProblemsOf, formProblemOf } from '../../src/lib/signup/signup-errors.ts';
import { signupFormSchema } from '../../src/lib/signup/signup-forms.ts';
import { shippingFormSchema } from '../../src/lib/signup/shipping-form.ts';
import { editProfileFormSchema } from '../../src/lib/profile/profile-form.ts';
import { signupRequestSchema } from '../../src/lib/api/signup/contract.ts';
import { ApiError } from '../../src/lib/api/errors.ts';

describe('adult rule (spec 1 §5)', () => {
  const today = new Date(2026, 10, 22); // 22 November 2026
  it.each([
    [{ day: 22, month: 11, year: 2008 }, true, 'turns 18 today'],
    [{ day: 23, month: 11, year: 2008 }, false, 'turns 18 tomorrow'],
    [{ day: 1, month: 12, year: 2008 }, false, 'later month'],
    [{ day: 21, month: 11, year: 2008 }, true, 'yesterday'],
    [{ day: 1, month: 1, year: 1950 }, true, 'long ago'],
    [{ day: 1, month: 1, year: 2020 }, false, 'a child'],
  ])('%j → %s (%s)', (birth, adult) => {
    expect(isAdult(birth, today)).toBe(adult);
  });

  it('someone born on 29 February turns 18 on 1 March of a common year', () => {
    const birth = { day: 29, month: 2, year: 2008 };
    expect(isAdult(birth, new Date(2026, 1, 28))).toBe(false);
    expect(isAdult(birth, new Date(2026, 2, 1))).toBe(true);
    expect(ageOn(birth, new Date(2026, 2, 1))).toBe(18);
  });

  it('refuses dates that do not exist', () => {
    expect(isCalendarDate({ day: 31, month: 2, year: 1990 })).toBe(false);
    expect(isCalendarDate({ day: 29, month: 2, year: 2001 })).toBe(false);
    expect(isCalendarDate({ day: 29, month: 2, year: 2000 })).toBe(true);
    expect(isAdult({ day: 31, month: 4, year: 1980 }, today)).toBe(false);
  });
});

describe('birth years (spec 1 §3 lookup lists, §5 adult)', () => {
  it.each([
    [new Date(2025, 11, 31), 2007],
    [new Date(2026, 0, 1), 2008],
    [new Date(2026, 10, 22), 2008],
  ])('on %s the list starts at %i', (today, newest) => {
    const years = birthYears(today);
    expect(years[0]).toBe(newest);
    expect(years).toHaveLength(BIRTH_YEAR_COUNT);
    expect(years.at(-1)).toBe(newest - BIRTH_YEAR_COUNT + 1);
    expect(years.every((year, i) => i === 0 || year === (years[i - 1] ?? 0) - 1)).toBe(true);
  });

  it('offers every year that can make an adult today, and none that cannot', () => {
    for (const today of [new Date(2025, 11, 31), new Date(2026, 0, 1), new Date(2028, 1, 29)]) {
      const [newest = 0] = birthYears(today);
      expect(isAdult({ day: 1, month: 1, year: newest }, today)).toBe(true);
      // Not even the first day of the next year makes someone 18 today.
      expect(isAdult({ day: 1, month: 1, year: newest + 1 }, today)).toBe(false);
    }
  });
});

describe('phone numbers (spec 1 §5 profile)', () => {
  it.each([
    ['+962 79 123 4567', '962791234567'],
    ['(06) 555-1234', '06555-1234'],
    ['  +1 (212) 5550100 ', '12125550100'],
    ['0791234567', '0791234567'],
  ])('%j is sent as %j', (input, sent) => {
    expect(normalisePhone(input)).toBe(sent);
  });
});

describe('mailbox count (spec 2 §9)', () => {
  const withAddresses = ['US', 'GB', 'AE', 'TR'];
  it('is the number of countries with addresses', () => expect(mailboxCount(withAddresses, 'JO')).toBe(4));
  it('minus one when the user lives in one of them', () => expect(mailboxCount(withAddresses, 'AE')).toBe(3));
  it('counts them all without a country', () => expect(mailboxCount(withAddresses, null)).toBe(4));
});

describe('zip code rule', () => {
  it('is required unless the country says otherwise', () => {
    expect(zipCodeRequired(undefined)).toBe(true);
    expect(zipCodeRequired({})).toBe(true);
    expect(zipCodeRequired({ isZipCodeRequired: true })).toBe(true);
    expect(zipCodeRequired({ isZipCodeRequired: false })).toBe(false);
  });

  it('the shipping form asks for it only when required', () => {
    const form = {
      addressLine1: '12 Rainbow Street',
      addressLine2: '',
      city: 'Amman',
      zipCode: '',
      state: '',
      w3wAddress: '',
      applyProtectionService: false,
    };
    expect(shippingFormSchema(false).safeParse(form).success).toBe(true);
    const required = shippingFormSchema(true).safeParse(form);
    expect(required.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['zipCode', 'validation.zipCode'],
    ]);
  });
});

describe('three-word address (spec 1 §5)', () => {
  it.each([
    ['', true],
    ['///filled.count.soap', true],
    ['filled.count.soap', true],
    ['///مدينة.بحر.شمس', true],
    ['Filled.count.soap', false],
    ['filled.count', false],
    ['filled.co.soap', false],
    ['fill3d.count.soap', false],
    ['filled.count.شمس', false],
    ['filled count soap', false],
  ])('%j valid: %s', (value, valid) => {
    expect(isThreeWordAddress(value)).toBe(valid);
  });
});

describe('signup steps (spec 1 §2.4)', () => {
  it('goes back only to earlier steps, and never after the confirmation', () => {
    expect(canGoBack(2, 1)).toBe(true);
    expect(canGoBack(3, 2)).toBe(true);
    expect(canGoBack(2, 3)).toBe(false);
    expect(canGoBack(2, 2)).toBe(false);
    expect(canGoBack(4, 1)).toBe(false);
    expect(canGoBack(4, 3)).toBe(false);
  });

  const plans = ([5, 2, 3, 1] as const).map((planId) => ({ planId, amount: planId === 1 ? 0 : 10 }));
  it('shows plans basic, monthly, then annual and lifetime (spec 1 §3)', () => {
    expect(plansInDisplayOrder(plans).map((p) => p.planId)).toEqual([1, 3, 5, 2]);
  });

  it('marks annual and lifetime best value', () => {
    expect([1, 2, 3, 5].filter(isBestValue)).toEqual([2, 5]);
  });

  it('keeps a plan asked for when the country offers it, else basic', () => {
    expect(choosePlan(plans, 3)?.planId).toBe(3);
    expect(choosePlan(plans, 4)?.planId).toBe(1);
    expect(choosePlan(plans, null)?.planId).toBe(1);
    expect(toPlanId('2')).toBe(2);
    expect(toPlanId('4')).toBe(1);
    expect(toPlanId(null)).toBe(1);
  });

  it('reads the confirmation parameter m (base64 JSON amount, currency, pnref)', () => {
    const m = btoa(JSON.stringify({ amount: 49.99, currency: 'USD', pnref: 'PN-123' }));
    expect(decodeConfirmationPayment(m)).toEqual({ amount: 49.99, currency: 'USD', pnref: 'PN-123' });
    expect(decodeConfirmationPayment(null)).toBeNull();
    expect(decodeConfirmationPayment('not base64!')).toBeNull();
    expect(decodeConfirmationPayment(btoa('{"amount":"x","currency":"USD","pnref":"1"}'))).toBeNull();
    expect(decodeConfirmationPayment(btoa('{"amount":1,"currency":"<b>","pnref":"1"}'))).toBeNull();
  });
});

describe('signup errors (spec 2 §8)', () => {
  const failure = (status: number, code: string, fieldErrors?: Record<string, string[]>) =>
    new ApiError(status, { code, ...(fieldErrors ? { fieldErrors } : {}) });

  it.each([
    [
      'VEX022',
      { firstName: ['VEX022'], lastName: ['VEX022'] },
      [
        { field: 'firstName', key: 'errors.400.VEX022' },
        { field: 'lastName', key: 'errors.400.VEX022' },
      ],
    ],
    ['VEX003', { mobileNumber: ['VEX003'] }, [{ field: 'mobileNumber', key: 'errors.400.VEX003' }]],
    ['VEX008', { mobileNumber: ['VEX008'] }, [{ field: 'mobileNumber', key: 'errors.400.VEX008' }]],
    ['City invalid', { city: ['City invalid'] }, [{ field: 'city', key: 'errors.cityInvalid' }]],
  ])('%s shows on its field', (code, fieldErrors, expected) => {
    const error = failure(400, code, fieldErrors);
    expect(fieldProblemsOf(error)).toEqual(expected);
    expect(formProblemOf(error, fieldProblemsOf(error))).toBeNull();
  });

  it('any other failure is errors.500 for the form', () => {
    const error = failure(400, 'VEX099', { other: ['VEX099'] });
    expect(fieldProblemsOf(error)).toEqual([]);
    expect(formProblemOf(error, [])).toBe('errors.500');
    expect(formProblemOf(failure(500, 'SERVER_ERROR'), [])).toBe('errors.500');
  });

  it('renames API fields to the form’s', () => {
    expect(fieldProblemsOf(failure(400, 'VALIDATION', { birthDate: ['adult'] }), { birthDate: 'birthYear' })).toEqual([
      { field: 'birthYear', key: 'validation.adult' },
    ]);
  });

  it('an e-mail check shows errors.400.{first email error code}', () => {
    expect(emailCheckProblem(failure(400, 'VEX001', { email: ['VEX001', 'VEX002'] }))).toBe('errors.400.VEX001');
    expect(emailCheckProblem(failure(400, 'VEX002', { email: ['VEX002'] }))).toBe('errors.400.VEX002');
    expect(emailCheckProblem(failure(500, 'SERVER_ERROR'))).toBe('errors.500');
  });
});

describe('signup form (spec 1 §5)', () => {
  const valid = {
    firstName: 'Lina',
    lastName: 'Haddad',
    email: 'lina@example.com',
    password: 'Demo!2345',
    passwordConfirmation: ' Demo!2345 ',
    countryCode: 'JO',
    mobileNumber: '+962 79 123 4567',
    birthDay: '4',
    birthMonth: '5',
    birthYear: '1990',
    planId: '1',
    agreeOnUseOptIn: false,
    confirmedAgreement: true,
  };
  const problems = (form: object, mode: 'new' | 'complete' = 'new') =>
    signupFormSchema(mode)
      .safeParse(form)
      .error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('accepts a complete form; the confirmation is compared trimmed', () => {
    expect(problems(valid)).toEqual([]);
  });

  it.each([
    [{ password: 'demo!2345', passwordConfirmation: 'demo!2345' }, ['password', 'validation.password.uppercase']],
    [{ password: 'Demo2345', passwordConfirmation: 'Demo2345' }, ['password', 'validation.password.special']],
    [{ password: 'De!2', passwordConfirmation: 'De!2' }, ['password', 'validation.password.length']],
    [{ passwordConfirmation: 'Demo!2346' }, ['passwordConfirmation', 'validation.passwordMatch']],
    [{ birthYear: String(new Date().getFullYear() - 10) }, ['birthYear', 'validation.adult']],
    [{ birthDay: '31', birthMonth: '2' }, ['birthDay', 'validation.date']],
    [{ firstName: 'L1na' }, ['firstName', 'errors.400.VEX022']],
    [{ mobileNumber: '12ab' }, ['mobileNumber', 'errors.400.VEX008']],
    [{ planId: '' }, ['planId', 'validation.planRequired']],
    [{ confirmedAgreement: false }, ['confirmedAgreement', 'validation.agreement']],
    [{ email: 'lina@' }, ['email', 'validation.email']],
  ])('%j fails with %j', (change, expected) => {
    expect(problems({ ...valid, ...change })).toEqual([expected]);
  });

  it('completing an account needs no e-mail or password but still names and the agreement', () => {
    const form = { ...valid, email: '', password: '', passwordConfirmation: '' };
    expect(problems(form, 'complete')).toEqual([]);
    expect(problems({ ...form, firstName: '', confirmedAgreement: false }, 'complete')).toEqual([
      ['firstName', 'validation.required'],
      ['confirmedAgreement', 'validation.agreement'],
    ]);
  });

  it('the API contract refuses what the form refuses', () => {
    const body = {
      firstName: 'Lina',
      lastName: 'Haddad',
      email: 'LINA@Example.com ',
      password: 'Demo!2345',
      passwordConfirmation: 'Demo!2345',
      countryCode: 'JO',
      mobileNumber: '+962 (79) 123 4567',
      birthDate: { day: 4, month: 5, year: 1990 },
      planId: 1,
      langCode: 'en',
      agreeOnUseOptIn: true,
    };
    const parsed = signupRequestSchema.parse(body);
    expect(parsed.email).toBe('lina@example.com');
    expect(parsed.mobileNumber).toBe('962791234567');
    expect(signupRequestSchema.safeParse({ ...body, birthDate: { day: 1, month: 1, year: 2015 } }).success).toBe(false);
    expect(signupRequestSchema.safeParse({ ...body, passwordConfirmation: 'Other!2345' }).success).toBe(false);
  });
});

describe('edit profile form', () => {
  const valid = {
    firstName: 'Lina',
    lastName: 'Haddad',
    birthDay: '4',
    birthMonth: '5',
    birthYear: '1990',
    gender: '' as const,
    nationality: '',
    mobile: '0791234567',
    tel1: '',
    city: 'Amman',
    state: '',
    streetAddressLine1: '12 Rainbow Street',
    streetAddressLine2: '',
    zipCode: '',
    w3wAddress: '',
    idType: '',
    idTypeValue: '',
    weightUnit: 'kg' as const,
  };
  it('keeps weights in kilograms or pounds, nothing else', () => {
    const schema = editProfileFormSchema({ zipRequired: false, idDetailsMandatory: false });
    expect(schema.safeParse({ ...valid, weightUnit: 'lb' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, weightUnit: 'oz' }).success).toBe(false);
  });
  it('needs ID details only where the country makes them mandatory', () => {
    expect(editProfileFormSchema({ zipRequired: false, idDetailsMandatory: false }).safeParse(valid).success).toBe(
      true,
    );
    const result = editProfileFormSchema({ zipRequired: false, idDetailsMandatory: true }).safeParse(valid);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['idType', 'idTypeValue']);
  });
  it('checks the other phone only when given', () => {
    const schema = editProfileFormSchema({ zipRequired: false, idDetailsMandatory: false });
    expect(schema.safeParse({ ...valid, tel1: '+962 (6) 555 1234' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, tel1: 'call me' }).success).toBe(false);
  });
});
