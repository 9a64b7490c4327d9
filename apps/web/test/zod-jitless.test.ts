import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off the compiler of the zod the pages load later', async () => {
    await import('../app/lib/zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
