/** An in-memory cart back end answering the cart calls of docs/CONTRACTS.md in envelopes. */
interface Line {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  price: number;
  product_type: string;
  quote_id: string;
  product_option?: unknown;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function fakeCartServer(prices: Record<string, number> = {}) {
  const carts = new Map<string, Line[]>();
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let nextCart = 1;
  let nextItem = 1;
  /** Paths whose next call fails with this status. */
  const failNext = new Map<string, number>();

  const totals = (lines: Line[]) => {
    const subtotal = lines.reduce((n, l) => n + l.price * l.qty, 0);
    return {
      grand_total: subtotal,
      subtotal_incl_tax: subtotal,
      discount_amount: 0,
      shipping_incl_tax: 0,
      payment_fee: 0,
      tax_amount: Math.round((subtotal * 21) / 121),
      coupon_code: null,
      items: lines.map((l) => ({
        item_id: l.item_id,
        sku: l.sku,
        name: l.name,
        qty: l.qty,
        price_incl_tax: l.price,
        row_total_incl_tax: l.price * l.qty,
      })),
      total_segments: [
        { code: 'subtotal_incl_tax', title: 'Subtotal', value: subtotal },
        { code: 'grand_total', title: 'Grand total', value: subtotal },
      ],
    };
  };

  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://api.internal');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/vsbridge', '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const fail = failNext.get(path);
    if (fail) {
      failNext.delete(path);
      return json({ code: fail, result: `Failed ${path}` }, fail);
    }
    // with a first line (docs/CONTRACTS.md): the cart made with it, the line and the totals answered
    const put = (cartId: string, lines: Line[]) => {
      const item = body.cartItem as { sku: string; qty: number; item_id?: number; product_option?: unknown };
      let line = item.item_id ? lines.find((l) => l.item_id === item.item_id) : undefined;
      if (!line) {
        line = {
          item_id: nextItem++,
          sku: item.sku,
          qty: 0,
          name: item.sku,
          price: prices[item.sku] ?? 1000,
          product_type: 'simple',
          quote_id: cartId,
          product_option: item.product_option,
        };
        lines.push(line);
      }
      line.qty = item.qty;
      return line;
    };
    if (path === '/cart/create') {
      const id = `cart-${nextCart++}-${'x'.repeat(32)}`;
      carts.set(id, []);
      if (!body?.cartItem) return json({ code: 200, result: id });
      const lines = carts.get(id) as Line[];
      const line = put(id, lines);
      return json({ code: 200, result: id, meta: { line, totals: totals(lines) } });
    }
    const cartId = url.searchParams.get('cartId') ?? '';
    const lines = carts.get(cartId);
    if (!lines) return json({ code: 404, result: 'Cart not found.' }, 404);
    if (path === '/cart/pull') return json({ code: 200, result: lines });
    if (path === '/cart/totals') return json({ code: 200, result: totals(lines) });
    if (path === '/cart/update') return json({ code: 200, result: put(cartId, lines) });
    if (path === '/cart/delete') {
      const i = lines.findIndex((l) => l.item_id === body.cartItem.item_id);
      if (i >= 0) lines.splice(i, 1);
      return json({ code: 200, result: true });
    }
    return json({ code: 404, result: 'Not found' }, 404);
  };

  return { fetch, calls, carts, failNext };
}
