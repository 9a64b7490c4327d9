/**
 * One run for the ids asked meanwhile (record 0075): a caller's ids join the next run, which starts
 * once the run in progress has ended, and the caller's promise settles with that run, so whatever
 * the caller changed before asking is seen by the run it waits for. One at a time: while a run is in
 * progress, every later caller joins the same next run.
 *
 * Why: each placed order refreshed its products' listings (the product index) on its own; a flash
 * sale's 20 orders of one product, placed one after another, refreshed that one product 20 times,
 * three statements each on the embedded database's one connection, in the race the losers wait out.
 */
export function batchedRuns(
  run: (ids: number[]) => Promise<void>,
): (ids: readonly number[]) => Promise<void> {
  let asked = new Set<number>();
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  return (ids) => {
    for (const id of ids) asked.add(id);
    next ??= (async () => {
      // the run in progress may have read before this caller's change: never joined, always waited out
      await running?.catch(() => undefined);
      const batch = [...asked];
      asked = new Set();
      next = undefined;
      running = run(batch);
      await running;
    })();
    return next;
  };
}
