/**
 * The shop on every core: with PostgreSQL, `npm start` runs `config.workers` worker
 * processes (node:cluster) that share the port; the primary serves nothing itself.
 *
 * - The primary migrates and seeds the database once before forking, so workers never race to load
 *   the demo catalogue (their own migrate and seed then find nothing to do).
 * - What workers share lives in PostgreSQL (carts, orders, the catalogue version that invalidates
 *   each worker's catalogue and page caches, the outbox claimed with SKIP LOCKED) and in Redis (rate
 *   limits; see `planWorkers`). The search index and the caches are per worker: memory grows with it.
 * - A worker that dies is replaced after a second; ten deaths within a minute stop the shop (a worker
 *   that cannot start would otherwise be forked forever).
 * - SIGINT/SIGTERM to the primary: each worker closes (finishing its requests), then the primary
 *   exits; a worker still running after 30 s is killed.
 */
import cluster, { type Worker } from 'node:cluster';
import Fastify from 'fastify';
import { withLogRedaction } from '@vitrina/api';
import { openShopDatabase } from './bootstrap.ts';
import type { ServerConfig } from './config.ts';

const RESPAWN_DELAY_MS = 1000;
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES_IN_WINDOW = 10;
const STOP_TIMEOUT_MS = 30_000;

export async function runPrimary(config: ServerConfig): Promise<void> {
  const log = Fastify({ logger: withLogRedaction({ level: config.logLevel }) }).log;
  for (const warning of config.startWarnings) log.warn(warning);
  if (!config.apiUrl) {
    const database = await openShopDatabase(config, log);
    await database.close();
  }
  let stopping = false;
  const crashes: number[] = [];
  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes[0] !== undefined && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    log.error({ pid: worker.process.pid, code, signal }, 'shop worker exited');
    if (crashes.length >= MAX_CRASHES_IN_WINDOW) {
      log.fatal(`${crashes.length} shop workers died within a minute: stopping`);
      void stopAll().then(() => process.exit(1));
      return;
    }
    setTimeout(() => stopping || fork(), RESPAWN_DELAY_MS).unref();
  });
  for (let i = 0; i < config.workers; i++) fork();
  log.info({ workers: config.workers }, `Vitrina is serving http://localhost:${config.port} from ${config.workers} processes`);

  async function stopAll(): Promise<void> {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            const kill = setTimeout(() => w.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            w.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stopAll().then(() => process.exit(0)));
}
