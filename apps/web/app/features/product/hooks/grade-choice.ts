/** The shopper's grade choice on one product page: the child sku and the location it was made at. */
export interface GradeChoice {
  sku: string;
  /** the location's key when chosen: a navigation after it makes the URL's child the shown one again */
  at: string;
}

/**
 * A store of one page's grade choice (useSyncExternalStore's shape): written by the picker's click,
 * read only by the parts that show the grade, so the page around them does not render at a choice.
 */
export function createGradeChoice() {
  let current: GradeChoice | null = null;
  const listeners = new Set<() => void>();
  return {
    get: (): GradeChoice | null => current,
    set(next: GradeChoice) {
      if (current?.sku === next.sku && current.at === next.at) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
