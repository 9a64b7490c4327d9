// The shop server as one ES module, apps/server/dist/server.mjs, which `npm start`, the benches and
// the browser journeys run (memory).
//
// Why: run through tsx, the shop kept every TypeScript file's source, its transformed JavaScript and
// an inline source map in its heap, and tsx's loader thread is a second V8 isolate. Measured on the
// SSR bench's data after three pages, idle: 536-554 MB RSS (V8 heap used 175-178 MB) through tsx,
// 421 MB (71 MB) from this bundle.
//
// The workspace's own packages (@vitrina/*, TypeScript sources) are bundled; every npm package stays
// an import from node_modules, as through tsx. The files the code finds beside itself are copied
// beside the bundle: the database migrations (packages/db/src/migrate.ts looks in `./migrations`)
// and the invoice fonts (apps/api/src/invoice/pdf-fonts.ts, `./fonts`). A bundle older than any of its
// sources is built again (0.7 s); it is written to a temporary name and renamed, so a process that
// starts meanwhile reads the old one or the new one, never half of one.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/server/dist');
export const SERVER_BUNDLE = path.join(outDir, 'server.mjs');
const RENDER_THREAD = path.join(outDir, 'render-thread.mjs');
const PGLITE_THREAD = path.join(outDir, 'pglite-thread.mjs');

const SOURCES = [
  'apps/server/src',
  'apps/api/src',
  'packages/domain/src',
  'packages/demo/src',
  'packages/db/src',
  'packages/db/migrations',
];
const MIGRATIONS = path.join(root, 'packages/db/migrations');
const FONTS = path.join(root, 'apps/api/src/invoice/fonts');

export function serverBundleIsStale() {
  if (!existsSync(SERVER_BUNDLE) || !existsSync(RENDER_THREAD) || !existsSync(PGLITE_THREAD)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((dir) => newestMtime(path.join(root, dir)) > built);
}

export async function buildServerBundle() {
  const result = await build({
    // the shop, the worker file of its render threads (apps/server/src/render-threads.ts) and of
    // its embedded database's thread (packages/db/src/pglite-threaded.ts, PGLITE_THREAD)
    entryPoints: {
      server: path.join(root, 'apps/server/src/cli.ts'),
      'render-thread': path.join(root, 'apps/server/src/render-thread.ts'),
      'pglite-thread': path.join(root, 'packages/db/src/pglite-thread.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-stay-imports',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@vitrina/') ? null : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(outDir, { recursive: true });
  cpSync(MIGRATIONS, path.join(outDir, 'migrations'), { recursive: true });
  mkdirSync(path.join(outDir, 'fonts'), { recursive: true });
  for (const font of readdirSync(FONTS))
    copyFileSync(path.join(FONTS, font), path.join(outDir, 'fonts', font));
  // the render thread's file first: a shop started meanwhile finds the one its bundle starts
  const last = (file) => Number(file.path === SERVER_BUNDLE);
  const outputs = [...result.outputFiles].sort((a, b) => last(a) - last(b));
  for (const output of outputs) {
    const temporary = `${output.path}.${process.pid}.tmp`;
    writeFileSync(temporary, output.contents);
    renameSync(temporary, output.path);
  }
  return SERVER_BUNDLE;
}

/** the bundle's path, built first when it is missing or older than its sources */
export async function serverBundle() {
  if (serverBundleIsStale()) await buildServerBundle();
  return SERVER_BUNDLE;
}

// `node scripts/server-bundle.mjs`: build it now (`npm run build` does)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`server bundle → ${path.relative(root, await buildServerBundle())}`);
}
