import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';
import type { Plugin } from 'vite';
import { PAGE_TYPES, type PageType } from '../app/style-page-types.ts';

/**
 * The inlined stylesheet by page type. styles.css was inlined whole in every page (48 kB raw, ~10 kB
 * gzip: more than half of a catalogue document, which then missed a phone connection's first round
 * trip, ~14.6 kB), and a page's first style recalc matched all of its ~570 rules. The server build
 * now inlines, for the home page, the listings, the product page and the search page, the rules that
 * can match that page (every other page keeps the whole sheet); the browser loads the whole sheet as
 * a file once the page has hydrated (inline-styles.tsx), before a client-side navigation or an
 * overlay can need the rest.
 *
 * Which rules can match a page is read from the client build, not from sample pages: a rule is left
 * out of a page type's sheet only when one of the class names each of its selectors requires appears
 * in none of the JavaScript that page can run (the root's and the route's chunks, with everything they
 * import, statically or lazily). So every class a component of that page can set is covered, whatever
 * the catalogue's data; a class built from parts (`badge-${kind}`) counts as present when its prefix
 * or suffix up to a hyphen is in the code. Selectors with no class, and classes inside :not(), :is(),
 * :where() and :has(), are never grounds to leave a rule out.
 *
 * The kept rules stay in their order in styles.css, and the whole sheet, loaded later, comes after
 * them: the cascade is the whole sheet's at every moment (a duplicate earlier rule never wins over its
 * later copy).
 */

/**
 * The overlays' modules (relative to app/): opened by the shopper, never in the server's render. Their
 * lazy imports wait for the whole sheet (inline-styles.tsx `withWholeSheet`), so their rules are
 * left out of the page types' sheets: the analysis does not follow a dynamic import into them.
 */
export const OVERLAY_MODULES = [
  'components/AuthModal.tsx',
  'components/NewsletterPopup.tsx',
  'components/SearchPanel.tsx',
  'components/SideMenu.tsx',
  'components/WishlistDrawer.tsx',
  'features/cart/index.ts',
  'features/product/components/ImageZoom.tsx',
];

/** what the client build leaves for the server build: each chunk's imports and its name-like tokens */
interface ChunkGraph {
  /** chunk file → [static imports, dynamic imports] */
  chunks: Record<string, { imports: string[]; dynamicImports: string[]; tokens: string[]; overlay: boolean }>;
  /** route module file (relative to app/) → its chunk */
  routes: Record<string, string>;
  /** the client entry's chunk */
  entry: string;
}

const TOKEN = /-?[A-Za-z_][\w-]*/g;
/** the store views' dictionaries and domain messages (vite.config.ts: one chunk per language) */
const DICTIONARY = /(^|\/)i18n\/(en|lt|ru)\.ts$|virtual:vitrina-messages\/(en|lt|ru)$/;

function tokensOf(code: string): string[] {
  return [...new Set(code.match(TOKEN) ?? [])];
}

/** the chunks a page can run: the entry's and its route modules', with all they import but the overlays */
function reachable(graph: ChunkGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = graph.chunks[file];
    if (!chunk) continue;
    stack.push(...chunk.imports);
    for (const lazy of chunk.dynamicImports) if (!graph.chunks[lazy]?.overlay) stack.push(lazy);
  }
  return seen;
}

/** the class names a selector needs on the page to match (outside functional pseudo-classes) */
export function requiredClasses(selector: string): string[] {
  let plain = selector;
  // innermost parentheses first, until none is left
  for (let prev = ''; prev !== plain;) {
    prev = plain;
    plain = plain.replace(/\([^()]*\)/g, '');
  }
  return [...plain.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!);
}

/** is a class name in the page's code, whole or as a prefix/suffix a template completes */
export function classPresent(name: string, tokens: Set<string>): boolean {
  if (tokens.has(name)) return true;
  const parts = name.split('-');
  for (let i = 1; i < parts.length; i++) {
    if (tokens.has(parts.slice(0, i).join('-') + '-')) return true;
    if (tokens.has('-' + parts.slice(i).join('-'))) return true;
  }
  return false;
}

function ruleCanMatch(rule: Rule, tokens: Set<string>): boolean {
  return rule.selectors.some((s) => requiredClasses(s).every((c) => classPresent(c, tokens)));
}

