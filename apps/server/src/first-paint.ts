/**
 * The first paint does not wait for JavaScript, and JavaScript does not compete with it.
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

/**
 * Module preloads added in one task. Each costs the main thread its request: on this 2-core machine
 * (2026-11-28) ~0.5 ms, and ~2.5 ms under Lighthouse's trace, which records every request's
 * initiator. The 19 of a category page took 25-40 ms in one task there, which Lighthouse's 4× CPU
 * slowdown makes a 100-160 ms long task counted by Total Blocking Time. Three a task stay under the
 * 50 ms a long task starts at, with room to spare.
 */
const PRELOADS_PER_TASK = 3;

/**
 * The framework's chunk (React and React Router, the client build's `framework` group, vite.config.ts).
 * The module graph an `import()` reaches is evaluated in one task: the shell with the framework was the
 * load's longest script task after the first paint (14-22 ms of thread on this machine, ~5 of them the
 * evaluation, the rest mostly the chunk's start-up, which follows its size). The framework imports no
 * app module, so it is imported first, alone, and the routes' modules (with the shell) a task later:
 * two tasks of ~8 ms (record 0148).
 */
const FRAMEWORK_CHUNK = /\/framework-[\w-]+\.js$/;

const PRELOAD_START = Buffer.from('<link rel="modulepreload"');
const HEAD_END = Buffer.from('</head>');
const SCRIPT_START = Buffer.from('<script');
const SCRIPT_END = Buffer.from('</script>');
const MODULE_TYPE = ' type="module"';
const PRELOAD_HREF = /href="([^"]+)"/;
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");\n?/gm;
/** the route manifest's module (`routeDiscovery: initial`, react-router.config.ts), imported for its effect */
const EFFECT_IMPORT = /^import ("[^"]+");\n?/gm;

/**
 * The page is spliced as bytes: only the preload tags and the module script are read as text. Decoding
 * and re-encoding the whole page (~120 kB, most of it the inline stylesheet and the router's data)
 * cost ~5 % of the server's time per uncached page.
 */
