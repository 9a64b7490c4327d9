// The Node flags and environment of the shop process, in one place: `npm start` (scripts/start.mjs) runs the shop with
// them, and so do the benches that start it (bench/shop-process.ts), so that what they measure (req/s,
// RSS) is the shop as it runs.

/**
 * No young generation flag: V8 gives each isolate its own, by default up to 16 MB semi-spaces on a
 * machine with 8 GB or more (the size this file wrote out until 2026-11-30), less on a smaller one. A
 * `--max-semi-space-size` flag would win over every worker thread's own limit (`resourceLimits`):
 * measured, a thread limited to a 6 MB young generation still grew a 32 MB new space under
 * `--max-semi-space-size=16`, and the embedded database's thread keeps a small one
 * (packages/db/src/pglite-threaded.ts, docs/decisions/0085-*.md). A 64 MB one (the flag until
 * 2026-11-27) shortened the tail of search latency beside the large, long-lived search index
 * (bench/search.ts at 100k products: text + filters p95 9.2 → 7.8 ms, a repeated misspelling 14 →
 * 2.2 ms), but once grown it keeps two 64 MB halves: under the SSR bench's loads the shop held 836-876
 * MB RSS with it and 610-695 MB without (same throughput within the noise, load 4). 9.2 ms is within
 * the performance goal of ≤ 10 ms search p95, so memory wins. A flag of your own in NODE_OPTIONS
 * applies (to every thread).
 *
 * @param {string | undefined} _nodeOptions the NODE_OPTIONS the shop will inherit
 * @returns {string[]}
 */
export function shopNodeFlags(_nodeOptions) {
  return [HEAP_GROWING];
}

/**
 * The old generation grows by at most half of what survived the last full collection. V8 picks a
 * factor between 1.1 and 4 from how fast it collects against how fast the program allocates; under
 * the SSR bench's rendered loads it chose near the top and kept ~100 MB of live heap in a 208-234 MB
 * old space that it did not give back. Measured (stop 26, load ~1.3, the demo shop rendering home,
 * category, product and /en for 10 s each at 10 connections): peak RSS 590 MB with V8's choice,
 * 421 MB with 50 and 376 MB with 25, requests served within the noise (~3,580 / ~3,590 / ~3,530).
 * 50 leaves room for a large catalogue's search index, whose builds allocate fast. Not in
 * NODE_OPTIONS: Node refuses this V8 flag there.
 */
const HEAP_GROWING = '--heap-growing-percent=50';

/**
 * What the shop process's environment adds: glibc's malloc hands every allocation of 128 KiB or more
 * (typed arrays: the search index's columns and postings, rendered pages) to mmap, and so back to
 * the system when it is freed. By default glibc raises that threshold as large blocks are freed (up
 * to 32 MiB), after which such blocks come from its heap, whose holes it rarely gives back: the
 * search index's builds grow and trim many large arrays. Measured (100k products,
 * three store views built, idle): 631 MB RSS without it, 496-590 MB with it. A value of your own in
 * the environment wins; a malloc other than glibc's (musl, jemalloc) ignores it.
 *
 * @param {NodeJS.ProcessEnv} env the environment the shop will inherit
 * @returns {Record<string, string>}
 */
export function shopEnv(env) {
  return env.MALLOC_MMAP_THRESHOLD_ ? {} : { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };
}
