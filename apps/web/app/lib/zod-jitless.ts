/**
 * Zod's parsers compile themselves with `new Function` when it is allowed, and find out by trying
 * it once. The shop's Content-Security-Policy forbids eval, so in the browser that try is a CSP
 * violation report on every page. The browser's parses are few and small: zod runs without its
 * compiler there. Imported first by the client entry, before any module that builds a schema.
 *
 * Zod keeps its settings in one global object, which it creates only when absent: setting it here
 * costs the first load nothing, while importing zod's `config` brought zod's core utilities
 * (~4 KiB gzip) into every page; zod itself is loaded by the forms that use it.
 * test/zod-jitless.test.ts checks that zod reads the setting.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
