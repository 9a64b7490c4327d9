// @vitest-environment jsdom
/**
 * 15 on the product page, rendered from route data as
 * React Router renders it: grade cards with their prices and meanings, the "What do grades mean?"
 * popover with the `condition-grades` CMS block, a sold-out grade that can be chosen and then offers
 * the back-in-stock request, the facts beside the price (delivery, warranty, leasing), the
 * specification table, the gallery's thumbnails and zoom, and the quantity field.
 */
import { TEST_STORE_INFO } from './support/shop-info';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@vitrina/domain';
import ProductPage from '../app/routes/product';

const eur = (cents: number) => formatPrice(cents, 'en');
import { Gallery } from '../app/features/product/components/Gallery';
import { QuantityField } from '../app/features/product/components/QuantityField';
import type { DeliveryOptions, Product } from '../app/lib/types';
import { childDoc, productDoc } from './support/documents';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // the page's own requests (live stock, reviews, related products): nothing new to say
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/stock/list')) return Response.json({ code: 200, result: [] });
    return new Response('not here', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const child = (sku: string, id: number, condition: number, final: number, qty: number, image: string) =>
  childDoc({
    id,
    sku,
    name: 'Laptop Z',
    image,
    price: final,
    price_incl_tax: final,
    final_price: final,
    final_price_incl_tax: final,
    special_price: null,
    status: 1,
    stock: { is_in_stock: qty > 0, qty, product_id: id, manage_stock: true },
    condition,
  });

/** B at 1 149,98 € (3 left), C+ at 1 049,99 € sold out: B is shown; C+ is cheaper but cannot be bought */
const laptop: Product = productDoc({
  id: 500,
  sku: 'LZ',
  slug: 'laptop-z',
  type_id: 'configurable',
  name: 'Laptop Z',
  image: '/z/b.png',
  media_gallery: [{ image: '/z/b.png' }, { image: '/z/c.png' }, { image: '/z/box.png' }],
  status: 1,
  visibility: 4,
  price: 104999,
  price_incl_tax: 104999,
  final_price: 104999,
  final_price_incl_tax: 104999,
  special_price: null,
  manufacturer: 206,
  memory: 81,
  stock: { is_in_stock: true, qty: 3, product_id: 500, manage_stock: true },
  configurable_options: [
    {
      attribute_id: 141,
      attribute_code: 'condition',
      label: 'Condition',
      values: [
        { value_index: 4, label: 'B (good)' },
        { value_index: 5, label: 'C+ (fair)' },
      ],
    },
  ],
  configurable_children: [
    child('LZ-B', 501, 4, 114998, 3, '/z/b.png'),
    child('LZ-C', 502, 5, 104999, 0, '/z/c.png'),
  ],
});

const delivery: DeliveryOptions = {
  country_id: 'LT',
  shipping_methods: [
    {
      code: 'courier',
      carrier_code: 'courier',
      title: 'Courier',
      needs_pickup_point: false,
      price_incl_tax: 399,
      free_from_incl_tax: 9900,
    },
  ],
  payment_methods: ['NEOPAY', 'MOKILIZINGAS'],
};

function routeData(product: Product) {
  return {
    notFound: false as const,
    storeCode: 'en' as const,
    product,
    stockAt: Date.now(),
    trail: [],
    linked: [],
    banners: [],
    routeName: 'configurable-product',
    attributes: [
      {
        attribute_code: 'condition',
        frontend_label: 'Condition',
        position: 1,
        options: [
          { value: 4, label: 'B (good)' },
          { value: 5, label: 'C+ (fair)' },
        ],
      },
      {
        attribute_code: 'manufacturer',
        frontend_label: 'Brand',
        position: 2,
        options: [{ value: 206, label: 'Asus' }],
      },
      {
        attribute_code: 'memory',
        frontend_label: 'Memory (RAM)',
        position: 5,
        options: [{ value: 81, label: '16 GB' }],
      },
    ],
    delivery,
    gradesInfo: '<p>Grade B: good. Grade C+: fair. Every graded item is tested.</p>',
    deliveryDays: 'November 27 – 30',
    origin: 'http://localhost',
    seo: { canonical: 'http://localhost/en/p/LZ/laptop-z' },
  };
}

function page(data: ReturnType<typeof routeData>) {
  // the root route's store information: the warranty per grade and money-back days of the shop's settings
  const root = { storeCode: 'en', menu: [], blocks: {}, storeInfo: TEST_STORE_INFO };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      children: [
        {
          id: 'product',
          path: 'en/p/:parentSku/:slug/:childSku?',
          Component: ProductPage as unknown as ComponentType,
          loader: () => data,
        },
      ],
    },
  ]);
  return (
    <Stub initialEntries={['/en/p/LZ/laptop-z']} hydrationData={{ loaderData: { root, product: data } }} />
  );
}

const grade = (name: string) =>
  screen.getByRole('radio', { name: (n) => n.startsWith(`${name} `) }) as HTMLInputElement;
