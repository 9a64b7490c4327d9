/**
 * An in-memory stand-in for the API, answering like `context.apiFetch` would: catalogue search
 * responses and `{code, result}` envelopes built from the shapes in docs/CONTRACTS.md. The real
 * API is tested in apps/api; this only feeds the storefront's loaders.
 */
import { TEST_STORE_INFO } from './shop-info';

type Store = 'lt' | 'en' | 'ru';

const INDEX_STORE: Record<string, Store> = {
  vue_storefront_catalog: 'lt',
  vue_storefront_catalog_en: 'en',
  vue_storefront_catalog_ru: 'ru',
};

const LAPTOPS = { lt: 'nesiojamieji-kompiuteriai', en: 'laptops', ru: 'noutbuki' } as const;
const PHONE = { lt: 'telefonas-x', en: 'phone-x', ru: 'telefon-x' } as const;

export function category(store: Store) {
  return {
    id: 12,
    parent_id: 2,
    parent_ids: [1, 2],
    name: { lt: 'Nešiojamieji kompiuteriai', en: 'Laptops', ru: 'Ноутбуки' }[store],
    slug: LAPTOPS[store],
    url_key: LAPTOPS[store],
    url_path: `c/${LAPTOPS[store]}`,
    level: 2,
    position: 1,
    is_active: true,
    product_count: 1,
    path: '1/2/12',
    children_count: 0,
    children_data: [],
    description: null,
  };
}

export function product(store: Store) {
  const child = (sku: string, id: number, condition: number, final: number, inStock = true) => ({
    id,
    sku,
    name: 'Phone X',
    image: '/demo/phones/1.png',
    price: final,
    price_incl_tax: 49900,
    final_price: final,
    final_price_incl_tax: final,
    special_price: null,
    status: 1,
    stock: { is_in_stock: inStock, qty: inStock ? 3 : 0, product_id: id, manage_stock: true },
    condition,
    // A+ is on a reduction whose reference (the lowest price of the 30 days before it) is 479,00 €,
    // not the regular 499,00 €; B's lower price is no announced reduction (no reference)
    ...(sku === 'PX-A' ? { reference_price: 39587, reference_price_incl_tax: 47900 } : {}),
  });
  return {
    id: 100,
    sku: 'PX',
    type_id: 'configurable',
    name: { lt: 'Telefonas X', en: 'Phone X', ru: 'Телефон X' }[store],
    slug: PHONE[store],
    url_key: PHONE[store],
    url_path: `p/PX/${PHONE[store]}`,
    image: '/demo/phones/1.png',
    media_gallery: [{ image: '/demo/phones/1.png' }, { image: '/demo/phones/2.png' }],
    description: '<p>A phone.</p>',
    short_description: 'A good phone.',
    brand: 'Acme',
    mpn: 'PX-1',
    status: 1,
    visibility: 4,
    category_ids: [12],
    category: [{ category_id: 12, name: category(store).name, slug: LAPTOPS[store] }],
    condition: null,
    price: 41240,
    price_incl_tax: 49900,
    price_tax: 8660,
    original_price: 41240,
    original_price_incl_tax: 49900,
    special_price: null,
    special_price_incl_tax: null,
    special_from_date: null,
    special_to_date: null,
    final_price: 39900,
    final_price_incl_tax: 39900,
    tax_class_id: 2,
    tax: 21,
    stock: { is_in_stock: true, qty: 3, product_id: 100, manage_stock: true },
    total_qty: 3,
    configurable_options: [
      {
        attribute_id: 93,
        attribute_code: 'condition',
        label: 'Condition',
        values: [
          { value_index: 1, label: 'A+' },
          { value_index: 2, label: 'B' },
        ],
      },
    ],
    configurable_children: [child('PX-A', 101, 1, 44900), child('PX-B', 102, 2, 39900)],
    product_links: [],
    bundle_options: [],
    is_promoted: true,
    created_at: '2025-01-01T10:00:00Z',
    updated_at: '2025-01-02T10:00:00Z',
    sales_count: 4,
  };
}

/**
 * A configurable's child as the index keeps it on its own (visibility 1, not shown individually):
 * PX-A is a variant of PX (id 100); PX-LOST names a parent the catalogue does not have.
 */
export function variant(store: Store, sku: 'PX-A' | 'PX-LOST') {
  const { configurable_children, configurable_options, ...parent } = product(store);
  void configurable_children;
  void configurable_options;
  return {
    ...parent,
    id: sku === 'PX-A' ? 101 : 199,
    sku,
    type_id: 'simple',
    slug: `${PHONE[store]}-${sku.toLowerCase()}`,
    url_path: `p/${sku}/${PHONE[store]}-${sku.toLowerCase()}`,
    visibility: 1,
    parent_id: sku === 'PX-A' ? 100 : 999,
  };
}

/** the contact page (the one with the form; `/contacts` answers 301 to it) */
export function contactPage(store: Store) {
  const title = { lt: 'Susisiekite su mumis', en: 'Contact us', ru: 'Свяжитесь с нами' }[store];
  const slug = store === 'lt' ? 'susisiekite-su-mumis' : 'contact-us';
  return {
    id: 2,
    identifier: 'contact-us',
    slug,
    url_path: `i/${slug}`,
    title,
    content: `<p>${title}.</p>`,
    meta_title: null,
    meta_description: null,
    enabled: true,
  };
}

