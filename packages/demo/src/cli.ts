/**
 * `npm run catalog:generate -- --count 100000 --seed 7 --out FILE.json`
 *
 * Writes a generated catalogue in the shop data import format, for `npm run catalog:import -- FILE.json`.
 * Up to 5,000 products it is the full demo catalogue (every product type); above that (or with
 * `--kind large`) the benchmark catalogue of simple and configurable products.
 *
 * Options: --count N (default 2400), --seed N (default 42), --out FILE (required),
 * --kind demo|large, --reference-date YYYY-MM-DD (default today), --images MEDIA_DIR (also draw images).
 */
import { parseArgs } from 'node:util';
import { generateDemoCatalog, generateLargeCatalog } from './catalog.ts';
import { generateDemoImages } from './images.ts';
import { writeImportFile } from './write.ts';

function fail(message: string): never {
  process.stderr.write(`catalog:generate: ${message}\n`);
  process.exit(2);
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      kind: { type: 'string' },
      'reference-date': { type: 'string' },
      images: { type: 'string' },
    },
    strict: true,
  });
  const count = int('count', values.count, 2400);
  const seed = int('seed', values.seed, 42);
  if (!values.out) fail('--out FILE is required');
  const kind = values.kind ?? (count > 5000 ? 'large' : 'demo');
  if (kind !== 'demo' && kind !== 'large') fail('--kind must be demo or large');
  let referenceDate = new Date();
  if (values['reference-date']) {
    referenceDate = new Date(values['reference-date']);
    if (Number.isNaN(referenceDate.getTime()))
      fail(`--reference-date is not a date: "${values['reference-date']}"`);
  }

  const started = performance.now();
  const data =
    kind === 'demo'
      ? generateDemoCatalog({ seed, productCount: count, referenceDate })
      : generateLargeCatalog({ seed, productCount: count, referenceDate });
  const generatedMs = performance.now() - started;
  const bytes = await writeImportFile(values.out, data);
  const children = (data.products ?? []).reduce((s, p) => s + (p.configurable_children?.length ?? 0), 0);
  process.stdout.write(
    `wrote ${values.out}: ${data.products?.length ?? 0} products (+${children} configurable children), ` +
      `${(bytes / 1e6).toFixed(1)} MB; generated in ${Math.round(generatedMs)} ms, ` +
      `written in ${Math.round(performance.now() - started - generatedMs)} ms\n`,
  );
  if (values.images) {
    const r = await generateDemoImages(values.images, { seed });
    process.stdout.write(
      `images in ${values.images}/demo: ${r.written} written, ${r.skipped} kept, ${r.ms} ms\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `catalog:generate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
