/** The shop server for the benches that load it from outside (ssr.ts, lighthouse.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverBundle } from '../scripts/server-bundle.mjs';
import { shopEnv, shopNodeFlags } from '../scripts/shop-node-flags.mjs';

/**
 * The shop in a child process, as it runs in production (`NODE_ENV=production`, like scripts/start.mjs),
 * on a free port with the bench data folder (BENCH_DATA_DIR, default var/bench/ssr); `env` adds to or
 * overrides its environment (PAGE_CACHE); with npm start's Node flags and malloc setting (scripts/shop-node-flags.mjs),
 * from the server bundle npm start runs (scripts/server-bundle.mjs).
 * Not in the bench's process: Lighthouse's own work there
 * (trace processing) delayed the shop's answers, which its simulation reads as server latency; and
 * the in-process shop kept the bench process alive for minutes after its figures were printed.
 * For SSR throughput the two ways measured alike (noisy, 65-125 req/s on the same machine).
 */
/**
 * The shop a page bench loads (lighthouse, lighthouse-tasks): this checkout's, or with BENCH_SHOP_CHECKOUT
 * another checkout's built shop on this checkout's bench data folder, so an A/B pair runs the same
 * harness on the same data without writing into the other checkout.
 */
export function startBenchShop() {
  const other = process.env.BENCH_SHOP_CHECKOUT;
  return other
    ? startShopProcess({ DATA_DIR: path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/ssr') }, other)
    : startShopProcess();
}

export async function startShopProcess(
  env: NodeJS.ProcessEnv = {},
  /**
   * another checkout's built shop (its apps/server/dist/server.mjs and apps/web/build, `npm run build`
   * there), run with a data folder of its own under it: the A/B bench (ssr-ab.ts)
   */
  checkout?: string,
) {
  const dataDir = env.DATA_DIR
    ? path.resolve(env.DATA_DIR)
    : checkout
      ? path.join(path.resolve(checkout), 'var/bench/ssr')
      : path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/ssr');
  mkdirSync(dataDir, { recursive: true });
  // BENCH_PORT: a port of one's own on a machine shared with other runs; else any free one
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const bundle = checkout
    ? path.join(path.resolve(checkout), 'apps/server/dist/server.mjs')
    : await serverBundle();
  // npm start's Node flags: the young generation's size weighs on both the speed and the RSS measured
  // BENCH_PROFILE_DIR: each shop process writes a CPU profile there when it stops (Chrome's
  // .cpuprofile); a flag Node refuses in NODE_OPTIONS, so it is given here
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR)}`]
    : [];
  const args = [...shopNodeFlags(process.env.NODE_OPTIONS), ...profile, bundle];
  const child = spawn(process.execPath, args, {
    // the web build is found from the working folder (WEB_BUILD_DIR's default, apps/server/src/config.ts)
    ...(checkout ? { cwd: path.resolve(checkout) } : {}),
    env: {
      ...shopEnv(process.env),
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
  return {
    port,
    close,
    memory: () => processTreeMemory(child.pid!),
    cpuMs: () => processTreeCpuMs(child.pid!),
    cpuSplit: () => processTreeCpuSplit(child.pid!),
  };
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

type Hits = { hits: { hits: { _source: { url_path: string } }[] } };

/**
 * The pages every bench loads, from the shop's own catalogue: its best-selling product and its first
 * second-level category ("" when the catalogue has none)
 */
export async function benchPagePaths(port: number): Promise<{ product: string; category: string }> {
  const catalog = `http://127.0.0.1:${port}/vsbridge/catalog/vue_storefront_catalog`;
  const first = async (url: string) => ((await (await fetch(url)).json()) as Hits).hits.hits[0];
  const product = await first(`${catalog}/product/_search?size=1&sort=sales_count:desc`);
  const filter = encodeURIComponent(JSON.stringify({ filters: { level: 2 } }));
  const category = await first(`${catalog}/category/_search?size=50&request=${filter}`);
  return {
    product: `/${product?._source.url_path ?? ''}`,
    category: `/${category?._source.url_path ?? ''}`,
  };
}

/** the pids of a process and all its descendants (Linux /proc) */
function processTree(rootPid: number): Set<number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the parent pid is the 4th field after the command's closing parenthesis
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (tree.has(parent) && !tree.has(pid)) grew = tree.add(pid).size > 0;
  }
  return tree;
}

/**
 * CPU time the shop has used so far (user + system, ms), its process and every descendant: the
 * load generator shares the machine's two cores, so the shop's CPU per answer is the figure that
 * does not depend on how fast autocannon reads. Linux only (/proc; clock ticks of 10 ms); elsewhere null.
 */
export function processTreeCpuMs(rootPid: number): number | null {
  try {
    let ticks = 0;
    for (const pid of processTree(rootPid)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of stat, the 12th and 13th after the command
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10;
  } catch {
    return null;
  }
}

/**
 * The shop's CPU so far (ms, user + system) split by where it ran: the first process (node:cluster's
 * primary, which hands the connections over; the whole shop without workers) and the workers, each
 * by its main thread and its other threads (V8's garbage collection and compilation helpers, libuv's
 * pool; the embedded database's and the render threads). Linux only (/proc); elsewhere null.
 */
export function processTreeCpuSplit(rootPid: number): Record<string, number> | null {
  try {
    const split: Record<string, number> = {};
    for (const pid of processTree(rootPid)) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const where = `${pid === rootPid ? 'primary' : 'workers'} ${tid === String(pid) ? 'main' : 'other threads'}`;
          split[where] = (split[where] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
        } catch {
          // the thread ended while we looked
        }
      }
    }
    return split;
  } catch {
    return null;
  }
}

/**
 * Resident memory of the shop: its process and, with WEB_CONCURRENCY workers, every descendant,
 * summed (MB): `rss` now, `peak` the sum of each process's high-water mark (the memory goal is
 * the demo shop's "under load"). Linux only (/proc); elsewhere null.
 */
export function processTreeMemory(rootPid: number): { rssMb: number; peakMb: number } | null {
  try {
    const tree = processTree(rootPid);
    let rssKb = 0;
    let peakKb = 0;
    for (const pid of tree) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    }
    return { rssMb: Math.round(rssKb / 1024), peakMb: Math.round(peakKb / 1024) };
  } catch {
    return null;
  }
}
