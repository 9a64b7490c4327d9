/**
 * The Content-Security-Policy nonce of the response being rendered: the shop
 * server makes one per answer (apps/server/src/page-security.ts) and hands it over in the load
 * context; entry.server.tsx gives it to React (its inline scripts), to React Router's
 * `<ServerRouter>` (streamed data) and, through this context, to the document's `<Scripts>`,
 * `<ScrollRestoration>` and inline stylesheet. In the browser it is the nonce of the document's own
 * elements: when React renders the document again on the client (a hydration it gave up, an error
 * at the root), the stylesheet it writes anew needs the page's nonce, or the policy blocks it. (The
 * browser hides a nonce from the attribute, not from the element's `nonce` property.)
 */
import { createContext, useContext } from 'react';

declare module 'react-router' {
  interface AppLoadContext {
    /** this answer's CSP nonce; absent when nothing sets a policy (tests, `react-router dev`) */
    cspNonce?: string;
    /** the browser's address (the shop server's `request.ip`): the back office's login rate limit */
    clientAddress?: string;
  }
}

export const CspNonce = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonce) ?? documentNonce();
}

/**
 * The nonce of the document the server sent, read once: a document rendered anew must not read its
 * own copy (Preact, in a browser build on it, removes the old <html> before it renders the new one).
 */
let pageNonce: string | undefined;

function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  pageNonce ||= document.querySelector<HTMLElement>('[nonce]')?.nonce || undefined;
  return pageNonce;
}
