/**
 * Pages rendered in worker threads ("use every core" with the embedded database).
 *
 * The embedded database (PGlite) admits one process, so node:cluster cannot spread the shop over
 * the cores. What can move is the render: React Router's loaders and React, the largest share of a
 * page's CPU in the SSR profile. Each render thread loads the server build and renders GET and
 * HEAD pages; its loaders' data comes from this thread's API through the same two seams a render
 * here uses (`apiFetch`, `apiReads`), carried over the thread's message port. The database, the
 * search index, the caches, rate limits and every write stay in this thread, once; a form posted
 * to a route action renders here too (its body is a stream of this thread's request).
 *
 * The protocol (types below): this thread sends `render`; the render thread answers `rendered` or
 * `renderFailed`, and meanwhile asks `fetch` and `read`, answered by `fetched`, `readDone` or
 * `callFailed`.
 */
import { Worker } from 'node:worker_threads';
import type { StorefrontReads } from '@vitrina/api';
import type { ApiFetch } from './in-process-fetch.ts';
import type { PageWants, RenderedPage } from './rendered-page.ts';

type HeaderList = [string, string][];

/** what this thread sends a render thread */
export type ToRenderThread =
  | {
      kind: 'render';
      id: number;
      url: string;
      method: string;
      headers: HeaderList;
      cspNonce: string;
      clientAddress: string;
      wants: PageWants;
    }
  /** no more renders: the thread closes its port and ends */
  | { kind: 'close' }
  | { kind: 'fetched'; id: number; status: number; headers: HeaderList; body: ArrayBuffer | null }
  | { kind: 'readDone'; id: number; value: object }
  | { kind: 'callFailed'; id: number; message: string };

/** what a render thread sends back */
export type FromRenderThread =
  | {
      kind: 'rendered';
      id: number;
      status: number;
      headers: HeaderList;
      /** the response's body, but for an HTML page: `page` and `gzip`, or `shared` (rendered-page.ts) */
      body: ArrayBuffer | null;
      page?: ArrayBuffer | undefined;
      gzip?: ArrayBuffer | undefined;
      shared?:
        | {
            body: ArrayBuffer;
            csp: string;
            gzip: ArrayBuffer;
            routerData?: { body: ArrayBuffer; gzip: ArrayBuffer } | undefined;
          }
        | undefined;
    }
  | { kind: 'renderFailed'; id: number; message: string }
  | { kind: 'fetch'; id: number; input: string; method: string; headers: HeaderList; body?: string }
  | { kind: 'read'; id: number; name: ReadName; args: unknown[] };

/** every read of StorefrontReads, checked complete by the compiler */
const READS = { search: true, homePage: true, storeInfo: true, deliveryOptions: true } satisfies Record<
  keyof StorefrontReads,
  true
>;
export type ReadName = keyof typeof READS;
export const READ_NAMES = Object.keys(READS) as ReadName[];

export type RenderThreadData = { buildDir: string; mode: 'production' | 'development' };

type Pending = { resolve: (rendered: RenderedPage) => void; reject: (error: Error) => void };
type Thread = {
  worker: Worker;
  pending: Map<number, Pending>;
  drained?: (() => void) | undefined;
  /** when its last render ended (or it started) */
  idleSince: number;
  /** ended for being idle (`RENDER_THREAD_IDLE_MS`): its exit is no death */
  retired?: boolean;
};

/**
 * A render thread's young generation (MB; V8's two semi-spaces and its new large objects): 12 gives
 * 4 MB semi-spaces instead of the 16 MB ones every isolate may grow to. What a render allocates (the
 * loaders' data, the React tree, the HTML's pieces) is dead once its page is sent. Rendering pages the
 * cache does not hold (a shop's warm-up, the pages no one asked for yet), each thread's new space grew
 * to 32 MB, 8 MB with this limit; the shop's peak RSS was 508 and 513 MB without it, 472 and 453 MB
 * with it, the CPU per page within the noise (docs/decisions/0092-*.md). As with the database
 * thread's limit, a `--max-semi-space-size` flag would override it (scripts/shop-node-flags.mjs).
 */
export const RENDER_THREAD_YOUNG_GENERATION_MB = 12;

