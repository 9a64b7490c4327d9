/**
 * A cached page's gzip answer assembled from pieces compressed once (src/gzip-splice.ts): whatever
 * the page and wherever its nonces, the answer inflates to the page with this answer's nonce.
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateRawSync, constants as zlib } from 'node:zlib';
import { acceptsGzip, deflateSegments, gzipPage, gzipWithNonce } from '../src/gzip-splice.ts';
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
          const gz = gzipWithNonce(parts, deflateSegments(Buffer.concat(parts), parts), nonce);
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
      gunzipSync(gzipWithNonce(parts, deflateSegments(Buffer.concat(parts), parts), nonce)).equals(
        joinWithNonce(parts, nonce),
      ),
    ).toBe(true);
  });

  it('is a gzip member: header, and the CRC-32 and size of the page in its trailer', () => {
    const rendered = newNonce();
    const body = page('<html><script nonce="NONCE">1</script>ąčęėį жёлтый NONCE</html>', rendered);
    const parts = splitAtNonce(body, rendered);
    const nonce = newNonce();
    const gz = gzipWithNonce(parts, deflateSegments(Buffer.concat(parts), parts), nonce);
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
    expect(
      gzipWithNonce(parts, deflateSegments(Buffer.concat(parts), parts), newNonce()).length,
    ).toBeLessThan(html.length / 20);
  });
});

/** a stylesheet of `rules` rules, above the 4 KB from which it is compressed once */
const stylesheet = (rules: number, seed = 0) =>
  Array.from(
    { length: rules },
    (_, i) => `.c${i + seed}>a{margin:${i}px;color:#${(i * 2654435761 + seed) % 0xffffff}}`,
  ).join('');

describe('the inline stylesheet compressed once', () => {
  it('a rendered page inflates to itself, whatever is around its stylesheet', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 0, max: 400 }), (before, after, rules) => {
        const body = Buffer.from(
          `<html><head>${before}<style id="s" nonce="n">${stylesheet(rules)}</style></head>${after}</html>`,
        );
        expect(gunzipSync(gzipPage(body)).equals(body)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('is spliced into every page that carries it, as one level-9 deflate of its text', () => {
    const css = stylesheet(300);
    const sheetDeflated = deflateRawSync(Buffer.from(css), { level: 9, finishFlush: zlib.Z_SYNC_FLUSH });
    for (const main of ['<main>home</main>', '<main>Lenovo ThinkPad T14 — 899,00 €</main>']) {
      const body = Buffer.from(
        `<html><head><style nonce="a">${css}</style></head><body>${main}</body></html>`,
      );
      const gz = gzipPage(body);
      expect(gz.includes(sheetDeflated)).toBe(true);
      expect(gunzipSync(gz).toString()).toBe(body.toString());
    }
  });

  it('a cached page answers another nonce, the nonce in its style tag too, and a changed stylesheet is its own', () => {
    for (const css of [stylesheet(300), stylesheet(300, 7)]) {
      const rendered = newNonce();
      const body = page(
        `<html><head><style nonce="NONCE">${css}</style><script nonce="NONCE">1</script></head></html>`,
        rendered,
      );
      const parts = splitAtNonce(body, rendered);
      const nonce = newNonce();
      expect(
        gunzipSync(gzipWithNonce(parts, deflateSegments(body, parts), nonce)).equals(
          joinWithNonce(parts, nonce),
        ),
      ).toBe(true);
    }
  });

  it('leaves a small stylesheet in with the rest of the page', () => {
    const css = stylesheet(10);
    const body = Buffer.from(`<style>${css}</style><p>x</p>`);
    const sheetDeflated = deflateRawSync(Buffer.from(css), { level: 9, finishFlush: zlib.Z_SYNC_FLUSH });
    const gz = gzipPage(body);
    expect(gz.includes(sheetDeflated)).toBe(false);
    expect(gunzipSync(gz).equals(body)).toBe(true);
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
