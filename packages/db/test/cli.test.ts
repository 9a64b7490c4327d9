import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runImportCli, type CliIo } from '../src/index.ts';
import { createTestDatabase, testDatabaseKind } from '../src/testing.ts';
import { smallCatalog } from './fixture.ts';
import { startLockHolder, type LockHolder } from './support/lock-holder.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function io(env: NodeJS.ProcessEnv, cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { env, cwd, out: (l) => out.push(l), err: (l) => err.push(l) };
  return { io: value, out, err };
}

describe('catalog:import command', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrina-cli-'));
    file = path.join(dir, 'shop.json');
    writeFileSync(file, JSON.stringify(smallCatalog()));
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ products: [{ id: 1, sku: 'X', name: 'X', price: 'free' }] }));
    writeFileSync(path.join(dir, 'broken.json'), '{"products": [');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('explains usage and unreadable files (exit 2)', async () => {
    const a = io({}, dir);
    expect(await runImportCli([], a.io)).toBe(2);
    expect(a.err[0]).toBe('Missing the file to import.');
    const b = io({}, dir);
    expect(await runImportCli(['nope.json'], b.io)).toBe(2);
    expect(b.err[0]).toBe(`File not found: ${path.join(dir, 'nope.json')}`);
    const c = io({}, dir);
    expect(await runImportCli(['broken.json'], c.io)).toBe(2);
    expect(c.err[0]).toMatch(/broken\.json is not valid JSON/);
  });

  describe('with a shop running on DATA_DIR', () => {
    let server: Server;
    let shop: LockHolder;
    let port = 0;
    let answer: { status: number; body: unknown } = { status: 200, body: {} };
    const seen: { url?: string; auth?: string; body?: string }[] = [];
    const dataDir = () => path.join(dir, 'running');
    beforeAll(async () => {
      server = createServer((req: IncomingMessage, res) => {
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c));
        req.on('end', () => {
          seen.push({ url: req.url, auth: req.headers.authorization, body: Buffer.concat(parts).toString() });
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
      // another process holds the folder, as a running shop does, and names this server's port
      shop = await startLockHolder(dataDir(), port, 'tok');
    });
    afterAll(async () => {
      await shop.killAndWait();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('hands the file to the shop instead of opening its data folder', async () => {
      answer = { status: 200, body: { code: 200, result: { products: 8, categories: 4, catalogVersion: 3, warnings: [] } } };
      const r = io({ DATA_DIR: dataDir() }, dir);
      expect(await runImportCli(['shop.json'], r.io)).toBe(0);
      expect(seen.at(-1)).toMatchObject({ url: '/vsbridge/admin/catalog/import', auth: 'Bearer tok' });
      expect(JSON.parse(seen.at(-1)?.body ?? '{}')).toEqual(smallCatalog());
      expect(r.out.join('\n')).toContain('Imported: products 8, categories 4');
      expect(existsSync(path.join(dataDir(), 'PG_VERSION'))).toBe(false);
    });

    it('prints the shop\'s rejection (exit 1) and a refused token (exit 3)', async () => {
      answer = {
        status: 400,
        body: { code: 400, result: 'The import file was rejected', errors: [{ field: 'products[0].price', message: 'Expected number' }] },
      };
      const r = io({ DATA_DIR: dataDir() }, dir);
      expect(await runImportCli(['bad.json'], r.io)).toBe(1);
      expect(r.err).toEqual(['The import file was rejected', '  products[0].price: Expected number']);
      answer = { status: 401, body: { code: 401, result: 'Unauthorized' } };
      const s = io({ DATA_DIR: dataDir() }, dir);
      expect(await runImportCli(['shop.json'], s.io)).toBe(3);
      expect(s.err[0]).toMatch(/refused the admin token/);
    });
  });

  it('imports into the embedded database when no shop runs, and reports a rejected file (exit 1)', async () => {
    const dataDir = path.join(dir, 'embedded');
    const r = io({ DATA_DIR: dataDir }, dir);
    expect(await runImportCli(['shop.json'], r.io)).toBe(0);
    expect(r.out.join('\n')).toMatch(/Imported: attributes 2, categories 4, products 8, children 2/);
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
    const bad = io({ DATA_DIR: dataDir }, dir);
    expect(await runImportCli(['bad.json'], bad.io)).toBe(1);
    expect(bad.err).toEqual([
      'The file was rejected; nothing was imported (1 problem):',
      '  products[0].price: Expected number, received string "free" (sku "X")',
    ]);
    const database = await openDatabase({ dataDir });
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from products');
    await database.close();
    expect(row?.n).toBe(8);
  });

  it('imports into DATABASE_URL directly', async () => {
    if (testDatabaseKind() !== 'postgres') return;
    const target = await createTestDatabase({ empty: true });
    try {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${target.name}`;
      const r = io({ DATABASE_URL: url.toString() }, dir);
      expect(await runImportCli(['shop.json'], r.io)).toBe(0);
      const [row] = await target.query<{ n: number }>('select count(*)::int as n from product_index');
      expect(row?.n).toBe(24);
    } finally {
      await target.dispose();
    }
  });

  it('runs as the root script (tsx) and exits with its code', () => {
    const run = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['packages/db/src/import/cli.ts', 'missing.json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('File not found');
  });
});
