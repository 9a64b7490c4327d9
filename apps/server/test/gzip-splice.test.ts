/**
 * A cached page's gzip answer assembled from pieces compressed once (src/gzip-splice.ts): whatever
 * the page and wherever its nonces, the answer inflates to the page with this answer's nonce.
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, deflateSegments, gzipWithNonce } from '../src/gzip-splice.ts';
import { joinWithNonce, newNonce, splitAtNonce } from '../src/page-security.ts';

const page = (html: string, nonce: string) => Buffer.from(html.replaceAll('NONCE', nonce));

describe('gzip answer of a cached page', () => {
  it('inflates to the page with the new nonce (pieces of every size: empty, one, several blocks)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.uint8Array({ maxLength: 70_000, size: 'large' }).map((b) => Buffer.from(b).toString('latin1')),
          ),
          {
            maxLength: 6,
          },
        ),
        (texts) => {
          const rendered = newNonce();
          const body = page(texts.join('NONCE'), rendered);
          const parts = splitAtNonce(body, rendered);
          const nonce = newNonce();
          const gz = gzipWithNonce(parts, deflateSegments(parts), nonce);
          expect(gunzipSync(gz).equals(joinWithNonce(parts, nonce))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('inflates large pieces too (incompressible 200 KB, several deflate blocks each)', () => {
    const rendered = newNonce();
    const noise = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251));
    const body = Buffer.concat([
      noise,
      Buffer.from(rendered),
      Buffer.from('x'.repeat(300_000)),
      Buffer.from(rendered),
    ]);
    const parts = splitAtNonce(body, rendered);
    expect(parts).toHaveLength(3);
    const nonce = newNonce();
    expect(
      gunzipSync(gzipWithNonce(parts, deflateSegments(parts), nonce)).equals(joinWithNonce(parts, nonce)),
    ).toBe(true);
  });

  it('is a gzip member: header, and the CRC-32 and size of the page in its trailer', () => {
    const rendered = newNonce();
    const body = page('<html><script nonce="NONCE">1</script>ąčęėį жёлтый NONCE</html>', rendered);
    const parts = splitAtNonce(body, rendered);
    const nonce = newNonce();
    const gz = gzipWithNonce(parts, deflateSegments(parts), nonce);
    expect([...gz.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    const whole = joinWithNonce(parts, nonce);
    expect(gz.readUInt32LE(gz.length - 4)).toBe(whole.length);
    // a decoder that checks the CRC refuses one byte changed in the trailer
    const broken = Buffer.from(gz);
    broken.writeUInt8(broken.readUInt8(broken.length - 8) ^ 1, broken.length - 8);
    expect(() => gunzipSync(broken)).toThrow();
    expect(gunzipSync(gz).toString()).toBe(whole.toString());
  });

  it('is smaller than the page', () => {
    const rendered = newNonce();
    const html = `<html>${'<a class="card" href="/p/x">Lenovo ThinkPad T14</a>'.repeat(2000)}<script nonce="NONCE">1</script></html>`;
    const parts = splitAtNonce(page(html, rendered), rendered);
    expect(gzipWithNonce(parts, deflateSegments(parts), newNonce()).length).toBeLessThan(html.length / 20);
  });
});

describe('Accept-Encoding: gzip taken?', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['br, *;q=0', false],
    ['identity', false],
    ['', false],
    [undefined, false],
    [['br', 'gzip'], true],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });
});
