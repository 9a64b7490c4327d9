/**
 * A rendered page's gzip with its inline stylesheet compressed once per process (src/gzip-splice.ts):
 * whatever the page, the answer inflates to it; and which content codings a client takes.
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateRawSync, constants as zlib } from 'node:zlib';
import { acceptsCoding, acceptsGzip, gzipPage } from '../src/gzip-splice.ts';

describe('gzip answer of a rendered page', () => {
  it('inflates to the page (of every size: empty, one, several deflate blocks)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 70_000, size: 'large' }).map((b) => Buffer.from(b).toString('latin1')),
        ),
        (text) => {
          const body = Buffer.from(text);
          expect(gunzipSync(gzipPage(body)).equals(body)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is a gzip member: header, and the CRC-32 and size of the page in its trailer', () => {
    const body = Buffer.from('<html><script nonce="n">1</script>ąčęėį жёлтый</html>');
    const gz = gzipPage(body);
    expect([...gz.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    expect(gz.readUInt32LE(gz.length - 4)).toBe(body.length);
    // a decoder that checks the CRC refuses one byte changed in the trailer
    const broken = Buffer.from(gz);
    broken.writeUInt8(broken.readUInt8(broken.length - 8) ^ 1, broken.length - 8);
    expect(() => gunzipSync(broken)).toThrow();
    expect(gunzipSync(gz).toString()).toBe(body.toString());
  });

  it('is smaller than the page', () => {
    const html = `<html>${'<a class="card" href="/p/x">Lenovo ThinkPad T14</a>'.repeat(2000)}</html>`;
    expect(gzipPage(Buffer.from(html)).length).toBeLessThan(html.length / 20);
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

describe('Accept-Encoding: brotli taken?', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['BR;q=0.5', true],
    ['*', true],
    ['gzip', false],
    ['br;q=0', false],
    ['gzip, *;q=0', false],
    ['', false],
    [undefined, false],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsCoding(header, 'br')).toBe(expected);
  });
});