/**
 * A render thread beyond the first ends after this long without a render, and starts again when
 * renders queue on every running thread (`render`). Under the shopper mix the pages come from the page cache:
 * once the warm-up had rendered them, each render thread used 0.0-0.1 s of CPU in 20 s while holding
 * ~35-40 MB of RSS (its heap and the server build). The first thread stays, so a page the cache
 * lacks never waits for a thread to start (docs/decisions/0120-*.md).
 */
export const RENDER_THREAD_IDLE_MS = 15_000;

/** how long a closing shop waits for the renders under way */
const CLOSE_WAIT_MS = 10_000;
/**
 * Threads that die this often are not replaced (a thread that cannot start would otherwise be
 * restarted in a loop): the main thread renders the pages the remaining threads do not (`size`).
 */
const DEATHS_PER_MINUTE = 10;

/**
 * The worker: the bundle's `render-thread.mjs` beside this module (scripts/server-bundle.mjs), which
 * inherits the process's Node options (a worker's default; --cpu-prof too); or, when the shop runs
 * from its sources (tests, `npm run dev`), render-thread.ts imported through tsx's API (Node 20's
 * workers do not take `--import tsx`'s loader).
 */
function threadScript(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./render-thread.mjs', import.meta.url);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const thread = JSON.stringify(new URL('./render-thread.ts', import.meta.url).href);
  const code = `const { tsImport } = await import(${api}); await tsImport(${thread}, ${thread});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export class RenderThreads {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closing = false;
  /** when threads died, the last minute's */
  private deaths: number[] = [];

  constructor(
    private readonly opts: {
      count: number;
      buildDir: string;
      mode: RenderThreadData['mode'];
      apiFetch: ApiFetch;
      apiReads?: StorefrontReads | undefined;
      /** a thread that died (its renders fail with 500; a new one takes its place) */
      onThreadError: (error: Error) => void;
      /** RENDER_THREAD_IDLE_MS by default (tests shorten it) */
      idleMs?: number;
    },
  ) {
    for (let i = 0; i < opts.count; i++) this.threads.push(this.start());
    const idleMs = opts.idleMs ?? RENDER_THREAD_IDLE_MS;
    this.idleCheck = setInterval(() => this.retireIdle(idleMs), Math.max(10, idleMs / 3));
    this.idleCheck.unref();
  }

  private readonly idleCheck: ReturnType<typeof setInterval>;
  /** no thread is started on demand once they kept dying (DEATHS_PER_MINUTE) */
  private gaveUp = false;

  /** the threads running: none when they kept dying (DEATHS_PER_MINUTE) */
  get size(): number {
    return this.threads.length;
  }

  /** `request` rendered by the thread with the fewest renders under way, the first preferred (rendered-page.ts) */
  render(request: Request, cspNonce: string, clientAddress: string, wants: PageWants): Promise<RenderedPage> {
    // the first thread takes a render unless it has two under way more than another thread: the
    // others are for renders that queue, so that a thread the trickle of a cached shop's renders
    // does not need stays idle and ends (RENDER_THREAD_IDLE_MS)
    const load = (t: Thread) => t.pending.size + (t === this.threads[0] ? 0 : 1);
    const thread = this.threads.reduce((a, b) => (load(b) < load(a) ? b : a));
    // renders queue on every running thread: an ended one starts again for the renders after this one
    if (load(thread) >= 2 && this.threads.length < this.opts.count && !this.gaveUp && !this.closing)
      this.threads.push(this.start());
    const id = this.nextId++;
    return new Promise<RenderedPage>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      this.post(thread.worker, {
        kind: 'render',
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        cspNonce,
        clientAddress,
        wants,
      });
    });
  }

  /** the renders under way end first (the server takes no new requests by then), then the threads */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.idleCheck);
    await Promise.all(
      this.threads.map(
        (thread) =>
          new Promise<void>((resolve) => {
            if (thread.pending.size === 0) return resolve();
            thread.drained = resolve;
            setTimeout(resolve, CLOSE_WAIT_MS).unref();
          }),
      ),
    );
    await Promise.all(this.threads.map((thread) => this.end(thread.worker)));
  }

  /** the threads beyond the first that rendered nothing for `idleMs` end (RENDER_THREAD_IDLE_MS) */
  private retireIdle(idleMs: number) {
    if (this.closing) return;
    const now = Date.now();
    for (const thread of this.threads.slice(1)) {
      if (thread.pending.size > 0 || now - thread.idleSince < idleMs) continue;
      thread.retired = true;
      this.threads.splice(this.threads.indexOf(thread), 1);
      void this.end(thread.worker);
    }
  }

  /** a thread told to end, stopped if it has not within a second */
  private async end(worker: Worker): Promise<void> {
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    this.post(worker, { kind: 'close' });
    const late = setTimeout(() => void worker.terminate(), 1000);
    await exited;
    clearTimeout(late);
  }

  private start(): Thread {
    const script = threadScript();
    const workerData: RenderThreadData = { buildDir: this.opts.buildDir, mode: this.opts.mode };
    const worker = new Worker(script, {
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_GENERATION_MB },
    });
    const thread: Thread = { worker, pending: new Map(), idleSince: Date.now() };
    worker.on('message', (message: FromRenderThread) => this.onMessage(thread, message));
    worker.on('error', (error) => this.opts.onThreadError(error));
    worker.on('exit', (code) => {
      for (const { reject } of thread.pending.values())
        reject(new Error(`render thread stopped (exit code ${code})`));
      thread.pending.clear();
      if (this.closing || thread.retired) return;
      const now = Date.now();
      this.deaths = [...this.deaths.filter((t) => now - t < 60_000), now];
      const index = this.threads.indexOf(thread);
      if (this.deaths.length >= DEATHS_PER_MINUTE) {
        this.gaveUp = true;
        this.threads.splice(index, 1);
        this.opts.onThreadError(
          new Error(
            `render thread stopped (exit code ${code}); ${this.deaths.length} stopped within a minute, ` +
              `not starting another (${this.threads.length} left; the main thread renders without them)`,
          ),
        );
        return;
      }
      this.opts.onThreadError(new Error(`render thread stopped (exit code ${code}); starting another`));
      this.threads[index] = this.start();
    });
    return thread;
  }

  private onMessage(thread: Thread, message: FromRenderThread) {
    switch (message.kind) {
      case 'rendered': {
        const response = new Response(message.body, { status: message.status, headers: message.headers });
        this.settle(thread, message.id)?.resolve({
          response,
          page: message.page && Buffer.from(message.page),
          gzip: message.gzip && Buffer.from(message.gzip),
          shared: message.shared && {
            body: Buffer.from(message.shared.body),
            csp: message.shared.csp,
            gzip: Buffer.from(message.shared.gzip),
            routerData: message.shared.routerData && {
              body: Buffer.from(message.shared.routerData.body),
              gzip: Buffer.from(message.shared.routerData.gzip),
            },
          },
        });
        return;
      }
      case 'renderFailed':
        this.settle(thread, message.id)?.reject(new Error(message.message));
        return;
      case 'fetch':
        void this.answerFetch(thread.worker, message);
        return;
      case 'read':
        void this.answerRead(thread.worker, message);
        return;
    }
  }

  private settle(thread: Thread, id: number): Pending | undefined {
    const pending = thread.pending.get(id);
    thread.pending.delete(id);
    if (thread.pending.size === 0) {
      thread.idleSince = Date.now();
      thread.drained?.();
    }
    return pending;
  }

  private async answerFetch(worker: Worker, ask: Extract<FromRenderThread, { kind: 'fetch' }>) {
    try {
      const response = await this.opts.apiFetch(ask.input, {
        method: ask.method,
        headers: ask.headers,
        ...(ask.body === undefined ? {} : { body: ask.body }),
      });
      const body = response.body ? await response.arrayBuffer() : null;
      this.post(
        worker,
        { kind: 'fetched', id: ask.id, status: response.status, headers: [...response.headers], body },
        body ? [body] : [],
      );
    } catch (error) {
      this.post(worker, { kind: 'callFailed', id: ask.id, message: messageOf(error) });
    }
  }

  private async answerRead(worker: Worker, ask: Extract<FromRenderThread, { kind: 'read' }>) {
    const reads = this.opts.apiReads;
    try {
      if (!reads || !Object.hasOwn(READS, ask.name)) throw new Error(`no read ${String(ask.name)}`);
      const read = reads[ask.name] as (...args: unknown[]) => Promise<object>;
      this.post(worker, { kind: 'readDone', id: ask.id, value: await read.apply(reads, ask.args) });
    } catch (error) {
      this.post(worker, { kind: 'callFailed', id: ask.id, message: messageOf(error) });
    }
  }

  private post(worker: Worker, message: ToRenderThread, transfer: ArrayBuffer[] = []) {
    worker.postMessage(message, transfer);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
