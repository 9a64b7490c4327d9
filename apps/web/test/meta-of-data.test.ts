/**
 * The product and category pages' `meta`: React Router's <Meta> calls it at each change of the
 * router's state, and a grade's choice keeps the product's data, so it is made once per data object.
 */
import { describe, expect, it, vi } from 'vitest';
import type { MetaDescriptor } from 'react-router';
import { metaOfData } from '../app/lib/seo';
import { meta as productMeta } from '../app/routes/product';

describe('a meta made of its data alone', () => {
  it('is made once per data object, again for another', () => {
    const make = vi.fn(({ data }: { data: { name: string } | undefined }): MetaDescriptor[] =>
      data ? [{ title: data.name }] : [],
    );
    const meta = metaOfData(make);
    const data = { name: 'Phone' };
    const first = meta({ data });
    expect(meta({ data })).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(meta({ data: { name: 'Tablet' } })).toEqual([{ title: 'Tablet' }]);
    expect(make).toHaveBeenCalledTimes(2);
    // no data (an error page): made each time, nothing to key it by
    expect(meta({ data: undefined })).toEqual([]);
    expect(make).toHaveBeenCalledTimes(3);
  });

  it("the product page's: the same descriptors for the same data, the description made plain once", () => {
    const data = {
      notFound: false,
      storeCode: 'lt',
      product: {
        name: 'Phone X',
        final_price_incl_tax: 19900,
        condition_label: null,
        short_description: '<p>A <b>good</b> phone &amp; more</p>',
        description: '',
        image: null,
      },
      origin: 'https://shop.example',
      seo: { canonical: 'https://shop.example/p/PX/phone-x', paths: {}, alternates: [] },
    };
    const args = { data } as unknown as Parameters<typeof productMeta>[0];
    const first = productMeta(args);
    expect(first).toContainEqual({ name: 'description', content: 'A good phone & more' });
    expect(productMeta(args)).toBe(first);
  });
});
