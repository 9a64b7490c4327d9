/**
 * `npm run catalog:import -- FILE.json [--remove-demo]`: loads a shop data file (docs/CONTRACTS.md);
 * with `--remove-demo` the demo data goes in the same transaction (the file's own records are kept).
 * `npm run demo:remove`: removes the demo data alone (an empty file with `--remove-demo`).
 * What counts as demo data: packages/db/src/demo/lifecycle.ts.
 *
 * - DATABASE_URL set: imports into that PostgreSQL database directly (migrating it first).
 * - Otherwise the embedded database in DATA_DIR (default ./var) is used, and that folder must never be
 *   opened by two processes: when a live shop server holds the folder's lock (src/server-lock.ts), the
 *   file is POSTed to it (`/vsbridge/admin/catalog/import`, `Authorization: Bearer {adminToken}`, port
 *   and token from DATA_DIR/server.json) and its answer printed; when no shop runs, this command takes
 *   the folder itself (role "import" while it works, so a shop started meanwhile can see it) and imports.
 *
 * Exit codes: 0 imported; 1 the file was rejected (nothing imported); 2 usage or unreadable file;
 * 3 could not import (database, lock, server unreachable or failing).
 */
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, redactUrl, type Database } from '../client.ts';
import { migrate } from '../migrate.ts';
import { acquireServerLock, readServerLock, removeServerLock, type ServerLock } from '../server-lock.ts';
import { ImportError, formatIssue } from './errors.ts';
import { importCatalog, type ImportPhase, type ImportResult } from './importer.ts';

export const EXIT_OK = 0;
export const EXIT_REJECTED = 1;
export const EXIT_USAGE = 2;
export const EXIT_FAILED = 3;

export const ADMIN_IMPORT_PATH = '/vsbridge/admin/catalog/import';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run catalog:import -- FILE.json [--remove-demo]

Loads a shop data file (format: docs/CONTRACTS.md, "Shop data import file").
  --remove-demo  also remove the demo catalogue's products, categories, coupons, pickup points, CMS
                 pages and blocks, banners and demo special offers (records in FILE are kept), and
                 end the demo (its payment sandbox too); \`npm run demo:remove\` does this alone
  DATABASE_URL   import into this PostgreSQL database
  DATA_DIR       otherwise: the embedded database folder (default ./var); when a shop is running on it,
                 the file is handed to that shop`;

const OPTIONS = ['--help', '-h', '--remove-demo'];

export async function runImportCli(args: readonly string[], io: CliIo): Promise<number> {
  const files = args.filter((a) => !a.startsWith('-'));
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return EXIT_OK;
  }
  const unknown = args.filter((a) => a.startsWith('-') && !OPTIONS.includes(a));
  if (unknown.length > 0) {
    io.err(`Unknown option ${unknown.join(', ')}.`);
    io.err(USAGE);
    return EXIT_USAGE;
  }
  if (files.length !== 1) {
    io.err(files.length === 0 ? 'Missing the file to import.' : 'Give exactly one file to import.');
    io.err(USAGE);
    return EXIT_USAGE;
  }
  const file = path.resolve(io.cwd, files[0] as string);
  let body: Buffer;
  let data: unknown;
  try {
    body = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    io.err(code === 'ENOENT' ? `File not found: ${file}` : `Cannot read ${file}: ${(err as Error).message}`);
    return EXIT_USAGE;
  }
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch (err) {
    io.err(`${file} is not valid JSON: ${(err as Error).message}`);
    return EXIT_USAGE;
  }
  return deliver({ label: path.basename(file), body, data, removeDemo: args.includes('--remove-demo') }, io);
}

/** `npm run demo:remove`: the demo data removed, nothing imported (an empty file with --remove-demo) */
export async function runDemoRemoveCli(args: readonly string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`Usage: npm run demo:remove

Removes the demo catalogue's products, categories, coupons (NEWS10 ...), pickup points, CMS pages and
blocks, banners and demo special offers, and ends the demo (its payment sandbox too). Orders keep
their lines. Same DATABASE_URL / DATA_DIR rules as npm run catalog:import.`);
    return EXIT_OK;
  }
  if (args.length > 0) {
    io.err(`demo:remove takes no arguments (got ${args.join(' ')}).`);
    return EXIT_USAGE;
  }
  return deliver({ label: 'nothing (removing the demo data)', body: Buffer.from('{}'), data: {}, removeDemo: true }, io);
}

type Delivery = { label: string; body: Buffer; data: unknown; removeDemo: boolean };

/** into the database (DATABASE_URL, or DATA_DIR when no shop holds it), or handed to the running shop */
async function deliver(d: Delivery, io: CliIo): Promise<number> {
  const databaseUrl = io.env.DATABASE_URL;
  if (databaseUrl) {
    io.out(`Importing ${d.label} into ${redactUrl(databaseUrl)}`);
    return importHere(() => openDatabase({ databaseUrl }), d, io);
  }

  const dataDir = path.resolve(io.cwd, io.env.DATA_DIR || 'var');
  const holder = await readServerLock(dataDir);
  if (holder) return handOver(holder, dataDir, d, io);

  const me: ServerLock = { pid: process.pid, port: 0, adminToken: '', role: 'import' };
  const raced = await acquireServerLock(dataDir, me);
  if (raced) return handOver(raced, dataDir, d, io);
  try {
    io.out(`Importing ${d.label} into the embedded database in ${dataDir}`);
    return await importHere(() => openDatabase({ dataDir }), d, io);
  } finally {
    await removeServerLock(dataDir);
  }
}

