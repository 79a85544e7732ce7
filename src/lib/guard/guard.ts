/**
 * The route guard of spec 1 §4.1, as a pure function of the route change and the session.
 * The browser runner (run-guard.ts) carries out what it decides; the language rule (step 2)
 * is settled by the URL rules before a page is served.
 */
import { Access, type RouteDef } from '../routes/route-table.ts';
import type { Params, Query } from '../routes/paths.ts';
import type { CurrentUser } from '../session/current-user.ts';

/** Name of the window the card provider's payment confirmation opens the return page in. */
export const PAYMENT_FRAME_NAME = 'payment-provider-frame';
/** Routes a payment confirmation frame returns to (step 5). */
const PAYMENT_RETURN_ROUTES: ReadonlySet<string> = new Set([
  'signup.payment',
  'account.membershipPayment',
  'account.wallet',
]);

export interface RouteChange {
  route: RouteDef;
  params: Params;
  query: Query;
  /** The first page this tab shows. */
  firstNavigation: boolean;
  /** Result of the server session check of step 1, once it has been made. */
  sessionCheck?: 'valid' | 'invalid';
  /** `window.name` of the page's window. */
  windowName: string;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'check-session' }
  | { action: 'logout-to-login' }
  | { action: 'post-to-parent'; id: string }
  | { action: 'redirect'; to: string; params?: Params; query?: Query }
  | { action: 'block'; fallback: 'account-home' | null };

const allow: GuardDecision = { action: 'allow' };
const to = (name: string, query?: Query): GuardDecision => ({
  action: 'redirect',
  to: name,
  ...(query ? { query } : {}),
});

export function guard(change: RouteChange, user: CurrentUser | null): GuardDecision {
  const { route } = change;
  const loggedIn = user?.isLoggedIn === true;

  // 1. First load while logged in: the server must confirm the session first.
  if (loggedIn && change.firstNavigation) {
    if (change.sessionCheck === undefined) return { action: 'check-session' };
    if (change.sessionCheck === 'invalid') return { action: 'logout-to-login' };
  }
  // 3. A user with mailboxes must confirm the agreement before anything else.
  if (loggedIn && user.hasMailboxes && !user.confirmedAgreement && route.name !== 'agreement') {
    return to('agreement');
  }
  // 4. Home is for visitors.
  if (loggedIn && route.name === 'home') return to('account-home');
  // 5. Inside the card provider's confirmation frame: hand the id to the parent page and stop.
  const frameId = change.query.id;
  if (change.windowName === PAYMENT_FRAME_NAME && PAYMENT_RETURN_ROUTES.has(route.name) && frameId) {
    return { action: 'post-to-parent', id: frameId };
  }
  if (loggedIn) {
    // 6. Pages for visitors only.
    if (route.access === Access.loggedOut) {
      return { action: 'block', fallback: change.firstNavigation ? 'account-home' : null };
    }
    // 7. Pages that need login.
    if (route.access === Access.login) {
      if (!user.hasMailboxes && route.needsMailbox) return to('signup.new');
      if (user.hasMailboxes && !route.needsMailbox && !route.allowsIncomplete) return to('account-home');
      return allow;
    }
    // 8. Pages for both visitors and users still without mailboxes.
    if (route.access === Access.both && user.hasMailboxes && !route.needsMailbox) return to('account-home');
    return allow;
  }
  // 9. Visitors on a page that needs login: log in first, then come back.
  if (route.access === Access.login) {
    const remembered = { ...change.query, ...change.params };
    return to('login', {
      toStateName: route.name,
      ...(Object.keys(remembered).length ? { toStateParams: JSON.stringify(remembered) } : {}),
    });
  }
  return allow;
}

/** Where logout leads (spec 1 §4.1): login when asked for, home from a page that needs login, else stay. */
export function logoutDestination(route: RouteDef | undefined, toLogin: boolean): 'login' | 'home' | null {
  if (toLogin) return 'login';
  return route?.access === Access.login ? 'home' : null;
}
