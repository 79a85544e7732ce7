import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Toaster, toast } from 'sonner';
import type { TFunction } from 'i18next';
import {
  $notifications,
  markShown,
  notificationDuration,
  type AppNotification,
} from '../../lib/notifications/notifications.ts';

const show: Record<AppNotification['type'], typeof toast.success> = {
  success: toast.success,
  info: toast.info,
  warning: toast.warning,
  danger: toast.error,
};

interface Props {
  t: TFunction;
  dir: 'ltr' | 'rtl';
}

/** Shows queued notifications as toasts; each is shown once. */
export function Notifications({ t, dir }: Props) {
  const pending = useStore($notifications);
  useEffect(() => {
    for (const n of pending) {
      show[n.type](t(n.msg, n.values ?? {}), { id: n.id, duration: notificationDuration(n.type) });
      markShown(n.id);
    }
  }, [pending, t]);
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
