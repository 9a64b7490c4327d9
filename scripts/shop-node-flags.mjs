// The Node flags of the shop process, in one place: `npm start` (scripts/start.mjs) runs the shop with
// them, and so do the benches that start it (bench/shop-process.ts), so that what they measure (req/s,
// RSS: issue #16) is the shop as it runs.

/**
 * A 64 MB young generation (V8's default is 16 MB): the process holds a large, long-lived search
 * index, and with the small default the frequent minor collections (about 3 ms each beside it) were
 * the tail of search latency (bench/search.ts at 100k products: text + filters p95 9.2 → 7.8 ms, a
 * repeated misspelling 14 → 2.2 ms). Its price is memory: once grown, the young generation keeps two
 * 64 MB halves (demo shop after the SSR bench's loads: about 90 MB more RSS than with the default).
 * A flag of your own in NODE_OPTIONS wins.
 *
 * @param {string | undefined} nodeOptions the NODE_OPTIONS the shop will inherit
 * @returns {string[]}
 */
export function shopNodeFlags(nodeOptions) {
  return /--max-semi-space-size/.test(nodeOptions ?? '') ? [] : ['--max-semi-space-size=64'];
}
