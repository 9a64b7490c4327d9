/**
 * The Content-Security-Policy nonce of the response being rendered (issue #12 item 12): the shop
 * server makes one per answer (apps/server/src/page-security.ts) and hands it over in the load
 * context; entry.server.tsx gives it to React (its inline scripts), to React Router's
 * `<ServerRouter>` (streamed data) and, through this context, to the document's `<Scripts>`,
 * `<ScrollRestoration>` and inline stylesheet. In the browser there is none: the scripts it would
 * mark are the server's, and the browser hides a nonce from the page anyway.
 */
import { createContext, useContext } from 'react';

declare module 'react-router' {
  interface AppLoadContext {
    /** this answer's CSP nonce; absent when nothing sets a policy (tests, `react-router dev`) */
    cspNonce?: string;
  }
}

export const CspNonce = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonce);
}
