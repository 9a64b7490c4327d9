import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { messageCatalogue } from './app/i18n/domain-messages.catalogue.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { stylesByPageType } from './scripts/page-styles.ts';
import { preactInTheBrowser } from './preact-aliases.ts';
import { FRAMEWORK, inShell } from './shell-group.ts';

const DOMAIN_MESSAGES = fileURLToPath(
  new URL('../../packages/domain/src/messages/messages.ts', import.meta.url),
);
const CLIENT_MESSAGES = fileURLToPath(new URL('./app/i18n/domain-messages.client.ts', import.meta.url));
const VIRTUAL_MESSAGES = /^virtual:vitrina-messages\/(en|lt|ru)(\/later)?$/;

/**
 * The domain's message catalogue one language at a time in the browser (the three
 * languages were ~5 KiB gzip of every page's first-load JavaScript). In the client build only, the domain's
 * messages.ts is replaced by i18n/domain-messages.client.ts, which loads `virtual:vitrina-messages/<code>`
 * (that language's texts and the English ones, written here from the domain's catalogue) with the
 * page's dictionary: the texts a first screen shows; `virtual:vitrina-messages/<code>/later` holds the
 * rest, loaded after hydration. The server build keeps the domain's module with all three.
 */
function messagesPerLanguage(): Plugin {
  return {
    name: 'vitrina-messages-per-language',
    // before Vite's own resolver, which would otherwise resolve the domain's module first
    enforce: 'pre',
    async resolveId(source, importer) {
      if (VIRTUAL_MESSAGES.test(source)) return '\0' + source;
      if (this.environment.config.consumer !== 'client' || !importer) return null;
      if (!/messages(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === DOMAIN_MESSAGES ? CLIENT_MESSAGES : null;
    },
    load(id) {
      const match = id.startsWith('\0') ? VIRTUAL_MESSAGES.exec(id.slice(1)) : null;
      if (!match) return null;
      const part = match[2] ? 'later' : 'first';
      return `export default ${JSON.stringify(messageCatalogue(match[1] as 'en' | 'lt' | 'ru', part))};`;
    },
  };
}

const DICTIONARY_FILES = 'virtual:vitrina-dictionary-files';
const DICTIONARY_MODULE = /(\/apps\/web\/app\/i18n\/|^\0virtual:vitrina-messages\/)(en|lt|ru)(\.ts)?$/;

/**
 * The browser's files of each store view's dictionary (i18n/<code>.ts and its domain messages), for
 * the server render to modulepreload the page's own (root.tsx): the client entry awaits that
 * dictionary before hydrating, and without the hint the browser asked for it only once the entry had
 * run, a round trip later. The client build writes them beside its output (`<build>/dictionary-files.json`),
 * the server build, which runs after it, reads them (`virtual:vitrina-dictionary-files`); the
 * client's copy is empty.
 */
function dictionaryFiles(): Plugin {
  let clientOutDir = '';
  let building = false;
  const listFile = () => path.join(clientOutDir, '..', 'dictionary-files.json');
  return {
    name: 'vitrina-dictionary-files',
    configResolved(config) {
      // `react-router dev` serves modules by their source path: no files to name
      building = config.command === 'build';
      clientOutDir = path.resolve(config.root, config.environments.client?.build.outDir ?? 'build/client');
    },
    resolveId(source) {
      return source === DICTIONARY_FILES ? '\0' + source : null;
    },
    load(id) {
      if (id !== '\0' + DICTIONARY_FILES) return null;
      const client = this.environment.config.consumer === 'client';
      const files = client || !building || !existsSync(listFile()) ? '{}' : readFileSync(listFile(), 'utf8');
      return `export default ${files};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const base = this.environment.config.base;
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const code = DICTIONARY_MODULE.exec(chunk.facadeModuleId)?.[2];
        if (code) (files[code] ??= []).push(base + chunk.fileName);
      }
      mkdirSync(path.dirname(listFile()), { recursive: true });
      writeFileSync(listFile(), JSON.stringify(files));
    },
  };
}

export default defineConfig({
  // @vitrina/domain declares `sideEffects: false`, so the client bundle keeps only what it imports
  // (its zod schemas stay out of the browser unless a form needs them).
  plugins: [
    preactInTheBrowser(),
    messagesPerLanguage(),
    dictionaryFiles(),
    reactRouter(),
    compileHints(),
    stylesByPageType(),
  ],
  build: {
    target: 'es2022',
    // The app's shared modules (lib, state, sync, pwa, i18n, and the domain modules they import) in one "shell" chunk
    // instead of ~25 chunks of 0.2-2 kB: the app shell is loaded by every page anyway, and each of those
    // chunks was a <link rel=modulepreload> in <head> competing with the first paint (Lighthouse mobile
    // counts every high-priority request started before FCP). Measured: 34-41 first-load
    // requests down to 12-14; first-load bytes +2-4 kB gzip on home/category (modules used only by lazy
    // chunks now ride in the shell), -1 kB on product. Route modules and lazy components keep their
    // own chunks. Every module the root route reaches by static imports rides in it too (shell-group.ts:
    // the footer's blocks, the error pages, the language switch, the cards …, loaded on every page anyway;
    // ~16 more files of 0.2-1.6 kB before). Not in it: the dictionaries (i18n/en, lt, ru: the browser loads the page's language only)
    // and the account area's strings (i18n/account.ts, loaded by the lazy pages and overlays that use them).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and React Router apart from the shell, so the first paint's script evaluates them in a
            // task of their own before the app's modules (apps/server/src/first-paint.ts, FRAMEWORK_CHUNK):
            // the two were one evaluation task of ~20 ms of thread. React DOM stays in the entry's chunk.
            {
              name: 'framework',
              test: FRAMEWORK,
              priority: 1,
            },
            {
              name: 'shell',
              test: inShell,
            },
          ],
        },
      },
    },
  },
  server: {
    // In dev the API may run elsewhere; the shop server normally serves both.
    proxy: {
      '/vsbridge': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/api/url': process.env.API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
