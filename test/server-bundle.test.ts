import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverBundleIsStale, SERVER_BUNDLE } from '../scripts/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const beside = (name: string) => path.join(path.dirname(SERVER_BUNDLE), name);

describe('the server bundle npm start runs', () => {
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

  it("has the embedded database's thread beside it, bundled too (PGLITE_THREAD)", () => {
    const thread = readFileSync(beside('pglite-thread.mjs'), 'utf8');
    expect(thread).not.toMatch(/from ["']@vitrina\//);
    expect(thread).toMatch(/from ["']@electric-sql\/pglite["']/);
  });

  it('is built again when a source is newer than it', () => {
    expect(serverBundleIsStale()).toBe(false);
    const source = path.join(root, 'packages/domain/src/money/money.ts');
    const { atime, mtime } = statSync(source);
    try {
      const later = new Date(statSync(SERVER_BUNDLE).mtimeMs + 60_000);
      utimesSync(source, later, later);
      expect(serverBundleIsStale()).toBe(true);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  // Started, it needs the storefront's build (`npm run build`), which the unit tests run without: the
  // browser journeys start every shop from this bundle (e2e/support/global-setup.ts, shop-process.ts).
});
