/**
 * The script every page runs (the site shell's composition root, which may mount an island: the toaster): current language, route guard, session menus, menus, install banner,
 * live chat and notifications. Kept small: the session store (and its parser) loads only when a session
 * is stored, and the HTTP client and React for toasts load on demand.
 */
import { readPageContext, switchLanguageUrl, type PageContext } from '../lib/site/page-context.ts';
import { runGuard } from '../lib/guard/run-guard.ts';
import { logoutDestination } from '../lib/guard/guard.ts';
import { getRoute } from '../lib/routes/route-table.ts';
import { buildUrl } from '../lib/routes/paths.ts';
import { setLanguage } from '../lib/session/lang-store.ts';
import { DEFAULT_LANG, isLang } from '../i18n/languages.ts';
import { hasStoredSession, SESSION_KEY } from '../lib/session/stored-session.ts';
import type { CurrentUser } from '../lib/session/current-user.ts';
import type * as SessionStore from '../lib/session/session-store.ts';
import { $notifications, restorePending } from '../lib/notifications/notifications.ts';
import { isInstallBannerClosed, closeInstallBanner, isInstalledApp, offerWebApp } from '../lib/site/install-banner.ts';
import { pushEvent } from '../lib/analytics/data-layer.ts';
import { coversAny, KEEP_CLEAR } from '../lib/site/keep-clear.ts';
import { startServiceWorker } from '../lib/offline/app-notices.ts';

type SessionModule = typeof SessionStore;

function showSession(user: CurrentUser | null): void {
  document.documentElement.dataset.session = user ? 'in' : 'out';
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-name]')) {
    el.textContent = user ? user.firstName : '';
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-flex-cta]')) {
    el.hidden = user?.hasFlex === true;
  }
  // Live chat is offered to visitors and to customers whose account has it.
  for (const el of document.querySelectorAll<HTMLElement>('[data-live-chat]')) {
    el.hidden = user !== null && !user.hasLiveChat;
  }
}

/** Menus follow the stored session, in this tab and when another tab logs in or out. */
function wireSessionMenus(session: SessionModule | null): void {
  if (session) {
    session.$session.subscribe(showSession);
    return;
  }
  showSession(null);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_KEY || event.newValue === null) return;
    window.removeEventListener('storage', onStorage);
    void import('../lib/session/session-store.ts').then((s) => s.$session.subscribe(showSession));
  };
  window.addEventListener('storage', onStorage);
}

function wireLogout(ctx: PageContext): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      const { logout } = await import('../lib/session/logout.ts');
      await logout();
      const destination = logoutDestination(getRoute(ctx.routeName), false);
      if (destination) location.assign(buildUrl(ctx.lang, destination, ctx.brandSlug));
      else button.disabled = false;
    });
  }
}

/** Menus are <details>: Escape or a click elsewhere closes an open one. */
function wireMenus(): void {
  const openMenus = () => document.querySelectorAll<HTMLDetailsElement>('details.menu-group[open]');
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = openMenus();
    // The innermost first: Escape in the phone's menu closes an open group and leaves the menu open.
    if (open.length) event.preventDefault();
    for (const menu of open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('click', (event) => {
    for (const menu of openMenus()) {
      if (!menu.contains(event.target as Node)) menu.open = false;
    }
  });
}

/** The phone's menu is a popover (its button opens it and tells it is open natively): it closes once the screen widens. */
function wireMenuButton(): void {
  const panel = document.querySelector<HTMLElement>('[data-site-menu]');
  matchMedia('(width >= 48rem)').addEventListener('change', (event) => {
    if (event.matches && panel?.matches(':popover-open')) panel.hidePopover();
  });
}

function wireLanguageSwitcher(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang-switch]')) {
    const lang = isLang(link.hreflang) ? link.hreflang : DEFAULT_LANG;
    link.href = switchLanguageUrl(location.pathname, location.search, lang);
    link.addEventListener('click', () => setLanguage(lang));
  }
}

function wireInstallBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-install-banner]');
  if (!banner) return;
  // The head's inline script already hid a closed banner before the first paint; this covers storage it couldn't read.
  // The installed app shows none.
  banner.hidden = isInstallBannerClosed() || isInstalledApp();
  if (banner.hidden) return;
  const close = () => {
    closeInstallBanner();
    banner.hidden = true;
    document.getElementById('main')?.focus();
  };
  banner.querySelector('[data-install-banner-close]')?.addEventListener('click', close);
  // Installed (from the banner or the browser's menu): the customer has the app, so the banner goes for good.
  offerWebApp(banner, close);
}

/**
 * The floating chat button never covers a control, field, price or address: it steps aside (fades and lets taps
 * through) while one is under it, checked as the page scrolls, resizes or changes (the route guard showing a
 * guarded page's content included). The page's end keeps room for it, so there it always shows.
 */
function keepChatClear(link: HTMLElement): void {
  let queued = false;
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const covers = coversAny(link.getBoundingClientRect(), document.querySelectorAll(KEEP_CLEAR), link);
      link.toggleAttribute('data-stepped-aside', covers);
    });
  };
  addEventListener('scroll', queue);
  addEventListener('resize', queue);
  new ResizeObserver(queue).observe(document.body);
  // Islands filling in, a tab or group opening, the button shown or hidden with the session.
  new MutationObserver(queue).observe(document.body, {
    childList: true,
    subtree: true,
    attributeFilter: ['hidden', 'open', 'aria-selected'],
  });
  // A guarded page's content is hidden until the route guard has decided, which it marks on <html>: the fields it
  // shows then may be under the button although nothing in the body changed.
  new MutationObserver(queue).observe(document.documentElement, { attributeFilter: ['data-guard', 'data-session'] });
  queue();
}

function wireLiveChat(): void {
  const url = document.documentElement.dataset.liveChatUrl;
  const link = document.querySelector<HTMLAnchorElement>('[data-live-chat]');
  if (link) keepChatClear(link);
  if (!link || !url) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    window.open(url, 'live-chat', 'popup,width=420,height=640');
  });
}

function wireNotifications(ctx: PageContext): void {
  restorePending();
  let mounting = false;
  $notifications.subscribe((list) => {
    if (!list.length || mounting) return;
    mounting = true;
    void import('../islands/notifications/mount-toaster.tsx').then(({ mountToaster }) => mountToaster(ctx.lang));
  });
}

/** An article opened by id (a FAQ, a service update, a banner) is a banner click for analytics (spec 1 §2.5). */
function sendBannerClick(): void {
  const article = document.querySelector<HTMLElement>('[data-banner-click]');
  const id = article?.dataset.bannerClick;
  if (id) pushEvent({ event: 'bannerClick', id, subject: article.dataset.bannerSubject ?? '' });
}

async function start(): Promise<void> {
  const ctx = readPageContext();
  setLanguage(ctx.lang);
  wireMenus();
  wireMenuButton();
  wireLanguageSwitcher();
  wireInstallBanner();
  wireLiveChat();
  wireLogout(ctx);
  wireNotifications(ctx);
  startServiceWorker(ctx.lang);
  sendBannerClick();
  const session = hasStoredSession() ? await import('../lib/session/session-store.ts') : null;
  wireSessionMenus(session);
  await runGuard(ctx, () => session?.$session.get() ?? null);
}

void start();
