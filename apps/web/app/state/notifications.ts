import { NOTIFICATION_TTL_MS } from '@vitrina/domain';
import { createStore, useStore } from './store';

export type NotificationType = 'success' | 'warning' | 'error' | 'info';

export interface NotificationAction {
  /** Already translated label. */
  label: string;
  /** Runs before the notification is dismissed. */
  action?: () => void;
}

export interface Notification {
  id: number;
  type: NotificationType;
  /** Already translated message. */
  message: string;
  /** The OK button (label defaults to "OK"). */
  action1?: NotificationAction;
  /** One optional extra action, e.g. "Proceed to checkout". */
  action2?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
}

export type NewNotification = Omit<Notification, 'id'>;

/**
 * Notifications (accounts-checkout-routes.md §4 "Notification"): appended to a list; removed after
 * timeToLive (default 5000 ms) unless hasNoTimeout; one with the same message as the latest one is
 * ignored. Per tab and in memory: a toast belongs to the tab whose action caused it.
 */
export function createNotificationStore(defaultTtl: number = NOTIFICATION_TTL_MS) {
  const store = createStore<Notification[]>([]);
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const remove = (id: number) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    store.set((list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
  };

  const add = (n: NewNotification): number | null => {
    const list = store.get();
    const latest = list[list.length - 1];
    if (latest && latest.message === n.message) return null;
    const id = nextId++;
    store.set([...list, { ...n, id }]);
    if (!n.hasNoTimeout) {
      timers.set(
        id,
        setTimeout(() => remove(id), n.timeToLive ?? defaultTtl),
      );
    }
    return id;
  };

  return {
    store,
    add,
    remove,
    /** Runs an action of a notification, then dismisses it. */
    run(id: number, which: 'action1' | 'action2') {
      const n = store.get().find((x) => x.id === id);
      n?.[which]?.action?.();
      remove(id);
    },
    clear() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      store.set([]);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

export const notifications = createNotificationStore();

export function useNotifications(): Notification[] {
  return useStore(notifications.store);
}

export const notify = notifications.add;
