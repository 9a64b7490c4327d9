import { NOTIFICATION_TTL_MS, type GradeKey } from '@vitrina/domain';
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
  /** the item the notice is about, named under the message (the product just added) */
  item?: string;
  /** already translated lines under the message (the added item's cart total) */
  details?: string[];
  /** the grade of the item the notice is about, named with its badge */
  grade?: GradeKey | null;
  /** a notice of a group replaces the group's earlier one (a second add updates the cart total) */
  group?: string;
}

export type NewNotification = Omit<Notification, 'id'>;

/**
 * Notifications (accounts-checkout-routes.md §4 "Notification"): appended to a list; removed after
 * timeToLive (default 5000 ms) unless hasNoTimeout; one with the same message as the latest one is
 * ignored. Per tab and in memory: a toast belongs to the tab whose action caused it.
 *
 * A notice that carries an action ("Proceed to checkout") and no timeToLive of its own does not time
 * out (a shopper who reads slowly can still use it) but belongs to its page: `navigated` drops it when
 * the shopper goes to another page, and drops every notice on the way into checkout, where none of
 * them may sit over the form (except a notice kept until answered).
 */
export function createNotificationStore(defaultTtl: number = NOTIFICATION_TTL_MS) {
  const store = createStore<Notification[]>([]);
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** notices held by their action (no timeout): they go when the shopper leaves the page */
  const heldByAction = new Set<number>();

  const remove = (id: number) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    heldByAction.delete(id);
    store.set((list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
  };

  const add = (n: NewNotification): number | null => {
    if (n.group) for (const old of store.get().filter((x) => x.group === n.group)) remove(old.id);
    const list = store.get();
    const latest = list[list.length - 1];
    if (latest && latest.message === n.message) return null;
    const id = nextId++;
    store.set([...list, { ...n, id }]);
    if (n.hasNoTimeout) return id;
    if (n.action2 && n.timeToLive === undefined) {
      heldByAction.add(id);
      return id;
    }
    timers.set(
      id,
      setTimeout(() => remove(id), n.timeToLive ?? defaultTtl),
    );
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
    /** Dismisses a group's notices (the open mini cart confirms an add better than its notice). */
    dismissGroup(group: string) {
      for (const n of store.get()) if (n.group === group) remove(n.id);
    },
    /**
     * The shopper went to another page: notices held by their action go; into checkout, every
     * notice goes (none may cover its form) but those kept until answered (hasNoTimeout: an
     * offline order waiting to be sent).
     */
    navigated(intoCheckout: boolean) {
      if (intoCheckout) {
        for (const n of store.get()) if (!n.hasNoTimeout) remove(n.id);
        return;
      }
      for (const id of [...heldByAction]) remove(id);
    },
    clear() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      heldByAction.clear();
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
