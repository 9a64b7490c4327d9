/**
 * The document hydrated by React, as React Router's default client entry does it (a build for Preact
 * takes hydrate-document.preact.tsx in its place: apps/web/preact-aliases.ts), with its router made
 * first, in tasks of its own (`prepareRouter`).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/** the next task: lets the browser paint, take input and run other tasks between two pieces of start-up */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const isThenable = (x: unknown): x is PromiseLike<unknown> =>
  typeof x === 'object' && x !== null && typeof (x as { then?: unknown }).then === 'function';

/**
 * React Router's HydratedRouter makes its router in its first render, before any hook: it decodes the
 * server's data stream (throwing the decoding's promise: the root suspends) and, rendered again, builds
 * the client routes from the whole manifest, matches the URL (flattening the route table twice) and
 * creates the router with its history. That render is one unit of React's work, which its scheduler cannot
 * slice: measured at 4× CPU slowdown, the hydration task holding it was the page's longest script task
 * (docs/decisions/0082-the-router-is-made-before-the-hydration.md). Called here as a plain function, the
 * component does the same in tasks of its own: it throws the decoding's promise (awaited), then makes and
 * keeps the router (its module's own variable, which the hydration's render then finds) and stops at its
 * first hook, which needs a render (the error is expected and dropped). Whatever goes wrong here is left
 * to the hydration's render, which makes the router itself as before and reports its error the same way.
 */
export async function prepareRouter(
  component: (props: Record<string, never>) => unknown = HydratedRouter as never,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      component({});
      return;
    } catch (thrown) {
      if (!isThenable(thrown)) return; // the router is made (stopped at its first hook), or it failed
      try {
        await thrown;
      } catch {
        return;
      }
      await nextTask();
    }
  }
}

export async function hydrateDocument(): Promise<void> {
  await prepareRouter();
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
