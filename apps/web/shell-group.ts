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

/** whether a module (its resolved path) goes to the shell chunk */
export function inShell(id: string): boolean {
  return SHELL.test(id) && !OUT_OF_SHELL.test(id);
}
