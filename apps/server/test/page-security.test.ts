import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { byHashes, contentSecurityPolicy, newNonce } from '../src/page-security.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('a page every answer shares: its own scripts and styles by their hashes', () => {
  const n = 'AAAAAAAAAAAAAAAAAAAAAA';

  it('hashes the text of each script and style the render gave the nonce, and takes the nonce attributes out', () => {
    const css = 'b{color:red}/* Kaina 1 249,99 € */';
    const script = 'console.log("Ещё ąčę")';
    const html =
      `<html><head><style id="s" nonce="${n}">${css}</style><script nonce="${n}">${script}</script>` +
      `<link rel="modulepreload" href="/a.js" nonce="${n}"/></head><body><p>${n}</p>` +
      `<script nonce="${n}" type="module" async="">import("/b.js")</script>` +
      `<script nonce="${n}">${script}</script><script type="application/ld+json">{"a":1}</script></body></html>`;
    const out = byHashes(Buffer.from(html), n);
    expect(out.body.toString()).toBe(html.replaceAll(` nonce="${n}"`, ''));
    // the same text twice is one hash; the ld+json block is data (CSP does not govern it)
    expect(out.scripts).toEqual([sha256(script), sha256('import("/b.js")')]);
    expect(out.styles).toEqual([sha256(css)]);
  });

  it('admits no script the render did not give the nonce (one in a CMS block or a product text)', () => {
    const injected = '<div><script>alert(1)</script><script nonce="guess">alert(2)</script></div>';
    const out = byHashes(Buffer.from(`<script nonce="${n}">1</script>${injected}`), n);
    expect(out.scripts).toEqual([sha256('1')]);
    expect(out.body.toString()).toContain(injected);
  });

  it("a script from a file needs no hash: the policy admits the shop's own files", () => {
    const out = byHashes(Buffer.from(`<script nonce="${n}" src="/assets/a.js"></script>`), n);
    expect(out.scripts).toEqual([]);
    expect(out.body.toString()).toBe('<script src="/assets/a.js"></script>');
  });

  it('the policy names the hashes where a rendered page names its nonce, and nothing unsafe', () => {
    const hashes = contentSecurityPolicy({ scripts: ['sha256-a', 'sha256-b'], styles: ['sha256-c'] });
    expect(hashes).toContain("script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'sha256-c';");
    expect(contentSecurityPolicy({ scripts: [], styles: [] })).toContain(
      "script-src 'self'; style-src 'self';",
    );
    const nonce = contentSecurityPolicy({ nonce: n });
    expect(nonce).toContain(`script-src 'self' 'nonce-${n}'; style-src 'self' 'nonce-${n}';`);
    for (const policy of [hashes, nonce]) expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  });
});

describe('nonces', () => {
  it('are 128-bit base64url tokens, never the same twice (more than one pool of them)', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
