/**
 * The server entry: React Router's ServerRouter rendered by Preact (vite.config.ts aliases React to
 * preact/compat) with the Content-Security-Policy nonce of the answer (load context `cspNonce`,
 * lib/csp-nonce.ts) on every inline script React Router writes.
 *
 * Not streamed: the whole document is rendered, Suspense included, before the answer starts
 * (`renderToStringAsync`). Preact's stream renderer (`renderToPipeableStream`) sends suspended parts at the end
 * of <body> in <preact-island> elements that a script moves into place; React Router's data stream
 * (StreamTransfer) sits in a Suspense boundary after </html>, where that script gives up and drops the island
 * before its <script>s run, so the router's data never arrived and nothing hydrated. The loaders have
 * resolved everything before the render starts (no deferred data here), so waiting costs little.
 */
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import { CspNonce } from './lib/csp-nonce';

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
    responseHeaders.set('Content-Type', 'text/html');
    return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
  } finally {
    clearTimeout(timer);
  }
}

// The React Router this build bundles (vite.config.ts `ssr.noExternal`: its `react` is Preact), for the shop
// server to handle requests with: one React Router for both, so `data()` and error responses are recognised.
export { createRequestHandler } from 'react-router';
