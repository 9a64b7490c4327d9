// @vitest-environment jsdom
import { HydratedRouter } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { prepareRouter } from '../app/hydrate-document';

/**
 * The router is made before the hydration, in tasks of its own: HydratedRouter called as a plain function
 * throws its data's decoding promise, then (called again once it is decoded, a task later) makes its
 * router and stops at its first hook. Nothing of that may reach the page: any other failure is left to
 * the hydration's render.
 */
describe('prepareRouter', () => {
  it('awaits the decoding, makes the router in a later task and drops the hook error', async () => {
    const log: string[] = [];
    let decoded = false;
    const decoding = Promise.resolve().then(() => {
      decoded = true;
    });
    const component = () => {
      if (!decoded) {
        log.push('decode');
        throw decoding;
      }
      log.push('router made');
      throw new TypeError("Cannot read properties of null (reading 'useState')");
    };
    let taskRan = false;
    setTimeout(() => (taskRan = true), 0);
    const sawTaskFirst: boolean[] = [];
    await prepareRouter(() => {
      if (decoded) sawTaskFirst.push(taskRan);
      return component();
    });
    expect(log).toEqual(['decode', 'router made']);
    // the router is made in a task after the one the decoding ended in
    expect(sawTaskFirst).toEqual([true]);
  });

  it('leaves a failed decoding to the hydration', async () => {
    let calls = 0;
    const failing = Promise.reject(new Error('bad stream'));
    failing.catch(() => undefined);
    await expect(
      prepareRouter(() => {
        calls++;
        throw failing;
      }),
    ).resolves.toBeUndefined();
    expect(calls).toBe(1);
  });

  it('gives up after a few decodings that never end the suspension', async () => {
    let calls = 0;
    await prepareRouter(() => {
      calls++;
      throw Promise.resolve();
    });
    expect(calls).toBe(3);
  });

  it("does not throw with React Router's own component outside a server-rendered document", async () => {
    // no window.__reactRouterContext: HydratedRouter throws its own error, which the hydration would report
    await expect(prepareRouter(HydratedRouter as never)).resolves.toBeUndefined();
  });
});
