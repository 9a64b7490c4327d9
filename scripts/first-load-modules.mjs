/**
 * Which modules make up a page's first-load JavaScript: reads a client build made with source maps
 * (`VITRINA_WEB_BUILD_DIR=build-sm npx react-router build --sourcemapClient` in apps/web) and the file list
 * `BENCH_ONLY=js BENCH_VERBOSE=1 npm run bench` prints for one page (on stdin), and shares each file's gzip
 * size among its source modules by their share of its minified bytes (gzip per module alone would count
 * each module's own dictionary; this counts what the page pays). The hashes of the two builds differ, so
 * files are matched by name without the hash.
 * Usage: node scripts/first-load-modules.mjs <that build's client folder> < page-files.txt
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

if (!process.argv[2])
  throw new Error('usage: node scripts/first-load-modules.mjs <client build folder> < page-files.txt');
const dir = path.join(process.argv[2], 'assets');
const assets = readdirSync(dir).filter((f) => f.endsWith('.js'));
const stem = (f) => f.replace(/-[\w-]{8}\.js$/, '');
/** the bench's lines: `  9.0 KiB  before  /assets/lt-DFV2pK4i.js` */
const wanted = readFileSync(0, 'utf8')
  .split('\n')
  .map((l) => /([\d.]+) KiB\s+\w+\s+\/assets\/([^\s]+\.js)/.exec(l))
  .filter(Boolean)
  .map((m) => ({ name: m[2], kib: Number(m[1]) }));
const gzipOf = (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 6 }).length;

/** The group a module is reported under: what the question "can the first screen do without it" is about. */
function group(source) {
  if (/node_modules\/react-dom\//.test(source)) return 'react-dom';
  if (/node_modules\/(react|scheduler)\//.test(source)) return 'react + scheduler';
  if (/node_modules\/(react-router|@react-router)\//.test(source)) return 'react-router';
  if (/node_modules\/(cookie|set-cookie-parser|turbo-stream)\//.test(source)) return 'react-router (deps)';
  if (/node_modules\//.test(source))
    return 'other packages: ' + /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)[1];
  if (/vitrina-messages|app\/i18n\/(en|lt|ru)\.ts/.test(source)) return 'dictionary (one store view)';
  if (/(^|\/)(en|lt|ru)-[\w-]{8}\.js$/.test(source)) return 'dictionary (one store view)';
  if (/app\/i18n\//.test(source)) return 'i18n runtime';
  if (/app\/api-client\//.test(source)) return 'api client';
  if (/packages\/domain\//.test(source)) return 'domain rules';
  if (/app\/(state|sync)\//.test(source)) return 'state (views, no engines)';
  if (/app\/(lib|pwa)\//.test(source)) return 'lib + pwa';
  if (/app\/(root|entry\.client|hydrate-document)/.test(source)) return 'app shell (root, entry)';
  if (/app\/components\/(layout|header|footer|Header|Footer)/i.test(source))
    return 'app shell (header, footer, menus)';
  if (/app\/components\//.test(source)) return 'components';
  if (/app\/features\//.test(source)) return 'features: ' + /app\/features\/([^/]+)/.exec(source)[1];
  if (/app\/routes\//.test(source)) return 'route modules';
  if (/manifest-\w+\.js$/.test(source)) return 'route manifest';
  if (/rolldown-runtime/.test(source)) return 'unmapped (bundler glue)';
  return 'other: ' + source;
}

const byModule = new Map();
const byGroup = new Map();
let total = 0;
for (const { name, kib: size } of wanted) {
  // two chunks may share a name (a route module and a module of the same name): the nearer size
  const file = assets
    .filter((a) => stem(a) === stem(name))
    .sort((a, b) => Math.abs(gzipOf(a) / 1024 - size) - Math.abs(gzipOf(b) / 1024 - size))[0];
  if (!file) {
    console.error(`no file like ${name} in ${dir}`);
    continue;
  }
  const code = readFileSync(path.join(dir, file), 'utf8');
  const gzip = gzipSync(code, { level: 6 }).length;
  total += gzip;
  let map;
  try {
    map = new TraceMap(readFileSync(path.join(dir, file + '.map'), 'utf8'));
  } catch {
    byModule.set(name, gzip);
    byGroup.set(group(name), (byGroup.get(group(name)) ?? 0) + gzip);
    continue;
  }
  // bytes of generated code per source: from each mapping to the next one on the line
  const lines = code.split('\n');
  const perSource = new Map();
  let prev = null;
  const flush = (upToLine, upToCol) => {
    if (!prev) return;
    let n = 0;
    if (upToLine === prev.line) n = upToCol - prev.col;
    else {
      n = lines[prev.line - 1].length - prev.col;
      for (let l = prev.line + 1; l < upToLine; l++) n += lines[l - 1].length + 1;
      n += upToCol + 1;
    }
    const key = prev.source ?? '(unmapped)';
    perSource.set(key, (perSource.get(key) ?? 0) + n);
  };
  eachMapping(map, (m) => {
    flush(m.generatedLine, m.generatedColumn);
    prev = { line: m.generatedLine, col: m.generatedColumn, source: m.source };
  });
  flush(lines.length, lines[lines.length - 1].length);
  const mapped = [...perSource.values()].reduce((s, n) => s + n, 0);
  for (const [source, n] of perSource) {
    const share = (gzip * n) / mapped;
    const key = source.replace(/^.*?(node_modules\/|apps\/|packages\/)/, '$1');
    byModule.set(key, (byModule.get(key) ?? 0) + share);
    const g = source === '(unmapped)' ? 'unmapped (bundler glue)' : group(source);
    byGroup.set(g, (byGroup.get(g) ?? 0) + share);
  }
}
const kib = (n) => (n / 1024).toFixed(1).padStart(6);
console.log(`total ${kib(total)} KiB gzip in ${wanted.length} files\n\nby group:`);
for (const [g, n] of [...byGroup].sort((a, b) => b[1] - a[1])) console.log(`${kib(n)}  ${g}`);
console.log('\nby module (≥ 0.3 KiB):');
for (const [m, n] of [...byModule].sort((a, b) => b[1] - a[1]))
  if (n >= (Number(process.env.FIRST_LOAD_MODULES_MIN_BYTES) || 300)) console.log(`${kib(n)}  ${m}`);
