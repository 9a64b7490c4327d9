// @vitest-environment jsdom
/**
 * The feedback form: without a product it is feedback on the order as a whole (no product_id sent,
 * so the API keeps it as the order's, not as reviews of its products); with `?product=<id>` in its
 * link it reviews that product of the order.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrderFeedback from '../app/routes/review';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function send(path: string): Promise<Record<string, unknown>> {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://shop.test');
    if (url.pathname.endsWith('/review/create')) bodies.push(JSON.parse(String(init?.body ?? '{}')));
    return new Response(JSON.stringify({ code: 200, result: [] }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const props = { params: { orderToken: 'tok', number: '100000001' } } as unknown as Parameters<
    typeof OrderFeedback
  >[0];
  render(
    <MemoryRouter initialEntries={[path]}>
      <OrderFeedback {...props} />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Fast' } });
  fireEvent.change(screen.getByLabelText(/^Your review/), { target: { value: 'Came the next day.' } });
  fireEvent.change(screen.getByLabelText(/^Name shown with the review/), { target: { value: 'Ona' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the feedback' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  return (bodies[0] as { review: Record<string, unknown> }).review;
}

describe('order feedback form', () => {
  it('without a product: feedback on the order, no product named', async () => {
    const review = await send('/en/review/tok/100000001');
    expect(review).toMatchObject({ orderToken: 'tok', number: '100000001', title: 'Fast', rating: 5 });
    expect(review).not.toHaveProperty('product_id');
  });

  it('with ?product=: a review of that product of the order', async () => {
    expect(await send('/en/review/tok/100000001?product=1002')).toMatchObject({ product_id: 1002 });
  });
});