async function handOver(holder: ServerLock, dataDir: string, d: Delivery, io: CliIo): Promise<number> {
  if (holder.role === 'import') {
    io.err(`Another import (pid ${holder.pid}) is using ${dataDir}; try again when it has finished.`);
    return EXIT_FAILED;
  }
  if (!holder.port) {
    io.err(`A shop is starting on ${dataDir} (pid ${holder.pid}); try again when it is serving.`);
    return EXIT_FAILED;
  }
  const url = `http://127.0.0.1:${holder.port}${ADMIN_IMPORT_PATH}${d.removeDemo ? '?removeDemo=true' : ''}`;
  io.out(`A shop is running on ${dataDir} (pid ${holder.pid}): handing the file to it at ${url}`);
  let answer: { status: number; text: string };
  try {
    answer = await post(url, d.body, holder.adminToken);
  } catch (err) {
    io.err(`Could not reach the running shop at ${url}: ${(err as Error).message}`);
    return EXIT_FAILED;
  }
  let json: { code?: number; result?: unknown; errors?: { field?: string; path?: string; message?: string }[] } = {};
  try {
    json = JSON.parse(answer.text) as typeof json;
  } catch {
    // not JSON: printed as text below
  }
  if (answer.status >= 200 && answer.status < 300) {
    const result = json.result;
    if (result && typeof result === 'object') printResult(result as Partial<ImportResult>, io);
    else io.out(`Imported: ${typeof result === 'string' ? result : answer.text}`);
    return EXIT_OK;
  }
  if (answer.status === 401 || answer.status === 403) {
    io.err(`The shop refused the admin token (HTTP ${answer.status}); is DATA_DIR/server.json current?`);
    return EXIT_FAILED;
  }
  const message = typeof json.result === 'string' ? json.result : answer.text.slice(0, 2000);
  io.err(message || `HTTP ${answer.status}`);
  for (const e of json.errors ?? []) io.err(`  ${e.field ?? e.path ?? ''}: ${e.message ?? ''}`);
  return answer.status >= 400 && answer.status < 500 ? EXIT_REJECTED : EXIT_FAILED;
}

/** POST without a client-side time limit: a large import may take minutes */
function post(url: string, body: Buffer, token: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function importHere(open: () => Promise<Database>, d: Delivery, io: CliIo): Promise<number> {
  let database: Database;
  try {
    database = await open();
  } catch (err) {
    io.err(`Cannot open the database: ${(err as Error).message}`);
    return EXIT_FAILED;
  }
  try {
    await migrate(database);
    const started = performance.now();
    let lastPhase: ImportPhase | undefined;
    let lastShown = 0;
    const result = await importCatalog(database, d.data, {
      removeDemo: d.removeDemo,
      // the shop's setting (apps/api config.ts CATALOG_PRICES_INCLUDE_TAX): the file's prices are gross
      pricesIncludeTax: /^(1|true|yes|on)$/i.test(io.env.CATALOG_PRICES_INCLUDE_TAX ?? ''),
      onProgress(done, total, phase) {
        const now = performance.now();
        if (phase === 'done') return;
        if (phase !== lastPhase || done === total || now - lastShown > 2000) {
          const s = ((now - started) / 1000).toFixed(1);
          io.out(`  ${phase.padEnd(10)} ${String(done).padStart(7)} / ${total}  (${s} s)`);
          lastPhase = phase;
          lastShown = now;
        }
      },
    });
    printResult(result, io);
    return EXIT_OK;
  } catch (err) {
    if (err instanceof ImportError) {
      io.err(`The file was rejected; nothing was imported (${err.issues.length + err.more} problem${err.issues.length + err.more === 1 ? '' : 's'}):`);
      for (const i of err.issues) io.err(`  ${formatIssue(i)}`);
      if (err.more > 0) io.err(`  ... and ${err.more} more`);
      return EXIT_REJECTED;
    }
    io.err(`Import failed, nothing was imported: ${(err as Error).message}`);
    return EXIT_FAILED;
  } finally {
    await database.close().catch(() => {});
  }
}

function printResult(r: Partial<ImportResult>, io: CliIo): void {
  const counts = Object.entries(r)
    .filter(([k, v]) => typeof v === 'number' && v > 0 && !['ms', 'catalogVersion'].includes(k))
    .map(([k, v]) => `${k} ${v}`);
  io.out(`Imported: ${counts.join(', ') || 'nothing'}`);
  if (r.catalogVersion !== undefined) io.out(`Catalogue version ${r.catalogVersion}${r.ms !== undefined ? `, ${(r.ms / 1000).toFixed(1)} s` : ''}`);
  for (const w of r.warnings ?? []) io.out(`Note: ${w}`);
  // stock the shop changed since the file was counted (a sale): kept, not overwritten (stock-guard.ts)
  for (const c of r.stock_conflicts ?? [])
    io.out(`Stock kept: ${c.sku} has ${c.shop_qty} (changed ${c.changed_at}), the file says ${c.file_qty} (${c.path}); add "exported_at" or use qty_delta`);
  if (r.demo_removed === null) io.out('Not a demo shop: no demo data to remove.');
  else if (r.demo_removed) {
    const removed = Object.entries(r.demo_removed)
      .filter(([k, v]) => typeof v === 'number' && k !== 'catalogVersion')
      .map(([k, v]) => `${k} ${v}`);
    io.out(`Demo data removed: ${removed.join(', ')}; the shop is no longer a demo`);
  }
}
