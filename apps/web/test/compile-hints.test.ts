import type { RenderedChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../scripts/compile-hints';

type OutputOptionsHook = (
  this: unknown,
  options: object,
) => { postBanner?: (c: RenderedChunk) => string } | null;

function outputOptionsFor(consumer: 'client' | 'server') {
  const hook = compileHints().outputOptions as unknown as OutputOptionsHook;
  return hook.call({ environment: { config: { consumer } } }, { format: 'es' });
}

const chunk = (name: string) => ({ name }) as RenderedChunk;

describe('compile hints', () => {
  it('puts the hint on top of the browser chunks that run code', () => {
    const options = outputOptionsFor('client');
    expect(options).toMatchObject({ format: 'es' });
    for (const name of ['entry.client', 'shell', 'root', 'category', 'ProductCard'])
      expect(options?.postBanner?.(chunk(name))).toBe(COMPILE_HINT);
  });

  it('leaves the dictionaries (data only) without it', () => {
    const options = outputOptionsFor('client');
    for (const name of ['en', 'lt', 'ru']) expect(options?.postBanner?.(chunk(name))).toBe('');
  });

  it('leaves the server build alone', () => {
    expect(outputOptionsFor('server')).toBeNull();
  });
});
