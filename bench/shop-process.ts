/** The shop server for the benches that load it from outside (ssr.ts, lighthouse.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The shop in a child process, as it runs in production (`NODE_ENV=production`, like scripts/start.mjs),
 * on a free port with the bench data folder (BENCH_DATA_DIR, default var/bench/ssr); `env` adds to or
 * overrides its environment (PAGE_CACHE). Not in the bench's process: Lighthouse's own work there
 * (trace processing) delayed the shop's answers, which its simulation reads as server latency; and
 * the in-process shop kept the bench process alive for minutes after its figures were printed.
 * For SSR throughput the two ways measured alike (noisy, 65-125 req/s on the same machine).
 */
export async function startShopProcess(env: NodeJS.ProcessEnv = {}) {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/ssr');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/cli.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // the origin of canonical links (Lighthouse's SEO audit follows them)
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const close = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
  } catch (e) {
    await close();
    throw e;
  }
  return { port, close };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The shop answers /healthz only once its database is open and seeded (first start: minutes). */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs / 1000} s`);
}
