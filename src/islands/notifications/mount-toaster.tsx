import { createRoot } from 'react-dom/client';
import { createTranslator } from '../../i18n/i18n.ts';
import { loadCatalogue } from '../../i18n/load-catalogue.ts';
import { dirOf, type Lang } from '../../i18n/languages.ts';
import { Notifications } from './Notifications.tsx';

/** Mounts the toaster on first use, so pages without notices ship no React for it. */
export async function mountToaster(lang: Lang): Promise<void> {
  const t = createTranslator(lang, await loadCatalogue(lang));
  const host = document.createElement('div');
  host.id = 'notifications';
  document.body.append(host);
  createRoot(host).render(<Notifications t={t} dir={dirOf(lang)} />);
}
