/**
 * The first paint does not wait for JavaScript, and JavaScript does not compete with it (issue #13
 * "Lighthouse mobile stays at its scores or better", issue #16 goal 2).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in `<head>` for every chunk the page
 * hydrates with (~165 KiB gzip) and a module script that imports the route modules at once. A phone
 * then downloads the scripts beside the font and the largest image, and Lighthouse's simulated
 * mobile network charges that download to FCP and LCP (every request that ended before the observed
 * paint counts; `fetchpriority="low"` on the preloads did not change that: only low-priority images
 * are left out).
 *
 * So the scripts start after the first paint: the preloads leave the head, and the module script
 * waits for the window's `load` (the document, its stylesheet, font and above-the-fold images are
 * in) and the first contentful paint the browser reports (under Lighthouse's tracing on a 2-core
 * machine that paint came ~1 s after `load`, and scripts started at `load` were charged to FCP again)
 * plus one frame, then adds the same preloads and imports the route modules and the entry as
 * React Router wrote them. A page whose `load` is slow (a stalled image) starts its scripts after
 * `HYDRATE_AT_LATEST_MS` anyway, as does a tab opened in the background (it paints nothing until
 * shown). The cost: a page becomes interactive one `load` later; links work before that (they are
 * plain links until hydration).
 *
 * The page's HTML is rendered whole (ssr.ts), so this is one pass over it; a page without React
 * Router's module script (or with one of another shape) is answered unchanged.
 */
const HYDRATE_AT_LATEST_MS = 3000;

const HEAD_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script[^>]* type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");\n?/gm;

export function startScriptsAfterFirstPaint(html: Buffer): Buffer {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const head = html.toString('utf8', 0, headEnd);
  if (!head.includes('rel="modulepreload"')) return html;
  const rest = html.toString('utf8', headEnd);
  const script = MODULE_SCRIPT.exec(rest);
  if (!script) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const imports = [...body.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0) return html;

  const preloads = [...head.matchAll(HEAD_PRELOAD)].map((m) => m[1]!);
  const names = imports.map((m) => m[1]).join(', ');
  const modules = imports.map((m) => `import(${m[2]})`).join(', ');
  const deferred =
    `let started = false;\n` +
    `const start = () => {\n` +
    `  if (started) return;\n` +
    `  started = true;\n` +
    `  for (const href of ${JSON.stringify(preloads)}) {\n` +
    `    const link = document.createElement("link");\n` +
    `    link.rel = "modulepreload";\n` +
    `    link.href = href;\n` +
    `    document.head.append(link);\n` +
    `  }\n` +
    `  Promise.all([${modules}]).then(([${names}]) => {\n${body.replace(ROUTE_IMPORT, '')}\n  });\n` +
    `};\n` +
    // the first contentful paint reported (a page's first frame can come well after its load when
    // the machine is busy), then one more frame
    `const painted = (then) => {\n` +
    `  try {\n` +
    `    const seen = () => performance.getEntriesByName("first-contentful-paint").length > 0;\n` +
    `    if (seen()) return then();\n` +
    `    const observer = new PerformanceObserver(() => {\n` +
    `      if (seen()) { observer.disconnect(); then(); }\n` +
    `    });\n` +
    `    observer.observe({ type: "paint" });\n` +
    `  } catch { then(); }\n` +
    `};\n` +
    `const afterPaint = () => painted(() => requestAnimationFrame(() => setTimeout(start)));\n` +
    `if (document.readyState === "complete") afterPaint();\n` +
    `else addEventListener("load", afterPaint, { once: true });\n` +
    // a slow load, or a tab opened in the background (it paints nothing until it is shown)
    `setTimeout(start, ${HYDRATE_AT_LATEST_MS});\n`;

  const newHead = head.replace(HEAD_PRELOAD, '');
  const newRest = rest.replace(whole, () => open + deferred + close);
  return Buffer.from(newHead + newRest, 'utf8');
}