const cardText = (name: string) => grade(name).parentElement?.textContent ?? '';
/** the header's price figure (the grade named after it is read apart: headerGrade) */
const header = () =>
  document.querySelector('.product-info .price-large > span:not(.price-grade)')?.textContent;
const headerGrade = () =>
  document.querySelector('.product-info .price-large .price-grade [data-grade]')?.getAttribute('data-grade');
const mainImage = () => document.querySelector('.gallery-main img')?.getAttribute('src');

describe('product page: choosing a grade', () => {
  it('shows each grade with its price and meaning; a sold-out grade can be chosen and offers the back-in-stock request', async () => {
    render(page(routeData(laptop)));
    await act(async () => {});
    // B is the domain's choice (C+ is sold out): its price, its images only
    expect(grade('B').checked).toBe(true);
    expect(header()).toBe(eur(114998));
    // the grade is named by the title (badge and words, a link to how grades are given) and by the price
    expect(document.querySelector('.product-grade')?.textContent).toBe('BGood');
    expect(document.querySelector('.product-grade a')?.getAttribute('href')).toBe('/en/how-we-grade');
    expect(headerGrade()).toBe('b');
    expect(cardText('B')).toContain('Good: light scratches');
    expect(cardText('C+')).toContain(eur(104999));
    expect(cardText('C+')).toContain('Out of stock');
    expect(mainImage()).toContain('/z/b.png');
    expect(screen.queryByRole('button', { name: 'Show image 2' })).not.toBeNull();
    expect(document.querySelector('img[src*="/z/c.png"]')).toBeNull();
    expect(screen.getByText('Only 3 left in stock')).toBeTruthy();
    // one stock line (the design system's, with its dot), low stock styled as low
    const stockLines = document.querySelectorAll('.product-info .stock');
    expect([...stockLines].map((l) => [l.className, l.textContent])).toEqual([
      ['stock stock-line low', 'Only 3 left in stock'],
    ]);

    // the popover carries the CMS block
    const info = screen.getByRole('button', { name: 'What do grades mean?' });
    const popover = document.getElementById(info.getAttribute('popovertarget') ?? '');
    expect(popover?.textContent).toContain('Every graded item is tested.');

    // facts beside the price: free delivery at this price, the days, 12 months for a graded item, leasing
    const facts = document.querySelector('.decision-facts')?.textContent ?? '';
    expect(facts).toContain('Free delivery');
    expect(facts).toContain('Arrives November 27 – 30');
    // the grade's warranty and returns (the settings') stand with its facts beside the price, once
    expect(facts).not.toContain('warranty');
    const gradeFacts = document.querySelector('.grade-facts')?.textContent ?? '';
    expect(gradeFacts).toContain('12-month warranty');
    expect(gradeFacts).toContain('30 days to return it');
    expect(gradeFacts).toContain('Battery ≥\u00a085%');
    expect(gradeFacts).toContain('How we grade');
    // 1 149,98 € over 24 months, rounded up to the cent: 47,92 €
    expect(facts).toContain(`Leasing from ${eur(4792)}/month`);

    // the specification table: labels of the attribute metadata, the variant's grade
    const specs = screen.getByRole('region', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Brand' }).nextElementSibling?.textContent).toBe(
      'Asus',
    );
    expect(within(specs).getByRole('rowheader', { name: 'Condition' }).nextElementSibling?.textContent).toBe(
      'B (good)',
    );

    // choosing the sold-out C+: its price and image, out of stock, no add, the request form
    fireEvent.click(grade('C+'));
    await waitFor(() => expect(grade('C+').checked).toBe(true));
    expect(header()).toBe(eur(104999));
    expect(headerGrade()).toBe('c_plus');
    expect(document.querySelector('.grade-facts')?.textContent).toContain('Battery ≥\u00a080%');
    expect(mainImage()).toContain('/z/c.png');
    expect(document.querySelector('.product-info .stock.out')?.textContent).toBe('Out of stock');
    expect((screen.getAllByRole('button', { name: 'Add to cart' })[0] as HTMLButtonElement).disabled).toBe(
      true,
    );
    // the request's form is a lazy part, its module loaded on first use (slower than waitFor's
    // default second in jsdom on a loaded machine; the grade itself shows at once)
    await waitFor(() => expect(document.querySelector('.stock-alert')).not.toBeNull(), { timeout: 10_000 });
    // no delivery days for what cannot be sent
    expect(document.querySelector('.decision-facts')?.textContent).not.toContain('Arrives');
  });

  it('without MOKILIZINGAS no leasing line; below the free threshold the delivery fee and threshold', async () => {
    const cheap: Product = {
      ...laptop,
      configurable_children: [child('LZ-B', 501, 4, 5000, 3, '/z/b.png')],
    };
    render(page({ ...routeData(cheap), delivery: { ...delivery, payment_methods: ['NEOPAY'] } }));
    await act(async () => {});
    const facts = document.querySelector('.decision-facts')?.textContent ?? '';
    expect(facts).toContain(`Delivery from ${eur(399)}`);
    expect(facts).toContain(`free from ${eur(9900)}`);
    expect(facts).not.toContain('Leasing');
  });
});

