/**
 * A render thread (render-threads.ts): React Router's request handler on the server build, its
 * loaders reading the API of the thread that started it through the message port.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { StorefrontReads } from '@vitrina/api';
import type { ApiFetch } from './in-process-fetch.ts';
import {
  READ_NAMES,
  type FromRenderThread,
  type RenderThreadData,
  type ToRenderThread,
} from './render-threads.ts';
import { preparePage } from './rendered-page.ts';

const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread (render-threads.ts)');
const { buildDir, mode } = workerData as RenderThreadData;

const build = (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
const handle = createRequestHandler(build, mode);

/** calls to the other thread under way: fetches and reads, by id */
const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextCall = 1;

function send(message: FromRenderThread, transfer: ArrayBuffer[] = []) {
  port!.postMessage(message, transfer);
}

function call<T>(message: (id: number) => FromRenderThread): Promise<T> {
  const id = nextCall++;
  return new Promise<T>((resolve, reject) => {
    calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
    send(message(id));
  });
}

const apiFetch: ApiFetch = async (input, init = {}) => {
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
    throw new TypeError('a render thread sends only text bodies to the API');
  const answer = await call<Extract<ToRenderThread, { kind: 'fetched' }>>((id) => ({
    kind: 'fetch',
    id,
    input,
    method: init.method ?? 'GET',
    headers: [...new Headers(init.headers)],
    ...(typeof init.body === 'string' ? { body: init.body } : {}),
  }));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
};

const apiReads = Object.fromEntries(
  READ_NAMES.map((name) => [
    name,
    (...args: unknown[]) => call<object>((id) => ({ kind: 'read', id, name, args })),
  ]),
) as unknown as StorefrontReads;

/** the bytes of `buffer` in an ArrayBuffer of their own, to transfer (a small Buffer may share Node's pool) */
function ownBytes(buffer: Buffer): ArrayBuffer {
  if (
    buffer.byteOffset === 0 &&
    buffer.byteLength === buffer.buffer.byteLength &&
    buffer.buffer instanceof ArrayBuffer
  )
    return buffer.buffer;
  return new Uint8Array(buffer).slice().buffer;
}

async function render(ask: Extract<ToRenderThread, { kind: 'render' }>) {
  try {
    const request = new Request(ask.url, { method: ask.method, headers: ask.headers });
    const response = await handle(request, {
      apiFetch,
      apiReads,
      cspNonce: ask.cspNonce,
      clientAddress: ask.clientAddress,
    });
    const { page, gzip, shared } = await preparePage(response, ask.cspNonce, ask.wants);
    const body = !page && !shared && response.body ? await response.arrayBuffer() : null;
    const [pageBytes, gzipBytes] = [page && ownBytes(page), gzip && ownBytes(gzip)];
    const sharedBytes = shared && {
      body: ownBytes(shared.body),
      csp: shared.csp,
      gzip: ownBytes(shared.gzip),
      routerData: shared.routerData && {
        body: ownBytes(shared.routerData.body),
        gzip: ownBytes(shared.routerData.gzip),
      },
    };
    send(
      {
        kind: 'rendered',
        id: ask.id,
        status: response.status,
        headers: [...response.headers],
        body,
        page: pageBytes,
        gzip: gzipBytes,
        shared: sharedBytes,
      },
      [
        body,
        pageBytes,
        gzipBytes,
        sharedBytes?.body,
        sharedBytes?.gzip,
        sharedBytes?.routerData?.body,
        sharedBytes?.routerData?.gzip,
      ].filter((b) => b !== null && b !== undefined),
    );
  } catch (error) {
    send({
      kind: 'renderFailed',
      id: ask.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

port.on('message', (message: ToRenderThread) => {
  if (message.kind === 'render') {
    void render(message);
    return;
  }
  if (message.kind === 'close') {
    port.close();
    return;
  }
  const pending = calls.get(message.id);
  calls.delete(message.id);
  if (!pending) return;
  if (message.kind === 'callFailed') pending.reject(new Error(message.message));
  else if (message.kind === 'readDone') pending.resolve(message.value);
  else pending.resolve(message);
});