/** removes the rules that cannot match, and the conditional groups left empty */
function prune(container: Root | AtRule, tokens: Set<string>): void {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      // a keyframe's steps (from, 50%) are not selectors
      const inKeyframes = node.parent?.type === 'atrule' && /keyframes$/i.test((node.parent as AtRule).name);
      if (!inKeyframes && !ruleCanMatch(node, tokens)) node.remove();
    } else if (
      node.type === 'atrule' &&
      /^(media|supports|container|layer)$/i.test(node.name) &&
      node.nodes
    ) {
      prune(node, tokens);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** each page type's sheet: the whole sheet's rules that can match it, in their order */
export function pageSheets(
  css: string,
  tokensByType: Record<PageType, Set<string>>,
): Record<PageType, string> {
  const out = {} as Record<PageType, string>;
  for (const type of Object.keys(PAGE_TYPES) as PageType[]) {
    const root = postcss.parse(css);
    prune(root, tokensByType[type]);
    // the whole sheet is minified; the kept rules are joined the same way
    root.raws.after = '';
    out[type] = root.toString();
  }
  return out;
}

const STYLES_INLINE = /\/app\/styles\.css\?inline$/;

/**
 * The Vite plugin: in the client build, writes the chunk graph beside its output
 * (`<build>/page-style-chunks.json`); in the server build, which runs after it, adds each page type's
 * sheet to the `styles.css?inline` module (`export const pageSheets`).
 */
export function stylesByPageType(): Plugin {
  let clientOutDir = '';
  let appDir = '';
  let building = false;
  const graphFile = () => path.join(clientOutDir, '..', 'page-style-chunks.json');
  return {
    name: 'vitrina-styles-by-page-type',
    enforce: 'post',
    configResolved(config) {
      building = config.command === 'build';
      clientOutDir = path.resolve(config.root, config.environments.client?.build.outDir ?? 'build/client');
      appDir = path.resolve(config.root, 'app');
    },
    generateBundle(_options, bundle) {
      if (!building || this.environment.config.consumer !== 'client') return;
      const graph: ChunkGraph = { chunks: {}, routes: {}, entry: '' };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const facade = chunk.facadeModuleId?.split('?')[0];
        const rel = facade ? path.relative(appDir, facade).split(path.sep).join('/') : '';
        graph.chunks[chunk.fileName] = {
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          // the dictionaries are words, not class names: their "price", "card" or "stock" kept rules
          tokens: DICTIONARY.test(facade ?? '') ? [] : tokensOf(chunk.code),
          overlay: OVERLAY_MODULES.includes(rel),
        };
        if (!rel) continue;
        if (rel.startsWith('routes/') || rel === 'root.tsx') graph.routes[rel] = chunk.fileName;
        if (rel.startsWith('entry.client')) graph.entry = chunk.fileName;
      }
      mkdirSync(path.dirname(graphFile()), { recursive: true });
      writeFileSync(graphFile(), JSON.stringify(graph));
    },
    transform(code, id) {
      if (!building || this.environment.config.consumer !== 'server' || !STYLES_INLINE.test(id)) return null;
      const match = /^export default ("(?:[^"\\]|\\.)*")/.exec(code.trim());
      if (!match) this.error(`styles.css?inline: unexpected module shape: ${code.slice(0, 80)}`);
      const css = JSON.parse(match[1]!) as string;
      const graph = JSON.parse(readFileSync(graphFile(), 'utf8')) as ChunkGraph;
      const overlays = Object.values(graph.chunks).filter((c) => c.overlay).length;
      if (overlays !== OVERLAY_MODULES.length)
        this.error(`${overlays} of the ${OVERLAY_MODULES.length} overlay modules are chunks of their own`);
      const routeFiles = routeModulesById(appDir);
      const tokensByType = {} as Record<PageType, Set<string>>;
      for (const [type, ids] of Object.entries(PAGE_TYPES) as [PageType, readonly string[]][]) {
        const roots = [graph.entry, graph.routes['root.tsx']!];
        for (const routeId of ids) {
          const chunk = graph.routes[routeFiles[routeId]!];
          if (!chunk) this.error(`no client chunk for the route ${routeId}`);
          roots.push(chunk);
        }
        const tokens = new Set<string>();
        for (const file of reachable(graph, roots))
          for (const t of graph.chunks[file]?.tokens ?? []) tokens.add(t);
        tokensByType[type] = tokens;
      }
      const sheets = pageSheets(css, tokensByType);
      return { code: `${code}\nexport const pageSheets = ${JSON.stringify(sheets)};\n`, map: null };
    },
  };
}

/** route id → route module (relative to app/), from routes.ts's literal entries: a module path, then `{ id: '…' }` */
function routeModulesById(appDir: string): Record<string, string> {
  const source = readFileSync(path.join(appDir, 'routes.ts'), 'utf8');
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/'(routes\/[\w/-]+\.tsx)',\s*\{\s*id:\s*'([\w-]+)'/g)) out[m[2]!] = m[1]!;
  return out;
}
