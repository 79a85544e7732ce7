import { createRoot } from 'react-dom/client';
import { dirOf, type Lang } from '../../i18n/languages.ts';
import { translatorFor } from '../ui/i18n/use-translator.ts';
import { Notifications } from './Notifications.tsx';

/** Mounts the toaster on first use, so pages without notices ship no React for it. */
export async function mountToaster(lang: Lang): Promise<void> {
  const t = await translatorFor(lang);
  const host = document.createElement('div');
  host.id = 'notifications';
  document.body.append(host);
  createRoot(host).render(<Notifications t={t} lang={lang} dir={dirOf(lang)} />);
}
