/**
 * React Router's default client entry (node_modules/@react-router/dev/dist/config/defaults/
 * entry.client.tsx, 7.18) with one change: the page's dictionary is loaded before hydration. The browser
 * loads one language's dictionary, not all three (i18n/index.ts); hydrating before it
 * arrived would render keys and mismatch the server's HTML.
 */
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadDictionary } from './i18n';
import { storeCodeOf } from './lib/store';

await loadDictionary(storeCodeOf(window.location.pathname));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
