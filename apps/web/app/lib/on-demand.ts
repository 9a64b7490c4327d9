/**
 * A module's value loaded at first need: every caller shares one load; a failed load (offline
 * without its chunk cached) is tried again by the next caller.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = null;
      throw e;
    }));
}
