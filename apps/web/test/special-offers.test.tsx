// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { specialOfferContract } from '@vitrina/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StockAlertForm } from '../app/features/product/components/StockAlertForm';
import type { SearchParams } from '../app/api-client/api';
import { loadOfferProducts } from '../app/api-client/special-offers';
import type { Product, SpecialOffer } from '../app/lib/types';

/** an offer as `user/special-offers` answers it (the contract parses it) */
const offer = (id: number, sku = `SKU-${id}`): SpecialOffer =>
  specialOfferContract.parse({
    id,
    sku,
    final_price: 1000,
    price_incl_tax: 1210,
    id_variant: null,
    option_comments: '',
    quantity: 1,
    label: null,
    valid_until: null,
  });

describe('special offers: products looked up by id', () => {
  it('asks 100 ids per query, with the listing visibility and status filters; unlisted products are null', async () => {
    const calls: SearchParams[] = [];
    const searchProducts = async (params: SearchParams) => {
      calls.push(params);
      const ids = (params.filters?.id as number[]).filter((id) => id !== 7);
      return {
        items: ids.map((id) => ({ id, sku: `SKU-${id}`, name: `P${id}`, slug: `p${id}` }) as Product),
        total: ids.length,
        aggregations: {},
      };
    };
    const offers = Array.from({ length: 250 }, (_, i) => offer(i + 1));
    offers.push(offer(3, 'SKU-3-CHILD')); // two offers of one product: one lookup
    const result = await loadOfferProducts({ searchProducts } as never, offers);
    expect(calls.map((c) => (c.filters?.id as number[]).length)).toEqual([100, 100, 50]);
    for (const c of calls) {
      expect(c.filters?.visibility).toEqual([2, 3, 4]);
      expect(c.filters?.status).toEqual([0, 1]);
      expect(c.size).toBe((c.filters?.id as number[]).length);
    }
    expect(result).toHaveLength(251);
    expect(result[0]?.product?.name).toBe('P1');
    expect(result[6]?.product).toBeNull();
    expect(result[250]).toMatchObject({ offer: { sku: 'SKU-3-CHILD' }, product: { id: 3 } });
  });

  it('asks nothing without offers', async () => {
    const searchProducts = vi.fn();
    expect(await loadOfferProducts({ searchProducts } as never, [])).toEqual([]);
    expect(searchProducts).not.toHaveBeenCalled();
  });
});

describe('stock notification form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function stubFetch(answer: (body: unknown) => { status: number; json: unknown }) {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ url, body });
      const a = answer(body);
      return new Response(JSON.stringify(a.json), {
        status: a.status,
        headers: { 'content-type': 'application/json' },
      });
    });
    return requests;
  }

  const show = () =>
    render(
      <MemoryRouter initialEntries={['/en/p/AUD-4001/sony']}>
        <StockAlertForm sku="AUD-4001" />
      </MemoryRouter>,
    );

  it('validates the e-mail, then sends it with the sku and thanks the shopper', async () => {
    const requests = stubFetch(() => ({ status: 200, json: { code: 200, result: true } }));
    show();
    const email = screen.getByLabelText('E-mail address');
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    fireEvent.input(email, { target: { value: 'ona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Thank you! We will e-mail ona@example.com when the product is back in stock.',
      ),
    );
    expect(requests[0]?.url).toMatch(/^\/vsbridge\/stock-alert\/create\?storeCode=en$/);
    expect(requests[0]?.body).toEqual({ email: 'ona@example.com', sku: 'AUD-4001' });
  });

  it('shows the server message when the request is refused', async () => {
    stubFetch(() => ({
      status: 409,
      json: { code: 409, result: 'This product is in stock: you can order it now' },
    }));
    show();
    fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'ona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(screen.getByText('This product is in stock: you can order it now')).toBeTruthy(),
    );
  });
});
