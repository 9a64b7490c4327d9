import { describe, expect, it } from 'vitest';
import { joinWithNonce, newNonce, splitAtNonce } from '../src/page-security.ts';

describe('a cached page gets each answer its own nonce', () => {
  const old = 'AAAAAAAAAAAAAAAAAAAAAA';
  it.each([
    ['no nonce', '<p>plain</p>'],
    ['one', `<script nonce="${old}">1</script>`],
    ['at both ends', `${old}<style nonce="${old}"></style>${old}`],
    ['side by side', `${old}${old}`],
    [
      'several, non-ASCII around',
      `<p>Kaina 1 249,99 €</p><script nonce="${old}"></script><p>Ещё</p><script nonce="${old}"></script>`,
    ],
  ])('%s: the page with the new nonce wherever the old one was, nothing else changed', (_, html) => {
    const fresh = newNonce();
    const parts = splitAtNonce(Buffer.from(html), old);
    expect(joinWithNonce(parts, fresh).toString()).toBe(html.replaceAll(old, fresh));
    // the pieces stay as cut: the next answer gets its own nonce too
    const next = newNonce();
    expect(joinWithNonce(parts, next).toString()).toBe(html.replaceAll(old, next));
  });

  it('nonces are 128-bit base64url tokens, never the same twice (more than one pool of them)', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const n of nonces) expect(n).toMatch(/^[\w-]{22}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
