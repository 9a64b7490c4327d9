import { runInNewContext } from 'node:vm';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { startScriptsAfterFirstPaint } from '../src/first-paint.ts';

// the shape React Router 7's <Scripts> renders (React 19 hoists the preloads into <head>)
const routerScript =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\n' +
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry-C.js"}};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry-C.js");';
const page = (head: string, script = routerScript) =>
  Buffer.from(
    `<!DOCTYPE html><html><head>${head}</head><body><main>é</main>` +
      `<script nonce="n" type="module" async="">${script}</script>` +
      `<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>`,
  );
const preloads =
  '<link rel="modulepreload" href="/assets/entry-C.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/>' +
  '<link rel="modulepreload" href="/assets/shell-D.js" nonce="n"/>';

const moduleScriptOf = (html: string) =>
  /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

/**
 * Runs the rewritten module script with a document that is still loading, a frame clock and timers
 * under the test's control, and `import()` recorded (it is a module script: dynamic import is the
 * one thing a plain function cannot run, so it is renamed for the run).
 */
function runScript(
  script: string,
  readyState: 'loading' | 'complete',
  paint?: { painted: boolean; report?: () => void },
  /** the answer to the page's fetch of its router data (router-data.ts) */
  routerData?: Promise<{ ok: boolean; status: number; text: () => Promise<string> }>,
) {
  const events: string[] = [];
  const listeners = new Map<string, () => void>();
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number; ran?: boolean }[] = [];
  const modules = new Map<string, Promise<unknown>>();
  const streamController = {
    enqueue: (text: string) => events.push(`enqueue ${text}`),
    close: () => events.push('close'),
  };
  const window: Record<string, unknown> = { __reactRouterContext: { streamController } };
  const context = {
    window,
    fetch: (url: string) => {
      events.push(`fetch ${url}`);
      return routerData;
    },
    console: { warn: (...args: unknown[]) => events.push(`warn ${String(args[0])}`) },
    document: {
      readyState,
      createElement: () => ({}) as { rel?: string; href?: string },
      createDocumentFragment: () => {
        const children: { rel: string; href: string }[] = [];
        return { children, append: (link: { rel: string; href: string }) => children.push(link) };
      },
      // the links reach the head as one fragment
      head: {
        append: (fragment: { children: { rel: string; href: string }[] }) =>
          fragment.children.forEach((link) => events.push(`${link.rel} ${link.href}`)),
      },
    },
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
    // a browser that reports paints (without one, the script does not wait for a paint entry)
    ...(paint && {
      performance: {
        getEntriesByName: (name: string) =>
          name === 'first-contentful-paint' && paint.painted ? [{ name }] : [],
      },
      PerformanceObserver: class {
        constructor(private readonly callback: () => void) {}
        observe(options: { type: string }) {
          if (options.type === 'paint') paint.report = () => this.callback();
        }
        disconnect() {
          paint.report = undefined;
        }
      },
    }),
    __import: (url: string) => {
      events.push(`import ${url}`);
      if (!modules.has(url)) modules.set(url, Promise.resolve({ url }));
      return modules.get(url);
    },
  };
  runInNewContext(script.replaceAll('import(', '__import('), context);
  /** runs the oldest 0 ms timer that has not run yet: the browser's next task */
  const task = () => {
    const next = timers.find((t) => t.ms === 0 && !t.ran)!;
    next.ran = true;
    next.fn();
  };
  return { events, listeners, frames, timers, task, window };
}

/** Once the imports have settled: the route modules are set for React Router, then the entry is imported. */
async function routeModulesSetThenEntry(run: ReturnType<typeof runScript>) {
  await new Promise((resolve) => setImmediate(resolve));
  expect(run.window.__reactRouterRouteModules).toEqual({
    root: { url: '/assets/root-A.js' },
    home: { url: '/assets/home-B.js' },
  });
  expect(run.events.at(-1)).toBe('import /assets/entry-C.js');
}

