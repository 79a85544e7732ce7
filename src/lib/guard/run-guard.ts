/**
 * Runs the route guard in the browser before a page shows: reads the route and session,
 * asks `guard` what to do and does it. Pages that need a decision first stay hidden
 * (`html[data-guard="pending"]`) until it is made.
 */
import { guard, type GuardDecision, type RouteChange } from './guard.ts';
import { getRoute } from '../routes/route-table.ts';
import { matchPath, stateUrl, type Query } from '../routes/paths.ts';
import type { CurrentUser } from '../session/current-user.ts';
import type { PageContext } from '../site/page-context.ts';

const NAV_STARTED = 'nav.started';

function isFirstNavigation(): boolean {
  try {
    const first = sessionStorage.getItem(NAV_STARTED) === null;
    sessionStorage.setItem(NAV_STARTED, '1');
    return first;
  } catch {
    return true;
  }
}

function currentChange(ctx: PageContext, firstNavigation: boolean): RouteChange | null {
  const path = location.pathname.replace(/^\/[a-z]{2}\/?/, '');
  const match = matchPath(path, ctx.brandSlug);
  // The not-found page shown for a route whose page isn't built judges that route, so a redirect to
  // such a page can't loop.
  const route = ctx.routeName === '404' && match ? match.route : getRoute(ctx.routeName);
  if (!route) return null;
  const query: Query = Object.fromEntries(new URLSearchParams(location.search));
  return {
    route,
    params: match?.route === route ? match.params : {},
    query,
    firstNavigation,
    windowName: window.name,
  };
}

function go(ctx: PageContext, name: string, params: Record<string, string> = {}, query: Query = {}): void {
  location.replace(stateUrl(ctx.lang, name, ctx.brandSlug, { ...query, ...params }));
}

/** The stored user, read when a decision needs it (after a session check it may have changed). */
type UserSource = () => CurrentUser | null;

async function carryOut(
  ctx: PageContext,
  change: RouteChange,
  decision: GuardDecision,
  user: UserSource,
): Promise<void> {
  switch (decision.action) {
    case 'allow':
      document.documentElement.dataset.guard = 'done';
      return;
    case 'check-session': {
      const { checkSession } = await import('../session/check-session.ts');
      const sessionCheck = await checkSession();
      const next = { ...change, sessionCheck };
      await carryOut(ctx, next, guard(next, user()), user);
      return;
    }
    case 'logout-to-login': {
      const { logout } = await import('../session/logout.ts');
      await logout();
      go(ctx, 'login');
      return;
    }
    case 'post-to-parent':
      postToOpeners(decision.id);
      return;
    case 'redirect':
      go(ctx, decision.to, decision.params, decision.query);
      return;
    case 'block':
      if (decision.fallback || history.length <= 1) go(ctx, 'account-home');
      else history.back();
      return;
  }
}

export async function runGuard(ctx: PageContext, user: UserSource): Promise<void> {
  const change = currentChange(ctx, isFirstNavigation());
  if (!change) {
    document.documentElement.dataset.guard = 'done';
    return;
  }
  await carryOut(ctx, change, guard(change, user()), user);
}

/**
 * Hands the provider frame's id to the page that opened the frame. Payment pages show the provider's markup in a
 * frame of their own, so that page may be the parent's parent: every ancestor of this origin is told, and the
 * listener checks the origin too.
 */
function postToOpeners(id: string): void {
  let target: Window = window;
  while (target.parent !== target) {
    target = target.parent;
    target.postMessage({ id }, location.origin);
  }
}
