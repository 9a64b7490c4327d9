import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Which modules the client build gathers in its one "shell" chunk (vite.config.ts), kept apart so the
 * test that holds the shell to what the first screens run (test/shell-group.test.ts) reads the same
 * rule the build does.
 */

/**
 * the app's shared modules, gathered in one chunk, with the domain modules they import (the group takes
 * a member's imports with it). The domain's other modules are not named here: those only a page, an
 * overlay or an engine loaded on demand uses stay with it (~4 KiB gzip less on the home and category
 * pages, one to five more small files).
 */
export const SHELL = /\/apps\/web\/app\/((lib|state|sync|pwa)\/|i18n\/(index|domain-messages\.client)\.ts)/;

/**
 * Shared modules no first screen runs, left where the bundler puts them (the chunks of the pages and
 * overlays that import them): the domain's zod schemas (zod alone was ~25 KiB gzip of every page),
 * which only forms, the back office and the API parse with; the cart, session, checkout and sync
 * engines, loaded at the first cart or account action or when the device holds work for them
 * (state/cart-view.ts, state/user-view.ts; ~10 KiB gzip of every page), with the folders their steps
 * live in (a folder is matched as a whole, so a file split into steps stays out); the service worker's
 * registration (imported at idle) and the pay-again link (the order pages').
 */
export const OUT_OF_SHELL =
  /\/packages\/domain\/src\/(contracts\/|checkout\/schemas\.ts|shop\/(shop-settings-schema|omniva-locations)\.ts|order\/webhook-events\.ts)|\/apps\/web\/app\/(state\/(cart(\.ts|\/(line-editor|store|stock-sync|sync)(\.ts|\/))|user\.ts|checkout(-options)?\.ts|delivery-country\.ts|sync-boot\.ts|address-form\.ts)|sync\/|pwa\/register\.ts|lib\/pay-again\.ts)/;

/**
 * React and React Router (with the packages React Router imports: cookie, set-cookie-parser), or Preact
 * where the browser's build renders with it (preact-aliases.ts): the client build's `framework` chunk,
 * evaluated in a task before the shell's (vite.config.ts). It imports no app module, so evaluating it
 * first evaluates nothing else. Not React DOM (`react-dom/`, the client entry's chunk) nor its scheduler.
 */
export const FRAMEWORK = /\/node_modules\/(react|react-router|cookie|set-cookie-parser|preact)\//;

/**
 * The root route, which every page's document runs. Not the client entry: its chunk holds React DOM,
 * evaluated in a task of its own after the routes' modules (the first paint's module script imports it
 * last), and its body starts the hydration, which must not run inside the shell's evaluation.
 */
const ROOT = 'app/root.tsx';

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"();]*?(?:from\s+)?['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/**
 * a module's relative value imports (not `import type`; `import()` only with `dynamicToo`), resolved
 * to .ts/.tsx files
 */
export function importsOf(file: string, dynamicToo = false): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(STATIC_IMPORT), ...(dynamicToo ? text.matchAll(DYNAMIC_IMPORT) : [])];
  return specs.flatMap((m) => {
    const base = resolve(dirname(file), m[1]!);
    const path = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((ext) => base + ext)
      .find((p) => existsSync(p) && statSync(p).isFile());
    return path && /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** the files reached from `starts` by static imports (and `import()` with `dynamicToo`) */
export function reachedFrom(starts: string[], dynamicToo = false): Set<string> {
  const reached = new Set(starts);
  const queue = [...starts];
  while (queue.length)
    for (const next of importsOf(queue.shift()!, dynamicToo))
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
  return reached;
}

let everyPage: Set<string> | undefined;

/**
 * The app's modules every page's document runs before it hydrates: those the root route reaches by static
 * imports. Left to the bundler, the ones a lazy part shares (the footer's blocks,
 * the error pages, the language switch, the badges, money, the e-mail and search term checks …) became
 * ~16 files of 0.2-1.6 KiB, each a request of the first load, a `modulepreload` and a module record more
 * in the first paint's preload tasks and in the evaluation task. They are loaded on every page anyway, so
 * one chunk holds them at no byte's cost.
 */
function runsOnEveryPage(id: string): boolean {
  const root = resolve(import.meta.dirname, ROOT);
  everyPage ??= reachedFrom([root]);
  // the route module itself stays the root route's chunk: the router imports it by name
  return id !== root && everyPage.has(id);
}

/** whether a module (its resolved path) goes to the shell chunk */
export function inShell(id: string): boolean {
  return (SHELL.test(id) || runsOnEveryPage(id)) && !OUT_OF_SHELL.test(id);
}
