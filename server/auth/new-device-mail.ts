/**
 * The new-device e-mail (issue 25, scope 3): when, on what and from about where the account was logged in, in the
 * customer's language (the brand's first when the brand lacks it), with a link to the sessions list of the profile
 * and one to change the password. The time is on the wall clock of the customer's country (UTC when the service
 * doesn't know its time zone), the zone named; the place is the country the login came from, named in the mail's
 * language.
 */
import type { Brand } from '../../src/brands/brands.ts';
import { localeOf } from '../../src/i18n/languages.ts';
import { pickupTimeZone } from '../../src/lib/returns/return-rules.ts';
import { buildUrl } from '../../src/lib/routes/paths.ts';
import { regionName } from '../../src/lib/reference/region-names.ts';
import { deviceName } from '../../src/lib/sessions/device-name.ts';
import { sessionsListPath } from '../../src/lib/sessions/sessions-link.ts';
import { mailLang } from '../alerts/alert-mail.ts';
import type { users } from '../db/schema.ts';
import { serverTranslator } from '../i18n/catalogues.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { SessionDevice } from './sessions.ts';

type UserRow = typeof users.$inferSelect;

export function newDeviceMail(
  user: Pick<UserRow, 'email' | 'langCode' | 'countryCode'>,
  device: SessionDevice,
  at: Date,
  brand: Brand,
  origin: string,
): OutgoingMail {
  const lang = mailLang(brand, user.langCode);
  const t = serverTranslator(lang);
  const { browser, system } = deviceName(device.userAgent ?? null);
  const time = new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: pickupTimeZone(user.countryCode),
  }).format(at);
  const zone =
    new Intl.DateTimeFormat(localeOf(lang), { timeZone: pickupTimeZone(user.countryCode), timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  const values: Record<string, string> = {
    time: `${time} (${zone})`,
    device:
      browser && system
        ? t('sessions.device', { browser, system })
        : (browser ?? system ?? t('sessions.unknownDevice')),
    place: device.countryCode ? regionName(device.countryCode, lang) : t('mail.newDevice.unknownPlace'),
    changePassword: `${origin}${buildUrl(lang, 'account.change-password', brand.slug)}`,
  };
  const link = `${origin}${sessionsListPath(lang, brand.slug)}`;
  return { to: user.email, kind: 'new-device', langCode: lang, link, values };
}
