/**
 * React Router's default browser entry (node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx,
 * 7.18) with one change for Preact (vite.config.ts): a Suspense boundary around the router. HydratedRouter
 * throws a promise on its first render while it decodes the server's data stream; React suspends the root for
 * that, Preact needs a boundary (without one the promise is an uncaught error and nothing hydrates). Preact
 * keeps the server's DOM while a boundary suspends during hydration, and hydrates once the data is decoded.
 */
import { startTransition, StrictMode, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Suspense fallback={null}>
        <HydratedRouter />
      </Suspense>
    </StrictMode>,
  );
});
