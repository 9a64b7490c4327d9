/**
 * Server rendering, this checkout against another (`BENCH_ONLY=ssr-ab BENCH_BASE=<folder>`): the shop
 * CPU time per uncached answer of both, in rounds that alternate between them, page by page.
 *
 * One run of the SSR bench moves by ±15 % on these machines (a page measured twice in a row, same
 * build), more than most changes to the render do. Here both shops run side by side and every round
 * loads one and then the other (the order turns each round), so whatever the machine does falls on
 * both alike; the medians of the rounds are compared. BENCH_BASE is a built checkout (for example
 * `git worktree add ../base <commit>`, with node_modules, then `npm run build` there).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const SECONDS = 4;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Shop = Awaited<ReturnType<typeof startShopProcess>>;

async function answers(url: string, seconds: number): Promise<number> {
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 10, duration: seconds, headers: HEADERS }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return result.requests.total;
}

/** the shop's CPU per answer (µs) over one load of `path` */
async function cpuPerAnswer(shop: Shop, path: string): Promise<number> {
  const before = shop.cpuMs()!;
  const total = await answers(`http://127.0.0.1:${shop.port}${path}`, SECONDS);
  return Math.round(((shop.cpuMs()! - before) * 1000) / Math.max(total, 1));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runSsrAbBench() {
  const other = process.env.BENCH_BASE;
  if (!other) throw new Error('BENCH_BASE: the folder of the built checkout to compare with');
  const shops: [string, Shop][] = [
    ['base', await startShopProcess({ PAGE_CACHE: 'off' }, other)],
    ['this', await startShopProcess({ PAGE_CACHE: 'off' })],
  ];
  try {
    const { product, category } = await benchPagePaths(shops[1]![1].port);
    const pages = ['/', product, category];
    console.log(
      `\nSSR A/B, page cache off, 10 connections, ${ROUNDS} rounds × ${SECONDS} s per page and shop, base ${other}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [, shop] of shops)
      for (const path of pages) await answers(`http://127.0.0.1:${shop.port}${path}`, 2);
    const cpu = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const path of pages)
        for (const [name, shop] of round % 2 ? [...shops].reverse() : shops) {
          const key = `${path}\t${name}`;
          cpu.set(key, [...(cpu.get(key) ?? []), await cpuPerAnswer(shop, path)]);
        }
    for (const path of pages) {
      const base = cpu.get(`${path}\tbase`)!;
      const ours = cpu.get(`${path}\tthis`)!;
      const change = ((median(ours) - median(base)) / median(base)) * 100;
      console.log(
        `${path.slice(0, 50).padEnd(52)} base ${median(base)} µs/answer (${base.join(' ')})  this ${median(ours)} µs/answer (${ours.join(' ')})  ${change >= 0 ? '+' : ''}${change.toFixed(0)} %`,
      );
    }
  } finally {
    for (const [, shop] of shops) await shop.close();
  }
}
