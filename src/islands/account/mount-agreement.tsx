import { createRoot } from 'react-dom/client';
import type { Lang } from '../../i18n/languages.ts';
import AgreementConfirm from './AgreementConfirm.tsx';

/** Mounts the agreement form; the page calls this only when a session is stored, so visitors load no React. */
export function mountAgreement(host: HTMLElement, lang: Lang, brandSlug: string): void {
  createRoot(host).render(<AgreementConfirm lang={lang} brandSlug={brandSlug} />);
}
