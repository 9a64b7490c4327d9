/**
 * The embedded database keeps carts in memory (apps/api/src/cart/cache.ts) and learns of every
 * write to the cart's tables by counting the statements that pass through its own client
 * (packages/db/src/client.ts, `watchWrites`). A write made through drizzle's query builder goes
 * around that client, so a cached cart would go stale: these tables are written with plain SQL only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
/** the drizzle names of the tables the cart cache watches */
const WATCHED = ['carts', 'cartItems', 'coupons', 'stock'];
const DRIZZLE_WRITE = new RegExp(
  String.raw`\.(insert|update|delete)\(\s*(?:schema\.)?(${WATCHED.join('|')})\b`,
);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'build', 'dist', '.react-router', 'test'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('writers of the cached cart tables', () => {
  it('the pattern finds a drizzle write of a watched table', () => {
    expect(DRIZZLE_WRITE.test('await tx.update(cartItems).set({ qty: 2 })')).toBe(true);
    expect(DRIZZLE_WRITE.test('db.insert(schema.stock).values(row)')).toBe(true);
    expect(DRIZZLE_WRITE.test('db.insert(orders).values(row)')).toBe(false);
  });

  it('no source writes carts, cart lines, coupons or stock through drizzle', () => {
    const offenders = ['apps', 'packages']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => DRIZZLE_WRITE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
