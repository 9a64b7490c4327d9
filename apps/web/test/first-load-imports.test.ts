// @vitest-environment node
/**
 * The first screen of home, a category, a product page and the search page reaches the cart, login and
 * sync engines only through a dynamic import (record 0071): a static import from any module those pages
 * load brings the engines back into every page's first load (about 8 KiB gzip, `BENCH_ONLY=js`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP } from './support/imports';

const FIRST_SCREENS = [
  'root.tsx',
  'routes/home.tsx',
  'routes/category.tsx',
  'routes/product.tsx',
  'routes/search.tsx',
];
/** loaded on demand only */
const ENGINES = ['state/cart', 'state/user', 'sync/queue', 'state/checkout'];

/** a module's static, value imports (not `import type`, not `import()`), resolved to files under app/ */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"();]*?(?:from\s+)?['"](\.[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].flatMap((m) => {
    const base = resolve(dirname(file), m[1]!);
    const path = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
      .map((ext) => base + ext)
      .find((p) => existsSync(p) && !p.endsWith('/'));
    return path && /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** the chain of static imports from `start` to each engine it reaches */
function enginesReached(start: string): string[] {
  const chains = new Map<string, string[]>([[start, [relative(APP, start)]]]);
  const queue = [start];
  const reached: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of staticImports(file)) {
      if (chains.has(next)) continue;
      const chain = [...chains.get(file)!, relative(APP, next)];
      chains.set(next, chain);
      if (ENGINES.some((e) => relative(APP, next).replace(/\.tsx?$/, '') === e))
        reached.push(chain.join(' → '));
      else queue.push(next);
    }
  }
  return reached;
}

describe('first screens import the engines only on demand', () => {
  it('follows the imports (the walk reaches the cart view)', () => {
    const all = new Set<string>();
    const queue = [resolve(APP, 'root.tsx')];
    while (queue.length) {
      for (const next of staticImports(queue.shift()!)) {
        if (all.has(next)) continue;
        all.add(next);
        queue.push(next);
      }
    }
    expect([...all].map((p) => relative(APP, p))).toContain('state/cart-view.ts');
  });

  it.each(FIRST_SCREENS)('%s', (screen) => {
    expect(enginesReached(resolve(APP, screen))).toEqual([]);
  });
});
