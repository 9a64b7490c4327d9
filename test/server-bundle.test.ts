import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverBundleIsStale, SERVER_BUNDLE } from '../scripts/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const beside = (name: string) => path.join(path.dirname(SERVER_BUNDLE), name);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('the server bundle npm start runs (issue #16 goal 7)', () => {
  beforeAll(async () => {
    await buildServerBundle();
  });

  it('bundles the workspace packages and leaves npm packages to node_modules', () => {
    const code = readFileSync(SERVER_BUNDLE, 'utf8');
    expect(code).not.toMatch(/from ["']@vitrina\//);
    expect(code).toMatch(/from ["']fastify["']/);
  });

  it('has the migrations and the invoice fonts beside it, where the code looks for them', () => {
    expect(readdirSync(beside('migrations')).sort()).toEqual(
      readdirSync(path.join(root, 'packages/db/migrations')).sort(),
    );
    expect(existsSync(beside('fonts/DejaVuSans.ttf'))).toBe(true);
    expect(existsSync(beside('fonts/DejaVuSans-Bold.ttf'))).toBe(true);
  });

  it('is built again when a source is newer than it', () => {
    expect(serverBundleIsStale()).toBe(false);
    const source = path.join(root, 'packages/domain/src/money.ts');
    const { atime, mtime } = statSync(source);
    try {
      const later = new Date(statSync(SERVER_BUNDLE).mtimeMs + 60_000);
      utimesSync(source, later, later);
      expect(serverBundleIsStale()).toBe(true);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  describe('started on a new embedded database', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-bundle-'));
    let url = '';
    let child: ReturnType<typeof spawn> | undefined;

    beforeAll(async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [SERVER_BUNDLE], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: url,
          SEED_DEMO: 'false',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const deadline = Date.now() + 100_000;
      while (Date.now() < deadline && child.exitCode === null) {
        const up = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 300));
      }
      throw new Error(`the bundle did not answer /healthz (exit code ${child.exitCode})`);
    });

    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child!.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('migrates the database and answers the API', async () => {
      const answer = await fetch(`${url}/vsbridge/catalog/vue_storefront_catalog/category/_search?size=1`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ hits: { hits: [] } });
    });
  });
});
