/**
 * The document React rendered on the server, hydrated by Preact (a build with
 * VITRINA_BROWSER_RENDERER=preact: apps/web/preact-aliases.ts resolves React to preact/compat and this
 * module in place of hydrate-document.tsx). Four differences from React's way:
 * - hydration starts once React Router has decoded the server's data stream. HydratedRouter throws a promise
 *   on its first render while it decodes; React suspends the root for that, Preact has no root to suspend
 *   (the promise is an uncaught error and nothing hydrates), and a Suspense boundary around the router is
 *   worse: Preact's useSyncExternalStore kept reading the server snapshot after a hydration that suspended
 *   (the account pages stayed "Loading…"). So the router is rendered once, detached, to get that promise;
 * - the image preloads React added to <head> are removed first (dropServerOnlyHints);
 * - the document is hydrated through a stand-in parent (documentAsParent);
 * - the scripts it renders stay inert, as React's do (inertScripts);
 * - each part that hydrates later keeps all its server nodes while it waits (keepDeferredParts).
 * The hydration is one task (Preact does not slice it); `vitrina:hydrate` measures it (performance.measure).
 */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { render, type ComponentChild } from 'preact';
import { HydratedRouter } from 'react-router/dom';
import { keepDeferredParts } from './keep-deferred-parts';

async function routerDataDecoded() {
  const probe = document.createElement('div');
  try {
    // Preact's own render: the JSX is typed as React's (@types/react), the runtime is Preact
    render((<HydratedRouter />) as unknown as ComponentChild, probe);
  } catch (pending) {
    if (!(pending instanceof Promise)) throw pending;
    await pending;
  } finally {
    render(null, probe);
  }
}

/**
 * Preact 11 renders into `document` as into <html> (its render.js: `parentDom = parentDom.documentElement`), so
 * the root's <html> found no <html> among <head> and <body> and a second one was built inside the first. This
 * stands for the document with <html> as its only child, so the server's <html> is hydrated in place.
 */
function documentAsParent(): Element {
  const html = document.documentElement;
  return {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  } as unknown as Element;
}

/**
 * The server renders with React, which adds a `<link rel="preload" as="image">` to <head> for the page's first
 * eager images. Preact does not render them, and its hydration pairs elements by tag name in order: left in
 * place, each would shift every later link of the head onto the next one's attributes and move the nodes after
 * them (the stylesheet too, which the browser then parses again). They have done their work by now (scripts
 * start after the window's load, apps/server/src/first-paint.ts).
 */
function dropServerOnlyHints(): void {
  for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
}

/**
 * A <script> the browser's render creates stays inert, as React makes it (it parses `<script></script>` in a
 * <div>, which marks it as already started). Preact creates elements with createElementNS, so a script it
 * rendered anew ran: a document rendered anew (an error at the root, e.g. an unseen product offline) re-ran
 * the head's inline scripts, which a page from the service worker's copy (its policy by hashes, not by this
 * answer's nonce) refused as CSP violations (the offline journey).
 */
function inertScripts(): void {
  const create = document.createElementNS.bind(document);
  document.createElementNS = ((namespace: string | null, name: string, options?: ElementCreationOptions) => {
    if (name !== 'script' || namespace !== 'http://www.w3.org/1999/xhtml')
      return create(namespace, name, options);
    const holder = document.createElement('div');
    holder.innerHTML = '<script></script>';
    return holder.firstChild!;
  }) as typeof document.createElementNS;
}

export async function hydrateDocument(): Promise<void> {
  inertScripts();
  keepDeferredParts();
  dropServerOnlyHints();
  await routerDataDecoded();
  performance.mark('vitrina:hydrate-start');
  hydrateRoot(
    documentAsParent(),
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
  performance.measure('vitrina:hydrate', 'vitrina:hydrate-start');
}
