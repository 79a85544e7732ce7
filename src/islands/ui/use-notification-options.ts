/**
 * The customer's notification switches (spec 1 §3 user options; the alerts of issue 24), saved as each is flipped:
 * only the flipped one is sent, and a failure flips it back.
 */
import { useState } from 'react';
import {
  getUserOptions,
  setUserOptions,
  type NotificationOptionName,
  type UserOptions,
} from '../../lib/api/user-options/contract.ts';
import { setAnswer } from '../../lib/api/query.ts';
import { call } from '../../lib/api/call.ts';
import { notify } from '../../lib/notifications/notifications.ts';

export function useNotificationOptions(guid: string, options: UserOptions) {
  const [saved, setSaved] = useState(options);
  const [busy, setBusy] = useState<NotificationOptionName | null>(null);
  /** Every switch is on until the customer turns it off. */
  const isOn = (name: NotificationOptionName) => saved.notificationOptions.find((o) => o.name === name)?.value ?? true;

  const flip = async (name: NotificationOptionName, value: boolean) => {
    if (busy) return;
    const before = saved;
    setBusy(name);
    setSaved({ notificationOptions: before.notificationOptions.map((o) => (o.name === name ? { ...o, value } : o)) });
    try {
      const answer = await call(setUserOptions, { params: { guid }, body: { notificationOptions: [{ name, value }] } });
      setSaved(answer);
      setAnswer(getUserOptions, answer);
      notify('success', 'notifications.settingsSaved');
    } catch {
      setSaved(before);
      notify('danger', 'errors.500');
    } finally {
      setBusy(null);
    }
  };

  return { isOn, flip, busy };
}
