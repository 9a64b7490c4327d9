import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { pageSheets } from './page-styles.ts';
const g = JSON.parse(readFileSync('build/page-style-chunks.json','utf8'));
const css = readFileSync(process.argv[2],'utf8');
const skip = new RegExp(process.argv[3] ?? '^$');
const routes: Record<string,string[]> = { home:['routes/home.tsx'], listing:['routes/category.tsx','routes/special-offers.tsx'], product:['routes/product.tsx'], search:['routes/search.tsx'] };
const tok: any = {};
for (const [t, rs] of Object.entries(routes)) {
  const seen = new Set<string>(); const stack = [g.entry, g.routes['root.tsx'], ...rs.map(r => g.routes[r])];
  while (stack.length) { const f = stack.pop()!; if (seen.has(f)) continue; seen.add(f); const c = g.chunks[f]; if (!c) continue;
    for (const i of c.imports) if (!skip.test(i)) stack.push(i); for (const d of c.dynamicImports) if (!g.chunks[d]?.overlay && !skip.test(d)) stack.push(d); }
  const s = new Set<string>(); for (const f of seen) for (const x of g.chunks[f].tokens) s.add(x); tok[t] = s;
}
const out = pageSheets(css, tok);
for (const [t, s] of Object.entries(out)) console.log(t, s.length, gzipSync(s).length);
console.log('whole', css.length, gzipSync(css).length);
