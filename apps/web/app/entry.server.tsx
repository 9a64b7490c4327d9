/**
 * The server entry: React Router's ServerRouter rendered by Preact (vite.config.ts aliases React to
 * preact/compat, README "Decisions") with the Content-Security-Policy nonce of the answer (load context
 * `cspNonce`, lib/csp-nonce.ts) on every inline script React Router writes.
 *
 * The page is answered whole, never streamed (`renderToStringAsync`: Suspense included). The shop server sends a
 * page in one piece anyway (apps/server/src/ssr.ts: no page defers data past its shell), and Preact's stream
 * renderer sends suspended parts at the end of <body> in <preact-island> elements that a script moves into
 * place; React Router's data stream (StreamTransfer) sits in a Suspense boundary after </html>, where that
 * script drops the island before its <script>s run, so the router's data never arrived and nothing hydrated.
 */
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import { CspNonce } from './lib/csp-nonce';
// the server renders every language: all three dictionaries (the browser loads one, entry.client.tsx)
import './i18n/all';

/** How long a render may wait for suspended parts (lazy components, the router's data) before it fails. */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`render took over ${streamTimeout} ms`)), streamTimeout);
  });
  try {
    const html = await Promise.race([
      renderToStringAsync(
        <CspNonce.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CspNonce.Provider>,
      ),
      timeout,
    ]);
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
  } finally {
    clearTimeout(timer);
  }
}

// The React Router this build bundles (vite.config.ts `ssr.noExternal`: its `react` is Preact), for the shop
// server to handle requests with: one React Router for both, so `data()` and error responses are recognised.
export { createRequestHandler } from 'react-router';
