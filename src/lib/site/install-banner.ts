/** The install-app banner stays closed once the visitor closes it (spec 1 §2.7). */
const CLOSED_KEY = 'installBanner.closed';

export function isInstallBannerClosed(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function closeInstallBanner(storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(CLOSED_KEY, '1');
  } catch {
    // Private mode: the banner is closed for this page only.
  }
}

/** Running as the installed web app (the manifest's `display`), or added to an iPhone's home screen. */
export function isInstalledApp(): boolean {
  return (
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  );
}

/** Chromium's `beforeinstallprompt` event, which no standard type describes yet. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * Where the browser offers installing the site (`beforeinstallprompt`), the banner's store link gives way to a
 * button that asks the browser to install it; `installed` runs once the customer has installed it, from the
 * button or the browser's own menu. Elsewhere the store link stays.
 */
export function offerWebApp(banner: HTMLElement, installed: () => void): void {
  const store = banner.querySelector<HTMLElement>('[data-install-store]');
  const button = banner.querySelector<HTMLButtonElement>('[data-install-app]');
  if (!store || !button) return;
  let offer: InstallPromptEvent | null = null;
  const show = (next: InstallPromptEvent | null) => {
    offer = next;
    store.hidden = next !== null;
    button.hidden = next === null;
  };
  addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-bar stays away: the banner offers it.
    event.preventDefault();
    show(event as InstallPromptEvent);
  });
  addEventListener('appinstalled', installed);
  button.addEventListener('click', async () => {
    const asked = offer;
    if (!asked) return;
    offer = null;
    let outcome = 'dismissed';
    try {
      await asked.prompt();
      ({ outcome } = await asked.userChoice);
    } catch {
      // The browser withdrew its offer.
    }
    if (outcome === 'accepted') return installed();
    // A prompt is shown once: back to the store link until the browser offers installing again.
    show(null);
    store.focus();
  });
}
