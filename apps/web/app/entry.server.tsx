/**
 * React Router's default Node server entry (node_modules/@react-router/dev/dist/config/defaults/
 * entry.server.node.tsx, 7.18) with two changes:
 * - the Content-Security-Policy nonce of the answer (load context `cspNonce`, lib/csp-nonce.ts) on
 *   every inline script React and React Router write;
 * - the page is answered whole, once everything is rendered, from the chunks React wrote, never
 *   streamed. The shop server sends a page in one piece anyway (apps/server/src/ssr.ts: no page defers
 *   data past its shell), and carrying React's ~30-60 writes through a PassThrough, a web stream and
 *   the Response's reader cost about half a millisecond of CPU per page.
 */
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { CspNonce } from './lib/csp-nonce';
// the server renders every language: all three dictionaries (the browser loads one, entry.client.tsx)
import './i18n/all';
import dictionaryFiles from 'virtual:vitrina-dictionary-files';
import { setDictionaryFiles } from './i18n/dictionary-files';

// the page's dictionary is modulepreloaded (root.tsx): its files in this build
setDictionaryFiles(dictionaryFiles);

export const streamTimeout = 5_000;

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // the status as the shell left it: an error in a part rendered after it shows that part's error
    // boundary in a page that still answers as the shell did (as when it streamed)
    let status = responseStatusCode;

    // abort after streamTimeout, leaving time to flush the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>,
      {
        nonce,
        // the page is sent whole (onAllReady below): every Suspense boundary written in place. React
        // otherwise moves a boundary written after the first 12.8 kB to the end of the body, with a
        // script putting it back (the parts that hydrate later, components/ui/HydrateLater.tsx), so the
        // first paint could show the page without them
        progressiveChunkSize: Infinity,
        onShellReady() {
          shellRendered = true;
          status = responseStatusCode;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors of the shell are logged by handleDocumentRequest; these are the later ones
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
