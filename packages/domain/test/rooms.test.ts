/**
 * The domain's rooms (docs/ARCHITECTURE.md "The domain's rooms"): each folder of packages/domain/src is
 * a room with an entry point (index.ts), and the package's index.ts re-exports every room. A room reaches
 * another room only through that room's index.ts, so the files behind it can move; the rooms import each
 * other without a cycle, and so do the files (imports of types only are left out of the file graph:
 * they are erased before anything runs, and two files of one room may well name each other's types).
 * A hand-written walk over the import lines: the domain has no other way to import.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from '../src/index.ts';

const src = path.resolve(import.meta.dirname, '../src');
const packageJson = JSON.parse(readFileSync(path.join(src, '../package.json'), 'utf8')) as {
  exports: Record<string, string>;
  dependencies?: Record<string, string>;
};

/** an import line: `reexport` when it is `export … from` */
/** the rooms, lowest first (docs/ARCHITECTURE.md "The domain's rooms") */
const ROOMS = ['base', 'messages', 'money', 'catalog', 'cart', 'order', 'checkout', 'contracts', 'shop'];

/** the package's subpaths, one a room, as an importer names them (so the type checker resolves them too) */
const SUBPATHS: Record<string, () => Promise<unknown>> = {
  base: () => import('@vitrina/domain/base'),
  cart: () => import('@vitrina/domain/cart'),
  catalog: () => import('@vitrina/domain/catalog'),
  checkout: () => import('@vitrina/domain/checkout'),
  contracts: () => import('@vitrina/domain/contracts'),
  messages: () => import('@vitrina/domain/messages'),
  money: () => import('@vitrina/domain/money'),
  order: () => import('@vitrina/domain/order'),
  shop: () => import('@vitrina/domain/shop'),
};

type Edge = { from: string; to: string; typeOnly: boolean; reexport: boolean; spec: string };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');
const roomOf = (file: string) => (rel(file).includes('/') ? rel(file).split('/')[0]! : null);

/** `import … from`, `export … from`, `import '…'` and `import('…')`, with whether only types come */
const IMPORT =
  /(?:^|[\s;])(import|export)(\s+type)?\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[3] ?? m[4]!;
    const to = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec;
    return { from: file, to, typeOnly: Boolean(m[2]), reexport: m[1] === 'export', spec };
  });
}

/** the first cycle found in a graph (the nodes around it, the first repeated at the end), or null */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const files = filesUnder(src);
const edges = files.flatMap(edgesOf);
const local = edges.filter((e) => e.spec.startsWith('.'));
const rooms = readdirSync(src, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

function graphOf(list: readonly Edge[], node: (file: string) => string | null): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const e of list) {
    const [a, b] = [node(e.from), node(e.to)];
    if (!a || !b || a === b) continue;
    const next = graph.get(a) ?? [];
    if (!next.includes(b)) next.push(b);
    graph.set(a, next);
  }
  return graph;
}

describe("the domain's rooms", () => {
  it('the cycle finder finds a cycle and passes a graph without one', () => {
    const graph = (pairs: string[]) =>
      graphOf(
        pairs.map((p) => ({ from: p[0]!, to: p[1]!, typeOnly: false, reexport: false, spec: '' })),
        (x) => x,
      );
    expect(findCycle(graph(['ab', 'bc', 'ca']))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(graph(['ab', 'bc', 'ac', 'db']))).toBeNull();
  });

  it('sees the imports it checks (the walk is not empty)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(local.filter((e) => roomOf(e.from) !== roomOf(e.to)).length).toBeGreaterThan(30);
    expect(local.some((e) => e.typeOnly)).toBe(true);
  });

  it('every file lives in a room; each room has an entry point that the package index re-exports', () => {
    expect(files.filter((f) => !roomOf(f)).map(rel)).toEqual(['index.ts']);
    expect(rooms.filter((r) => !existsSync(path.join(src, r, 'index.ts')))).toEqual([]);
    const barrel = edgesOf(path.join(src, 'index.ts')).map((e) => rel(e.to));
    expect(barrel.sort()).toEqual(rooms.map((r) => `${r}/index.ts`));
    // and a subpath of the package for each: `@vitrina/domain/money`
    for (const r of rooms) expect(packageJson.exports[`./${r}`]).toBe(`./src/${r}/index.ts`);
  });

  it("every file of a room is exported through the room's entry point", () => {
    const reached = new Set<string>();
    const follow = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const e of edgesOf(file)) if (e.reexport && e.spec.startsWith('.')) follow(e.to);
    };
    for (const r of rooms) follow(path.join(src, r, 'index.ts'));
    expect(files.filter((f) => !reached.has(f)).map(rel)).toEqual(['index.ts']);
  });

  it('imports only its own files and its declared packages', () => {
    const declared = Object.keys(packageJson.dependencies ?? {});
    const outside = edges.filter((e) => !e.spec.startsWith('.') && !declared.includes(e.spec));
    expect(outside.map((e) => `${rel(e.from)} -> ${e.spec}`)).toEqual([]);
    const missing = local.filter((e) => !existsSync(e.to));
    expect(missing.map((e) => `${rel(e.from)} -> ${e.spec}`)).toEqual([]);
  });

  it("a room reaches another room only through that room's index.ts", () => {
    const deep = local.filter((e) => {
      const [a, b] = [roomOf(e.from), roomOf(e.to)];
      return a !== null && b !== null && a !== b && rel(e.to) !== `${b}/index.ts`;
    });
    expect(deep.map((e) => `${rel(e.from)} -> ${e.spec}`)).toEqual([]);
  });

  it('the rooms import each other without a cycle, each only rooms before it in ROOMS', () => {
    const graph = graphOf(local, (f) => roomOf(f));
    expect(findCycle(graph)).toBeNull();
    expect([...ROOMS].sort()).toEqual(rooms);
    const upward = [...graph].flatMap(([from, to]) =>
      to.filter((t) => ROOMS.indexOf(t) > ROOMS.indexOf(from)).map((t) => `${from} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('the files import each other without a cycle', () => {
    const runtime = local.filter((e) => !e.typeOnly);
    expect(findCycle(graphOf(runtime, (f) => rel(f)))).toBeNull();
  });

  it("a room's subpath (`@vitrina/domain/money`) exports what the package exports under the same names", async () => {
    expect(Object.keys(SUBPATHS).sort()).toEqual(rooms);
    for (const [r, load] of Object.entries(SUBPATHS)) {
      const room = (await load()) as Record<string, unknown>;
      expect(Object.keys(room).length).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(room))
        expect((domain as Record<string, unknown>)[name], `${r}: ${name}`).toBe(value);
    }
  });
});