describe('startScriptsAfterFirstPaint', () => {
  it('takes the module preloads out of the head and leaves the rest of the page as it was', () => {
    const out = startScriptsAfterFirstPaint(page(preloads)).toString();
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).toContain('<head><link rel="preload" as="font" href="/f.woff2"/></head><body><main>é</main>');
    expect(out).toContain('<script nonce="n">window.__reactRouterContext.streamController.close();</script>');
    // valid JavaScript in a module
    expect(() => transformSync(moduleScriptOf(out), { format: 'esm', loader: 'js' })).not.toThrow();
  });

  it('finds the module script after the classic scripts before it, and keeps every character around it', () => {
    const classic = '<script nonce="n">((key) => { /* ščiūž — щ */ })("k")</script>';
    const html = Buffer.from(
      page(preloads).toString().replace('<main>é</main>', `<main>ąčę ёж</main>${classic}`),
    );
    const out = startScriptsAfterFirstPaint(html).toString();
    expect(out).toContain(`<main>ąčę ёж</main>${classic}<script nonce="n" type="module" async="">let s=0,d;`);
    expect(moduleScriptOf(out)).toContain('import("/assets/root-A.js"), import("/assets/home-B.js")');
    expect(out).toContain(
      '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
    );
  });

  it('starts nothing before the window has loaded and a frame has painted, then preloads and hydrates as React Router would', async () => {
    const script = moduleScriptOf(startScriptsAfterFirstPaint(page(preloads)).toString());
    const run = runScript(script, 'loading');
    expect(run.events).toEqual([]);
    expect(run.window.__reactRouterManifest).toBeUndefined();

    run.listeners.get('load')!();
    expect(run.events).toEqual([]); // the load's own frame has not painted yet
    run.frames.shift()!();
    expect(run.events).toEqual([]);
    run.task(); // start
    expect(run.events).toEqual([]); // the preloads are the next task
    run.task();
    expect(run.events).toEqual([
      'modulepreload /assets/entry-C.js',
      'modulepreload /assets/shell-D.js',
      'import /assets/root-A.js',
      'import /assets/home-B.js',
    ]);
    await routeModulesSetThenEntry(run);
    expect(run.window.__reactRouterManifest).toEqual({ entry: { module: '/assets/entry-C.js' } });
  });

  it('adds the preloads three a task (each its own short task), then imports the route modules', () => {
    const hrefs = Array.from({ length: 8 }, (_, i) => `/assets/chunk-${i}.js`);
    const head = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="n"/>`).join('');
    const run = runScript(moduleScriptOf(startScriptsAfterFirstPaint(page(head)).toString()), 'complete');
    run.frames.shift()!();
    const tasks = () => run.timers.filter((t) => t.ms === 0);
    const preloaded = (count: number) => hrefs.slice(0, count).map((href) => `modulepreload ${href}`);
    tasks()[0]!.fn(); // start
    expect(run.events).toEqual([]);
    tasks()[1]!.fn();
    expect(run.events).toEqual(preloaded(3));
    tasks()[2]!.fn();
    expect(run.events).toEqual(preloaded(6));
    tasks()[3]!.fn();
    expect(run.events).toEqual([...preloaded(8), 'import /assets/root-A.js', 'import /assets/home-B.js']);
    expect(tasks()).toHaveLength(4);
  });

  it("imports the framework's chunk alone after the preloads, and the route modules in the next task", async () => {
    const head =
      '<link rel="modulepreload" href="/assets/entry-C.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/shell-D.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/framework-E_1.js" nonce="n"/>';
    const script = moduleScriptOf(startScriptsAfterFirstPaint(page(head)).toString());
    expect(() => transformSync(script, { format: 'esm', loader: 'js' })).not.toThrow();
    const run = runScript(script, 'complete');
    run.frames.shift()!();
    run.task(); // start
    run.task(); // the preloads, and the framework
    const imports = () => run.events.filter((e) => e.startsWith('import'));
    expect(imports()).toEqual(['import /assets/framework-E_1.js']);
    await new Promise((resolve) => setImmediate(resolve));
    // evaluated: the rest waits for a task of its own
    expect(imports()).toEqual(['import /assets/framework-E_1.js']);
    run.task();
    expect(imports()).toEqual([
      'import /assets/framework-E_1.js',
      'import /assets/root-A.js',
      'import /assets/home-B.js',
    ]);
    await routeModulesSetThenEntry(run);
  });

  it('imports the route manifest first when React Router lists it as a module (routeDiscovery: initial)', async () => {
    const initial =
      'import "/assets/manifest-M.js";\nimport * as route0 from "/assets/root-A.js";\n' +
      'import * as route1 from "/assets/home-B.js";\n  \n' +
      '  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry-C.js");';
    const script = moduleScriptOf(startScriptsAfterFirstPaint(page(preloads, initial)).toString());
    // a static import left inside the function would not even parse
    expect(() => transformSync(script, { format: 'esm', loader: 'js' })).not.toThrow();
    const run = runScript(script, 'complete');
    run.frames.shift()!();
    run.task(); // start
    run.task(); // the first preloads, and the imports
    expect(run.events.filter((e) => e.startsWith('import'))).toEqual([
      'import /assets/manifest-M.js',
      'import /assets/root-A.js',
      'import /assets/home-B.js',
    ]);
    await routeModulesSetThenEntry(run);
  });

  it('starts once, at the latest 3 s after it was read when the window is slow to load', () => {
    const run = runScript(moduleScriptOf(startScriptsAfterFirstPaint(page(preloads)).toString()), 'loading');
    const latest = run.timers.find((t) => t.ms === 3000)!;
    latest.fn();
    run.task(); // the first preloads, and the imports
    expect(run.events.filter((e) => e.startsWith('import'))).toEqual([
      'import /assets/root-A.js',
      'import /assets/home-B.js',
    ]);
    run.listeners.get('load')!();
    run.frames.shift()!();
    run.task(); // start, again: nothing
    expect(run.timers.filter((t) => t.ms === 0 && !t.ran)).toEqual([]);
    expect(run.events.filter((e) => e.startsWith('import'))).toHaveLength(2); // not twice
  });

  it('starts after the next frame when the window has already loaded', () => {
    const run = runScript(moduleScriptOf(startScriptsAfterFirstPaint(page(preloads)).toString()), 'complete');
    expect(run.listeners.size).toBe(0);
    run.frames.shift()!();
    run.task(); // start
    run.task(); // the first preloads, and the imports
    expect(run.events).toContain('import /assets/root-A.js');
  });

  it('waits for the first contentful paint the browser reports, even after the load', () => {
    const paint: { painted: boolean; report?: () => void } = { painted: false };
    const run = runScript(
      moduleScriptOf(startScriptsAfterFirstPaint(page(preloads)).toString()),
      'loading',
      paint,
    );
    run.listeners.get('load')!();
    expect(run.frames).toHaveLength(0); // loaded, not painted yet: nothing waits on a frame
    paint.report!(); // another paint entry (first-paint) is not the contentful one
    expect(run.frames).toHaveLength(0);
    paint.painted = true;
    paint.report!();
    expect(paint.report).toBeUndefined(); // the observer is disconnected
    run.frames.shift()!();
    run.task(); // start
    run.task(); // the first preloads, and the imports
    expect(run.events).toContain('import /assets/root-A.js');
  });

  it('does not wait for a paint reported before the script ran', () => {
    const run = runScript(
      moduleScriptOf(startScriptsAfterFirstPaint(page(preloads)).toString()),
      'complete',
      {
        painted: true,
      },
    );
    run.frames.shift()!();
    run.task(); // start
    run.task(); // the first preloads, and the imports
    expect(run.events).toContain('import /assets/root-A.js');
  });

  it('answers the same buffer for a page it does not know the shape of', () => {
    const none = page('<title>t</title>');
    expect(startScriptsAfterFirstPaint(none)).toBe(none);
    const noImports = page(preloads, 'import("/assets/entry-C.js");');
    expect(startScriptsAfterFirstPaint(noImports)).toBe(noImports);
    const fragment = Buffer.from('<p>no head</p>');
    expect(startScriptsAfterFirstPaint(fragment)).toBe(fragment);
  });

  describe('a page whose router data is apart (router-data.ts)', () => {
    const apart = (data: Parameters<typeof runScript>[3]) =>
      runScript(
        moduleScriptOf(startScriptsAfterFirstPaint(page(preloads), '/_page-data/c/tv?sort=price').toString()),
        'complete',
        undefined,
        data,
      );
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('fetches it after the first paint, beside the modules, and feeds it to the stream before the entry hydrates', async () => {
      const run = apart(Promise.resolve({ ok: true, status: 200, text: async () => '[{"_1":2}]' }));
      expect(run.events).toEqual([]);
      run.frames.shift()!();
      run.task(); // start: the data's request, a task of its own
      expect(run.events).toEqual(['fetch /_page-data/c/tv?sort=price']);
      run.task();
      expect(run.events).toEqual([
        'fetch /_page-data/c/tv?sort=price',
        'modulepreload /assets/entry-C.js',
        'modulepreload /assets/shell-D.js',
        'import /assets/root-A.js',
        'import /assets/home-B.js',
      ]);
      await settle();
      expect(run.events.slice(5)).toEqual(['enqueue [{"_1":2}]', 'close', 'import /assets/entry-C.js']);
      expect(run.window.__reactRouterRouteModules).toEqual({
        root: { url: '/assets/root-A.js' },
        home: { url: '/assets/home-B.js' },
      });
    });

    it('without its data (offline, an error answer) the entry is not imported: the page stays as the server wrote it', async () => {
      for (const data of [
        () => Promise.resolve({ ok: false, status: 404, text: async () => '' }),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ]) {
        const run = apart(data());
        run.frames.shift()!();
        run.task(); // start
        run.task(); // the first preloads, and the imports
        await settle();
        expect(run.events).not.toContain('import /assets/entry-C.js');
        expect(run.events.filter((e) => e.startsWith('enqueue') || e === 'close')).toEqual([]);
        expect(run.events).toContain('warn No page data: the page stays as the server wrote it.');
      }
    });
  });
});
