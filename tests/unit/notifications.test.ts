import { beforeEach, describe, expect, it } from 'vitest';
import {
  $notifications,
  markShown,
  notificationDuration,
  notify,
  notifyOnNextPage,
  restorePending,
} from '../../src/lib/notifications/notifications.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('notifications (spec 1 §4.13)', () => {
  beforeEach(() => {
    globalThis.sessionStorage = new MemoryStorage();
    $notifications.set([]);
  });

  it('shows success for 8 s and every other type for 10 s', () => {
    expect(notificationDuration('success')).toBe(8000);
    expect(notificationDuration('info')).toBe(10000);
    expect(notificationDuration('warning')).toBe(10000);
    expect(notificationDuration('danger')).toBe(10000);
  });

  it('shows a notice on this page until it is shown', () => {
    notify('info', 'notifications.wait');
    const [shown] = $notifications.get();
    expect(shown).toMatchObject({ type: 'info', msg: 'notifications.wait' });
    markShown(shown?.id ?? '');
    expect($notifications.get()).toEqual([]);
    restorePending();
    expect($notifications.get()).toEqual([]);
  });

  it('keeps a notice raised before a redirect for the next page only, once', () => {
    notifyOnNextPage('success', 'notifications.cardSaved', { n: '1' });
    expect($notifications.get()).toEqual([]);
    restorePending(); // the next page
    expect($notifications.get()).toMatchObject([
      { type: 'success', msg: 'notifications.cardSaved', values: { n: '1' } },
    ]);
    $notifications.set([]);
    restorePending(); // and the one after
    expect($notifications.get()).toEqual([]);
  });

  it('ignores stored entries that are not notifications', () => {
    sessionStorage.setItem(
      'notifications.pending',
      JSON.stringify([{ id: 1 }, { id: 'a', type: 'boom', msg: 'x' }, 'x']),
    );
    restorePending();
    expect($notifications.get()).toEqual([]);
    sessionStorage.setItem('notifications.pending', '{not json');
    restorePending();
    expect($notifications.get()).toEqual([]);
  });
});
