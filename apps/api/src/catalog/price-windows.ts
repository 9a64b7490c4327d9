/**
 * Special prices open and close at their window's boundary (catalogue-and-cart.md §4 "Price rules").
 * Index rows carry `valid_until`, the next boundary; this job re-indexes the rows past it (and moves
 * the catalogue version, so caches and the search index follow) every PRICE_WINDOW_REFRESH_MS.
 *
 * It belongs to the API, not to the shop process around it: the API run on its own
 * (`npm start -w @vitrina/api`) charged an expired special price until something re-indexed the
 * product. Several processes may run it at once: the re-index is idempotent.
 */
import { refreshExpiredIndexRows, type Database } from '@vitrina/db';
import { PeriodicJob } from '../lib/periodic-job.ts';

type JobLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export class PriceWindowRefresher {
  private readonly job: PeriodicJob;

  constructor(
    private readonly database: Database,
    private readonly intervalMs: number,
    private readonly log: JobLog,
  ) {
    this.job = new PeriodicJob(() => this.refresh(), intervalMs, log, 'special price window refresh failed');
  }

  /** re-indexes the products whose special-price window opened or closed; answers how many */
  async refresh(now: Date = new Date()): Promise<number> {
    const refreshed = await refreshExpiredIndexRows(this.database, now);
    if (refreshed > 0) this.log.info({ refreshed }, 'special price windows changed: products re-indexed');
    return refreshed;
  }

  /** a first refresh at once, then periodic (an interval of 0: another process runs it) */
  start(): void {
    this.job.start({ now: true });
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