/**
 * Grades × capacity: A+ only in 128 GB, B only in 512 GB, C has only a disabled unit. With A+ 128 GB
 * shown, B says which choice blocks it ("Only with 512 GB"), 512 GB says "Only as B", C "Not offered".
 */
const phone: Product = productDoc({
  ...laptop,
  id: 600,
  sku: 'PH',
  slug: 'phone',
  name: 'Phone',
  configurable_options: [
    {
      attribute_id: 141,
      attribute_code: 'condition',
      label: 'Condition',
      values: [
        { value_index: 2, label: 'A+ (like new)' },
        { value_index: 4, label: 'B (good)' },
        { value_index: 6, label: 'C (visible signs of use)' },
      ],
    },
    {
      attribute_id: 142,
      attribute_code: 'capacity',
      label: 'Capacity',
      values: [
        { value_index: 62, label: '128 GB' },
        { value_index: 64, label: '512 GB' },
      ],
    },
  ],
  configurable_children: [
    { ...child('PH-A-128', 601, 2, 50000, 9, '/z/b.png'), capacity: 62 },
    { ...child('PH-B-512', 602, 4, 55000, 9, '/z/b.png'), capacity: 64 },
    { ...child('PH-C-128', 603, 6, 30000, 9, '/z/c.png'), capacity: 62, status: 2 },
  ],
});

describe('option picker: why a value cannot be chosen', () => {
  const radio = (name: string) =>
    screen.getByRole('radio', { name: (n) => n === name || n.startsWith(`${name} `) }) as HTMLInputElement;
  const why = (name: string) => radio(name).parentElement?.querySelector('.opt-why')?.textContent ?? null;

  it('"Not offered" (disabled), and "Only with …" naming the choice that blocks it', async () => {
    render(page({ ...routeData(phone), product: phone }));
    await act(async () => {});
    expect(radio('A+').checked).toBe(true);
    expect(radio('128 GB').checked).toBe(true);
    // C: no enabled unit at all
    expect(why('C')).toBe('Not offered');
    expect(radio('C').disabled).toBe(true);
    // B and 512 GB exist only together: each names the other
    expect(why('B')).toBe('Only with 512 GB');
    expect(radio('B').disabled).toBe(false);
    expect(why('512 GB')).toBe('Only as B');
    expect(why('A+')).toBeNull();
    // choosing B takes its 512 GB unit: now A+ and 128 GB name each other
    fireEvent.click(radio('B'));
    await waitFor(() => expect(radio('512 GB').checked).toBe(true));
    expect(why('A+')).toBe('Only with 128 GB');
    expect(why('128 GB')).toBe('Only as A+');
    expect(why('C')).toBe('Not offered');
  });
});

describe('gallery', () => {
  it('switches images by thumbnail, opens the zoom and walks it by keyboard', async () => {
    render(
      <MemoryRouter initialEntries={['/en/p/LZ/laptop-z']}>
        <Gallery name="Laptop Z" images={['/z/a.png', '/z/b.png']} />
      </MemoryRouter>,
    );
    expect(mainImage()).toContain('/z/a.png');
    // the large image is the page's largest paint; the thumbnails never compete with it
    const thumbs = [...document.querySelectorAll('.thumbs img')];
    expect(thumbs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      ['lazy', 'low'],
      ['lazy', 'low'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(mainImage()).toContain('/z/b.png');
    expect(screen.getByRole('button', { name: 'Show image 2' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Enlarge image' }));
    const dialog = await waitFor(() => {
      const d = document.querySelector('dialog.zoom-dialog');
      expect(d).not.toBeNull();
      return d as HTMLDialogElement;
    });
    expect(dialog.getAttribute('aria-label')).toBe('Laptop Z: image 2 of 2');
    expect(dialog.querySelector('img')?.getAttribute('src')).toContain('/1200/1200/resize/z/b.png');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.getAttribute('aria-label')).toBe('Laptop Z: image 1 of 2');
    const toggle = within(dialog).getByRole('button', { name: 'Zoom in or out', hidden: true });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // the page behind follows the zoom view's image
    expect(mainImage()).toContain('/z/a.png');
  });
});

describe('quantity field', () => {
  it('keeps the quantity between 1 and the stock', () => {
    const seen: number[] = [];
    render(
      <MemoryRouter initialEntries={['/en/p/LZ/laptop-z']}>
        <QuantityField value={1} max={5} onChange={(n) => seen.push(n)} />
      </MemoryRouter>,
    );
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    for (const v of ['3', '9', '0', '-2', 'x']) fireEvent.input(input, { target: { value: v } });
    expect(seen).toEqual([3, 5, 1, 1, 1]);
  });
});
