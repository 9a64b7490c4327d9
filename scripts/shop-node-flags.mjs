// The Node flags of the shop process, in one place: `npm start` (scripts/start.mjs) runs the shop with
// them, and so do the benches that start it (bench/shop-process.ts), so that what they measure (req/s,
// RSS: issue #16) is the shop as it runs.

/**
 * A 16 MB young generation (V8's default), written out because it is a decision (issue #16 goal 7:
 * the demo shop under load in ≤ 500 MB RSS). A 64 MB one (the flag until 2026-11-27) shortened the
 * tail of search latency beside the large, long-lived search index (bench/search.ts at 100k
 * products: text + filters p95 9.2 → 7.8 ms, a repeated misspelling 14 → 2.2 ms), but once grown it
 * keeps two 64 MB halves: under the SSR bench's loads the shop held 836-876 MB RSS with it and
 * 610-695 MB without (same throughput within the noise, load 4). 9.2 ms is within issue #16's
 * ≤ 10 ms search p95, so memory wins. A flag of your own in NODE_OPTIONS wins over this one.
 *
 * @param {string | undefined} nodeOptions the NODE_OPTIONS the shop will inherit
 * @returns {string[]}
 */
export function shopNodeFlags(nodeOptions) {
  return /--max-semi-space-size/.test(nodeOptions ?? '') ? [] : ['--max-semi-space-size=16'];
}
