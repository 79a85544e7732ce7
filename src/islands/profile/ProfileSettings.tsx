/**
 * The settings below the profile form: the package alerts, notifications on this device, the mailing lists and the
 * account's sessions. Far below the first screen, they load with their code, catalogue part and data as the
 * customer scrolls towards them (EditProfilePage).
 */
import type { Lang } from '../../i18n/languages.ts';
import { AlertPreferences } from './AlertPreferences.tsx';
import { PushSettings } from './PushSettings.tsx';
import { EmailPreferences } from './EmailPreferences.tsx';
import { SessionsList } from './SessionsList.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';
import { PasskeysList } from './PasskeysList.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';

export default function ProfileSettings({ lang, guid }: { lang: Lang; guid: string }) {
  // The catalogue part both show, loaded once before either renders.
  useTranslator(lang, 'preferences');
  return (
    <>
      <AlertPreferences lang={lang} guid={guid} />
      <PushSettings lang={lang} guid={guid} />
      <EmailPreferences lang={lang} guid={guid} />
      <PasskeysList lang={lang} guid={guid} />
      <TwoFactorSettings lang={lang} guid={guid} />
      <SessionsList lang={lang} guid={guid} />
    </>
  );
}
