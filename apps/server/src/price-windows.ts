/**
 * Special prices open and close at their window's boundary (catalogue-and-cart.md §4 "Price rules").
 * Index rows carry `valid_until`, the next boundary; this job re-indexes the rows past it once a minute.
 */
import type { FastifyBaseLogger } from 'fastify';
import { refreshExpiredIndexRows, type Database } from '@vitrina/db';

export function startPriceWindowJob(database: Database, log: FastifyBaseLogger, everyMs = 60_000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const refreshed = await refreshExpiredIndexRows(database);
      if (refreshed > 0) log.info({ refreshed }, 'special price windows changed: products re-indexed');
    } catch (err) {
      log.error({ err }, 'special price window refresh failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
