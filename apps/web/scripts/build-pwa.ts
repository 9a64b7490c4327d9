/**
 * The PWA step of `npm run build -w @vitrina/web`, after `react-router build`:
 *  - PNG icons from public/favicon.svg (sharp) into <build>/client/icons/;
 *  - the web app manifest of each store view into <build>/pwa/manifest.<code>.webmanifest;
 *  - the client manifest (assets and page groups for prefetch) into <build>/pwa/client-manifest.json;
 *  - the service worker bundled with esbuild, its precache list (every client file,
 *    fingerprinted files without a revision, others with a content hash) injected, into
 *    <build>/pwa/service-worker.js.
 * apps/server/src/pwa.ts serves <build>/pwa/. The build folder is VITRINA_WEB_BUILD_DIR or ./build.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import { STORE_CODES } from '@vitrina/domain';
import { THEME_COLOR, webManifest } from '../app/pwa/web-manifest';
import {
  backOfficeOnlyFiles,
  parseRouterManifest,
  prefetchGroups,
  type ClientManifest,
} from '../app/pwa/client-manifest';

const webDir = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(webDir, process.env.VITRINA_WEB_BUILD_DIR ?? 'build');
const clientDir = path.join(buildDir, 'client');
const pwaDir = path.join(buildDir, 'pwa');

const FINGERPRINTED = /^assets\//;

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

const hashOf = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 16);

async function writeIcons() {
  const svg = await readFile(path.join(webDir, 'public', 'favicon.svg'));
  const iconsDir = path.join(clientDir, 'icons');
  await mkdir(iconsDir, { recursive: true });
  // 32: the tab's icon (a raster decodes in well under a millisecond; the SVG was parsed as a
  // document on the page's main thread again after every same-document navigation)
  for (const size of [32, 192, 512]) {
    await sharp(svg, { density: 1200 })
      .resize(size, size)
      .png()
      .toFile(path.join(iconsDir, `icon-${size}.png`));
  }
  // maskable: the mark inside the 80 % safe zone on a full-bleed brand background
  const inner = Math.round(512 * 0.8);
  const mark = await sharp(svg, { density: 1200 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME_COLOR } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toFile(path.join(iconsDir, 'maskable-512.png'));
}

async function main() {
  await mkdir(pwaDir, { recursive: true });
  await writeIcons();

  const manifests: { url: string; body: string }[] = STORE_CODES.map((code) => ({
    url: code === 'lt' ? '/manifest.webmanifest' : `/${code}/manifest.webmanifest`,
    body: JSON.stringify(webManifest(code), null, 2),
  }));
  for (const [i, code] of STORE_CODES.entries())
    await writeFile(path.join(pwaDir, `manifest.${code}.webmanifest`), manifests[i]!.body);

  const files = await listFiles(clientDir);
  const routerManifestFile = files.find((f) => /^assets\/manifest-[\w-]+\.js$/.test(f));
  if (!routerManifestFile) throw new Error(`no React Router manifest in ${clientDir}/assets`);
  const routerManifest = parseRouterManifest(
    await readFile(path.join(clientDir, routerManifestFile), 'utf8'),
  );
  // the back office's own chunks are never precached: a shopper's device never fetches them
  const backOffice = backOfficeOnlyFiles(routerManifest);
  const assets: ClientManifest['assets'] = [];
  const precache: { url: string; revision: string | null }[] = [];
  for (const file of files) {
    const full = path.join(clientDir, file);
    const url = `/${file}`;
    assets.push({ url, bytes: (await stat(full)).size });
    // admin-*.css: the back office's stylesheet, linked by its routes (`?url`), not listed as route css
    if (backOffice.has(url) || /^\/assets\/admin-[\w-]+\.css$/.test(url)) continue;
    precache.push({ url, revision: FINGERPRINTED.test(file) ? null : hashOf(await readFile(full)) });
  }
  for (const m of manifests) precache.push({ url: m.url, revision: hashOf(m.body) });

  const version = hashOf(JSON.stringify(precache));
  const clientManifest: ClientManifest = {
    version,
    assets,
    groups: prefetchGroups(
      routerManifest,
      assets.map((a) => a.url),
    ),
  };
  const clientManifestBody = JSON.stringify(clientManifest);
  await writeFile(path.join(pwaDir, 'client-manifest.json'), clientManifestBody);
  precache.push({ url: '/dist/client-manifest.json', revision: hashOf(clientManifestBody) });

  const result = await build({
    entryPoints: [path.join(webDir, 'sw', 'service-worker.ts')],
    outfile: path.join(pwaDir, 'service-worker.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    define: {
      'self.__WB_MANIFEST': JSON.stringify(precache),
      'process.env.NODE_ENV': '"production"',
    },
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  console.log(
    `PWA: service worker ${Math.round(bytes / 1024)} kB, ${precache.length} files precached (${Math.round(
      assets.reduce((s, a) => s + a.bytes, 0) / 1024,
    )} kB), version ${version} → ${path.relative(process.cwd(), pwaDir)}`,
  );
}

await main();