export function startScriptsAfterFirstPaint(html: Buffer, routerDataUrl?: string): Buffer {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const preloadTags = tagsIn(html, PRELOAD_START, 0, headEnd);
  if (preloadTags.length === 0) return html;
  const script = moduleScriptIn(html, headEnd);
  if (!script) return html;
  const { openEnd, bodyEnd } = script;
  const body = html.toString('utf8', openEnd, bodyEnd);
  const imports = [...body.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0) return html;

  const preloads = preloadTags.map(([from, to]) => PRELOAD_HREF.exec(html.toString('utf8', from, to))![1]!);
  const framework = preloads.find((url) => FRAMEWORK_CHUNK.test(url));
  const effects = [...body.matchAll(EFFECT_IMPORT)];
  // the manifest's module first: it sets window.__reactRouterManifest, which the entry reads
  const names = [...effects.map(() => ''), ...imports.map((m) => m[1])].join(', ');
  const modules = [...effects.map((m) => `import(${m[1]})`), ...imports.map((m) => `import(${m[2]})`)].join(
    ', ',
  );
  const rest = body.replace(ROUTE_IMPORT, '').replace(EFFECT_IMPORT, '');
  // Written compact: it is in every page, before the first paint (as readable source it was ~0.3 kB
  // more of a page's brotli). `go` starts once: after the first paint, or at the latest
  // HYDRATE_AT_LATEST_MS after it was read. A page whose router data is apart (router-data.ts)
  // fetches it beside the modules (`d`) and feeds it to React Router's hydration stream before the
  // entry hydrates; without it (offline with no copy of it) the entry is not imported and the page
  // stays as the server wrote it: its links and forms work. The data's request and the first preloads
  // are tasks of their own (each request costs the main thread ~2.5 ms under Lighthouse's trace).
  const data = routerDataUrl
    ? {
        fetch:
          `d=fetch(${JSON.stringify(routerDataUrl)}).then(r=>{if(!r.ok)throw Error("HTTP "+r.status);return r.text()})` +
          `.catch(e=>(console.warn("No page data: the page stays as the server wrote it.",e),null));`,
        wait: 'd,',
        name: 't,',
        feed: 'if(t===null)return;const c=window.__reactRouterContext.streamController;c.enqueue(t);c.close();',
      }
    : { fetch: '', wait: '', name: '', feed: '' };
  const deferred =
    `let s=0,d;\n` +
    `const go=()=>{if(s)return;s=1;${data.fetch}setTimeout(()=>p(0))},\n` +
    // a few links a task, each few as one fragment (one by one, each insertion cost the main thread:
    // 19 links 146 ms under a phone's 4× CPU slowdown, against 47 ms as one fragment), then the imports
    `h=${JSON.stringify(preloads)},\n` +
    `p=i=>{const f=document.createDocumentFragment();for(const u of h.slice(i,i+${PRELOADS_PER_TASK})){` +
    `const l=document.createElement("link");l.rel="modulepreload";l.href=u;f.append(l)}document.head.append(f);` +
    `if(i+${PRELOADS_PER_TASK}<h.length)return setTimeout(()=>p(i+${PRELOADS_PER_TASK}));\n` +
    // the framework's chunk evaluated in a task of its own, the app's modules in the next (see FRAMEWORK_CHUNK)
    (framework ? `import(${JSON.stringify(framework)}).then(()=>setTimeout(r))},\n` : `r()},\n`) +
    `r=()=>Promise.all([${data.wait}${modules}]).then(([${data.name}${names}])=>{${data.feed}\n${rest}\n}),\n` +
    // the first contentful paint reported (a page's first frame can come well after its load when
    // the machine is busy), then one more frame
    `a=()=>{const n=()=>requestAnimationFrame(()=>setTimeout(go));try{` +
    `const seen=()=>performance.getEntriesByName("first-contentful-paint").length>0;if(seen())return n();` +
    `const o=new PerformanceObserver(()=>{if(seen()){o.disconnect();n()}});o.observe({type:"paint"})}catch{n()}};\n` +
    `document.readyState==="complete"?a():addEventListener("load",a,{once:true});\n` +
    // a slow load, or a tab opened in the background (it paints nothing until it is shown)
    `setTimeout(go,${HYDRATE_AT_LATEST_MS});\n`;

  const pieces: Buffer[] = [];
  let at = 0;
  for (const [from, to] of preloadTags) {
    pieces.push(html.subarray(at, from));
    at = to;
  }
  pieces.push(html.subarray(at, openEnd), Buffer.from(deferred, 'utf8'), html.subarray(bodyEnd));
  return Buffer.concat(pieces);
}

/** [start, end) of every tag that starts with `start` between `from` and `to` */
function tagsIn(html: Buffer, start: Buffer, from: number, to: number): [number, number][] {
  const tags: [number, number][] = [];
  for (let at = html.indexOf(start, from); at !== -1 && at < to; at = html.indexOf(start, at + 1)) {
    const end = html.indexOf('>', at);
    if (end === -1 || end >= to) break;
    tags.push([at, end + 1]);
  }
  return tags;
}

/** the first `<script … type="module" …>` after `from`: where its opening tag and its text end */
function moduleScriptIn(html: Buffer, from: number): { openEnd: number; bodyEnd: number } | null {
  for (let at = html.indexOf(SCRIPT_START, from); at !== -1; at = html.indexOf(SCRIPT_START, at + 1)) {
    const openEnd = html.indexOf('>', at) + 1;
    if (openEnd === 0) return null;
    if (!html.toString('latin1', at, openEnd).includes(MODULE_TYPE)) continue;
    const bodyEnd = html.indexOf(SCRIPT_END, openEnd);
    return bodyEnd === -1 ? null : { openEnd, bodyEnd };
  }
  return null;
}