export function cmsPage(store: Store) {
  const title = { lt: 'Apie mus', en: 'About us', ru: 'О нас' }[store];
  return {
    id: 1,
    identifier: 'about-us',
    slug: store === 'lt' ? 'apie-mus' : 'about-us',
    url_path: `i/${store === 'lt' ? 'apie-mus' : 'about-us'}`,
    title,
    // as the demo's (and many imported) pages are written: the content repeats the title as its <h1>
    content: `<h1>${title}</h1>\n<p>Vitrina.</p>`,
    meta_title: null,
    meta_description: null,
    enabled: true,
  };
}

function searchResponse(
  docs: unknown[],
  aggregations: Record<string, { key: string; doc_count: number }[]> = {},
) {
  return {
    hits: {
      total: { value: docs.length },
      hits: docs.map((d, i) => ({ _id: String(i), _score: 1, _source: d })),
    },
    aggregations: Object.fromEntries(Object.entries(aggregations).map(([k, buckets]) => [k, { buckets }])),
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface FakeApi {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  calls: string[];
}

export function fakeApi(): FakeApi {
  const calls: string[] = [];
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://api.internal');
    calls.push(
      `${init?.method ?? 'GET'} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`,
    );
    const m = /^\/vsbridge\/catalog\/([^/]+)\/([^/]+)\/_search$/.exec(url.pathname);
    if (m) {
      const store = INDEX_STORE[m[1] ?? ''];
      if (!store) return json({ code: 400, result: 'Unknown index' }, 400);
      const type = m[2];
      const request = JSON.parse(url.searchParams.get('request') ?? '{}') as {
        filters?: Record<string, unknown>;
      };
      const f = request.filters ?? {};
      if (type === 'category') {
        if (f.parent_id === 2) return json(searchResponse([category(store)]));
        if (f.slug !== undefined)
          return json(
            searchResponse(
              f.slug === LAPTOPS[store]
                ? [category(store)]
                : f.slug === 'computers/laptops'
                  ? [{ ...category(store), id: 13, slug: 'computers/laptops' }]
                  : [],
            ),
          );
        if (f.id !== undefined) return json(searchResponse(f.id === 12 ? [category(store)] : []));
        return json(searchResponse([]));
      }
      if (type === 'product') {
        if (f.sku === 'BOOM') return json({ code: 500, result: 'Internal Server Error 500' }, 500);
        if (f.sku === 'HTML')
          return new Response('<html>proxy error</html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          });
        if (f.sku === 'PX-A' || f.sku === 'PX-LOST') return json(searchResponse([variant(store, f.sku)]));
        if (f.sku !== undefined) return json(searchResponse(f.sku === 'PX' ? [product(store)] : []));
        if (f.id !== undefined) return json(searchResponse(f.id === 100 ? [product(store)] : []));
        return json(
          searchResponse([product(store)], {
            price: [{ key: '150.0-*', doc_count: 1 }],
            condition: [
              { key: '1', doc_count: 1 },
              { key: '2', doc_count: 1 },
            ],
          }),
        );
      }
      if (type === 'attribute') {
        return json(
          searchResponse(
            f.is_filterable === true
              ? [
                  {
                    attribute_id: 93,
                    attribute_code: 'condition',
                    frontend_label: { lt: 'Būklė', en: 'Condition', ru: 'Состояние' }[store],
                    is_filterable: true,
                    options: [
                      { value: 1, label: 'A+' },
                      { value: 2, label: 'B' },
                    ],
                  },
                ]
              : [],
          ),
        );
      }
      if (type === 'cms_page') {
        const hits = [cmsPage(store), contactPage(store)].filter(
          (page) =>
            (f.slug !== undefined && f.slug === page.slug) ||
            (f.identifier !== undefined && f.identifier === page.identifier),
        );
        return json(searchResponse(hits));
      }
      return json(searchResponse([]));
    }
    if (url.pathname === '/api/url/map') return json(null);
    if (url.pathname === '/vsbridge/products/bestsellers')
      return json({ code: 200, result: { items: [] } });
    if (url.pathname === '/vsbridge/shop/delivery-options') {
      return json({
        code: 200,
        result: {
          country_id: 'LT',
          shipping_methods: [
            {
              code: 'courier_courier',
              carrier_code: 'courier',
              title: 'Courier',
              needs_pickup_point: false,
              price_incl_tax: 399,
              free_from_incl_tax: 9900,
            },
          ],
          payment_methods: ['NEOPAY', 'MOKILIZINGAS'],
        },
      });
    }
    if (url.pathname === '/vsbridge/store-info') {
      return json({
        code: 200,
        result: TEST_STORE_INFO,
      });
    }
    if (url.pathname === '/vsbridge/home-page') {
      const banner = (id: number, kind: string, categoryId?: number) => ({
        id,
        position: 1,
        image: `/demo/banners/${id}.png`,
        title: `${kind} ${id}`,
        link: '/c/laptops',
        ...(categoryId !== undefined ? { category_id: categoryId } : {}),
      });
      return json({
        code: 200,
        result: {
          banner: [banner(1, 'banner')],
          slider: [banner(2, 'slider')],
          category_banner: [banner(3, 'category_banner', 12), banner(4, 'category_banner', 99)],
          product_banner: [],
          multi_banner: [],
          config: [],
        },
      });
    }
    return json({ code: 404, result: 'Not found' }, 404);
  };
  return { fetch, calls };
}
