/**
 * Per-grade photos in the import file: a configurable product's child (one condition grade) carries
 * its own `image` and `media_gallery`, each gallery entry with its alt text per store view (`label`);
 * they are stored with the child, indexed per store view, and the storefront's gallery rule (domain
 * variantImages) shows the chosen grade's photos and none of another grade's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantImages, imageLabels } from '@vitrina/domain';
import { importCatalog, ImportError } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW, smallCatalog } from './fixture.ts';

type Child = { sku: string; image: string | null; media_gallery?: { image: string; label?: string }[] };
type Doc = {
  image: string | null;
  media_gallery: { image: string; label?: string }[];
  configurable_children: Child[];
};

function gradedCatalog() {
  const file = structuredClone(smallCatalog()) as ReturnType<typeof smallCatalog> & {
    products: Record<string, unknown>[];
  };
  const laptop = file.products.find((p) => p.sku === 'LAP-1001') as Record<string, unknown> & {
    configurable_children: Record<string, unknown>[];
  };
  laptop.media_gallery = [
    { image: '/demo/laptops/3.png', label: { lt: 'Priekis', en: 'Front' } },
    { image: '/demo/laptops/ports.png' },
  ];
  // grade N: no photos of its own; grade A: two, the second with alt texts
  laptop.configurable_children[1]!.image = '/demo/laptops/a-1.png';
  laptop.configurable_children[1]!.media_gallery = [
    {
      image: '/demo/laptops/a-2.png',
      label: { lt: 'A klasės dangtis', en: 'Grade A lid', ru: 'Крышка, класс A' },
    },
  ];
  return file;
}

describe('per-grade images through the import file', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database, gradedCatalog(), { now: NOW });
  });
  afterAll(() => database?.dispose());

  const doc = async (store: string) => {
    const [r] = await database.query<{ doc: Doc }>(
      `select doc from product_index where sku = 'LAP-1001' and store_code = $1`,
      [store],
    );
    return r!.doc;
  };

  it("stores a child's own gallery with its alt texts per store view", async () => {
    const rows = await database.query<{ sku: string; image: string; media_gallery: unknown }>(
      `select sku, image, media_gallery from products where sku in ('LAP-1001-N', 'LAP-1001-A') order by sku`,
    );
    expect(rows).toEqual([
      {
        sku: 'LAP-1001-A',
        image: '/demo/laptops/a-1.png',
        media_gallery: [
          {
            image: '/demo/laptops/a-2.png',
            label: { lt: 'A klasės dangtis', en: 'Grade A lid', ru: 'Крышка, класс A' },
          },
        ],
      },
      // no image of its own: its parent's, and no gallery
      { sku: 'LAP-1001-N', image: '/demo/laptops/3.png', media_gallery: [] },
    ]);
  });

  it("indexes each child's gallery with the alt text of the store view (Lithuanian when it has none)", async () => {
    const en = await doc('en');
    expect(en.media_gallery).toEqual([
      { image: '/demo/laptops/3.png', label: 'Front' },
      { image: '/demo/laptops/ports.png' },
    ]);
    expect(en.configurable_children.find((c) => c.sku === 'LAP-1001-A')!.media_gallery).toEqual([
      { image: '/demo/laptops/a-2.png', label: 'Grade A lid' },
    ]);
    const ru = await doc('ru');
    expect(ru.media_gallery[0]).toEqual({ image: '/demo/laptops/3.png', label: 'Priekis' });
  });

  it("the gallery of the chosen grade: its own photos first, none of another grade's", async () => {
    const en = await doc('en');
    const a = en.configurable_children.find((c) => c.sku === 'LAP-1001-A')!;
    const n = en.configurable_children.find((c) => c.sku === 'LAP-1001-N')!;
    // the product's front photo is grade N's too (a child without an image of its own is given its
    // parent's), so grade A shows its own two and the product's photo no grade claims
    expect(variantImages(en, a)).toEqual([
      '/demo/laptops/a-1.png',
      '/demo/laptops/a-2.png',
      '/demo/laptops/ports.png',
    ]);
    expect(variantImages(en, n)).not.toContain('/demo/laptops/a-1.png');
    expect(variantImages(en, n)).not.toContain('/demo/laptops/a-2.png');
    expect(imageLabels(en)['/demo/laptops/a-2.png']).toBe('Grade A lid');
  });

  it('refuses a gallery entry without an image path, naming the child', async () => {
    const file = gradedCatalog();
    const laptop = file.products.find((p) => p.sku === 'LAP-1001') as {
      configurable_children: Record<string, unknown>[];
    };
    laptop.configurable_children[1]!.media_gallery = [{ label: { lt: 'be paveikslėlio' } }];
    const err = await importCatalog(database, file, { now: NOW }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).issues.map((i) => i.path).join(' ')).toMatch(
      /configurable_children.*1.*media_gallery.*0.*image/,
    );
  });
});
