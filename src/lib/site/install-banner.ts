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
