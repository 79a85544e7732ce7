import { describe, expect, it } from 'vitest';
import { guard, logoutDestination, PAYMENT_FRAME_NAME, type RouteChange } from '../../src/lib/guard/guard.ts';
import { requireRoute } from '../../src/lib/routes/route-table.ts';
import type { CurrentUser } from '../../src/lib/session/current-user.ts';

function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    isLoggedIn: true,
    guid: '8f14e45f-ceea-467f-a0b6-2a1b2c3d4e5f',
    email: 'demo@example.com',
    firstName: 'Dana',
    lastName: 'Haddad',
    langCode: 'en',
    hasMailboxes: true,
    hasLiveChat: true,
    hasFlex: true,
    confirmedAgreement: true,
    countryCode: 'JO',
    paymentMethodId: 1,
    id: { mandatory: false, uploaded: false, detailsMandatory: false, detailsFilled: false },
    membershipPlan: null,
    weightUnit: 'kg',
    ...overrides,
  };
}
const withMailboxes = user();
const incomplete = user({ hasMailboxes: false });

function change(name: string, extra: Partial<RouteChange> = {}): RouteChange {
  return { route: requireRoute(name), params: {}, query: {}, firstNavigation: false, windowName: '', ...extra };
}

describe('route guard (spec 1 §4.1)', () => {
  describe('step 1: first load while logged in', () => {
    it('asks for a server session check first', () => {
      expect(guard(change('faqs', { firstNavigation: true }), withMailboxes)).toEqual({ action: 'check-session' });
    });
    it('logs out and goes to login when the check fails', () => {
      expect(guard(change('faqs', { firstNavigation: true, sessionCheck: 'invalid' }), withMailboxes)).toEqual({
        action: 'logout-to-login',
      });
    });
    it('goes on when the check succeeds', () => {
      expect(guard(change('faqs', { firstNavigation: true, sessionCheck: 'valid' }), withMailboxes)).toEqual({
        action: 'allow',
      });
    });
    it('does not check on later navigations, nor for visitors', () => {
      expect(guard(change('faqs'), withMailboxes)).toEqual({ action: 'allow' });
      expect(guard(change('faqs', { firstNavigation: true }), null)).toEqual({ action: 'allow' });
    });
  });

  describe('step 3: agreement', () => {
    const unconfirmed = user({ confirmedAgreement: false });
    it('forces a user with mailboxes who has not confirmed it to the agreement page', () => {
      expect(guard(change('account-home'), unconfirmed)).toEqual({ action: 'redirect', to: 'agreement' });
      expect(guard(change('faqs'), unconfirmed)).toEqual({ action: 'redirect', to: 'agreement' });
    });
    it('lets them read the agreement page itself', () => {
      expect(guard(change('agreement'), unconfirmed)).toEqual({ action: 'allow' });
    });
    it('leaves users without mailboxes alone', () => {
      expect(guard(change('account-home'), user({ confirmedAgreement: false, hasMailboxes: false }))).toEqual({
        action: 'allow',
      });
    });
  });

  describe('step 4: home', () => {
    it('sends a logged-in user to account-home', () => {
      expect(guard(change('home'), withMailboxes)).toEqual({ action: 'redirect', to: 'account-home' });
      expect(guard(change('home'), incomplete)).toEqual({ action: 'redirect', to: 'account-home' });
    });
    it('shows home to visitors', () => {
      expect(guard(change('home'), null)).toEqual({ action: 'allow' });
    });
  });

  describe('step 5: payment confirmation frame', () => {
    for (const name of ['signup.payment', 'account.membershipPayment', 'account.wallet']) {
      it(`posts the id to the parent on ${name}`, () => {
        const c = change(name, { windowName: PAYMENT_FRAME_NAME, query: { id: 'tok_123' } });
        expect(guard(c, withMailboxes)).toEqual({ action: 'post-to-parent', id: 'tok_123' });
        expect(guard(c, null)).toEqual({ action: 'post-to-parent', id: 'tok_123' });
      });
    }
    it('needs the frame name, the id and one of those routes', () => {
      expect(guard(change('account.wallet', { query: { id: 'tok_123' } }), withMailboxes)).toEqual({ action: 'allow' });
      expect(guard(change('account.wallet', { windowName: PAYMENT_FRAME_NAME }), withMailboxes)).toEqual({
        action: 'allow',
      });
      expect(guard(change('faqs', { windowName: PAYMENT_FRAME_NAME, query: { id: 'x' } }), withMailboxes)).toEqual({
        action: 'allow',
      });
    });
  });

  describe('step 6: pages for visitors only', () => {
    it('blocks a logged-in user and sends them to account-home on the first navigation', () => {
      expect(guard(change('login', { firstNavigation: true, sessionCheck: 'valid' }), withMailboxes)).toEqual({
        action: 'block',
        fallback: 'account-home',
      });
    });
    it('blocks without a destination on later navigations', () => {
      expect(guard(change('account.forget-password'), withMailboxes)).toEqual({ action: 'block', fallback: null });
    });
    it('lets visitors in', () => {
      expect(guard(change('login'), null)).toEqual({ action: 'allow' });
    });
  });

  describe('step 7: pages that need login', () => {
    it('sends a user without mailboxes from a mailbox page to signup.new', () => {
      expect(guard(change('pending-payments'), incomplete)).toEqual({ action: 'redirect', to: 'signup.new' });
    });
    it('sends a user with mailboxes from a page only for incomplete signups to account-home', () => {
      expect(guard(change('signup.shipping'), withMailboxes)).toEqual({ action: 'redirect', to: 'account-home' });
    });
    it('lets a user with mailboxes into mailbox pages and pages for any account', () => {
      expect(guard(change('pending-payments'), withMailboxes)).toEqual({ action: 'allow' });
      expect(guard(change('account.edit-profile'), withMailboxes)).toEqual({ action: 'allow' });
    });
    it('lets a user without mailboxes into pages that allow incomplete accounts or need none', () => {
      expect(guard(change('account-home'), incomplete)).toEqual({ action: 'allow' });
      expect(guard(change('signup.shipping'), incomplete)).toEqual({ action: 'allow' });
    });
  });

  describe('step 8: pages for both', () => {
    it('sends a user with mailboxes to account-home', () => {
      expect(guard(change('signup.new'), withMailboxes)).toEqual({ action: 'redirect', to: 'account-home' });
    });
    it('lets a user without mailboxes and a visitor in', () => {
      expect(guard(change('signup.new'), incomplete)).toEqual({ action: 'allow' });
      expect(guard(change('signup.new'), null)).toEqual({ action: 'allow' });
    });
  });

  describe('open pages', () => {
    it('let everyone in', () => {
      for (const u of [null, withMailboxes, incomplete]) {
        expect(guard(change('tracking', { params: { awbNumber: '1' } }), u)).toEqual({ action: 'allow' });
      }
    });
  });

  describe('step 9: visitors on a page that needs login', () => {
    it('go to login, remembering the target state', () => {
      expect(guard(change('account-home'), null)).toEqual({
        action: 'redirect',
        to: 'login',
        query: { toStateName: 'account-home' },
      });
    });
    it('remember its parameters and query', () => {
      const c = change('account.message', { params: { id: 'abc' }, query: { x: '1' } });
      expect(guard(c, null)).toEqual({
        action: 'redirect',
        to: 'login',
        query: { toStateName: 'account.message', toStateParams: JSON.stringify({ x: '1', id: 'abc' }) },
      });
    });
  });

  describe('logout', () => {
    it('goes to login when asked', () => {
      expect(logoutDestination(requireRoute('faqs'), true)).toBe('login');
    });
    it('goes home from a page that needs login', () => {
      expect(logoutDestination(requireRoute('account-home'), false)).toBe('home');
    });
    it('stays on an open page', () => {
      expect(logoutDestination(requireRoute('faqs'), false)).toBeNull();
      expect(logoutDestination(undefined, false)).toBeNull();
    });
  });
});
