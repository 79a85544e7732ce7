import { describe, expect, it } from 'vitest';
import { confirmationMatches, passwordProblems } from '../../src/lib/auth/password-policy.ts';
import { newPasswordSchema } from '../../src/lib/auth/new-password.ts';

describe('password rule (spec 1 §5)', () => {
  it.each([
    ['', ['required']],
    ['Demo!2345', []],
    ['Ab1!', ['length']],
    ['Ab1!' + 'x'.repeat(36), []],
    ['Ab1!' + 'x'.repeat(37), ['length']],
    ['12345678!', ['letter', 'uppercase']],
    ['demo!2345', ['uppercase']],
    ['Demo!demo', ['digit']],
    ['Demo12345', ['special']],
    ['Demo-2345', ['special']],
    ['Demo 2345', ['special']],
  ])('%j breaks %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it.each([...'!@#$%*()_+^&}{=?.;'])('accepts %s as the special character', (special) => {
    expect(passwordProblems(`Demo${special}2345`)).toEqual([]);
  });

  it('compares the confirmation after trimming', () => {
    expect(confirmationMatches('Demo!2345', ' Demo!2345 ')).toBe(true);
    expect(confirmationMatches('Demo!2345', 'Demo!2346')).toBe(false);
  });

  it('names the broken rules as the contract error messages', () => {
    const result = newPasswordSchema.safeParse('demo');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'password.length',
      'password.uppercase',
      'password.digit',
      'password.special',
    ]);
  });
});

describe('password forms', () => {
  it('name the first rule a new password breaks, and check the confirmation', async () => {
    const { resetPasswordFormSchema } = await import('../../src/lib/auth/account-forms.ts');
    const messages = (newPassword: string, confirmation: string) =>
      resetPasswordFormSchema.safeParse({ newPassword, confirmation }).error?.issues.map((i) => i.message) ?? [];
    expect(messages('', 'x')).toEqual(['validation.required', 'validation.passwordMatch']);
    expect(messages('demo!2345', 'demo!2345')).toEqual(['validation.password.uppercase']);
    expect(messages('Demo!', 'Demo!')).toEqual(['validation.password.length']);
    expect(messages('Demo!2345', 'Demo!2346')).toEqual(['validation.passwordMatch']);
    expect(messages('Demo!2345', ' Demo!2345 ')).toEqual([]);
  });
});
