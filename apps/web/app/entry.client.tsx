/**
 * React Router's default client entry (node_modules/@react-router/dev/dist/config/defaults/
 * entry.client.tsx, 7.18) with two changes. The route manifest is narrowed to the page's store view
 * first (lib/route-branches.ts: one route branch a page for the router to flatten, not four). The
 * page's dictionary is loaded before hydration. The browser
 * loads one language's dictionary, not all three (i18n/index.ts); hydrating before it
 * arrived would render keys and mismatch the server's HTML. The hydration itself is in
 * hydrate-document.tsx (React), or hydrate-document.preact.tsx in a build for Preact (preact-aliases.ts).
 */
import './lib/zod-jitless';
import { hydrateDocument } from './hydrate-document';
import { loadAllMessages, loadDictionary } from './i18n';
import { servesFirstScreen } from './inline-styles';
import { storeCodeOf } from './lib/store';
import { narrowRouteManifest } from './lib/route-branches';

narrowRouteManifest();
await loadDictionary(storeCodeOf(window.location.pathname));
// a page of no first screen's type (checkout, account …) names messages a first screen leaves for later
if (!servesFirstScreen()) await loadAllMessages();
await hydrateDocument();
