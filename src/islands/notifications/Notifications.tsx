import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Toaster, toast } from 'sonner';
import type { TFunction } from 'i18next';
import { featurePartsOf } from '../../i18n/catalogue-parts.ts';
import type { Lang } from '../../i18n/languages.ts';
import {
  $notifications,
  markShown,
  notificationDuration,
  type AppNotification,
} from '../../lib/notifications/notifications.ts';
import { translatorFor } from '../ui/i18n/use-translator.ts';

const show: Record<AppNotification['type'], typeof toast.success> = {
  success: toast.success,
  info: toast.info,
  warning: toast.warning,
  danger: toast.error,
};

interface Props {
  /** The toaster's own labels. */
  t: TFunction;
  lang: Lang;
  dir: 'ltr' | 'rtl';
}

/**
 * Shows queued notifications as toasts; each is shown once. A notice's message may be a key of a feature part of
 * the catalogue (a payment's notice shown on the next page): that part is loaded for it.
 */
export function Notifications({ t, lang, dir }: Props) {
  const pending = useStore($notifications);
  useEffect(() => {
    for (const n of pending) {
      markShown(n.id);
      void translatorFor(lang, featurePartsOf([n.msg])).then((translate) =>
        show[n.type](translate(n.msg, n.values ?? {}), { id: n.id, duration: notificationDuration(n.type) }),
      );
    }
  }, [pending, lang]);
  return (
    <Toaster
      dir={dir}
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t('notifications.region')}
      toastOptions={{ closeButtonAriaLabel: t('notifications.close') }}
    />
  );
}
