/**
 * The document hydrated by React, as React Router's default client entry does it (a build for Preact
 * takes hydrate-document.preact.tsx in its place: apps/web/preact-aliases.ts).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

export async function hydrateDocument(): Promise<void> {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
