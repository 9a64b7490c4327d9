/**
 * An in-memory stand-in for the user endpoints (login, refresh, me, order history, logout) in front
 * of the fake cart server; `POST /cart/create` with a token answers the customer's own cart.
 */
import { fakeCartServer } from './fake-cart';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A JWT-shaped token with `exp` (seconds) in its payload. */
export function jwt(name: string, expSeconds = Math.floor(Date.now() / 1000) + 900): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none' })}.${b64({ sub: name, exp: expSeconds, iat: expSeconds - 900 })}.sig`;
}

export function fakeUserServer() {
  const cart = fakeCartServer();
  const calls: { method: string; path: string; auth: string | null; body?: unknown }[] = [];
  /** valid access tokens */
  const access = new Set<string>();
  /** refresh token → still valid */
  const refresh = new Map<string, boolean>();
  let n = 0;
  let customerCart: string | null = null;
  const profile = {
    id: 7,
    group_id: 1,
    email: 'ona@example.com',
    firstname: 'Ona',
    lastname: 'Jonaitė',
    addresses: [],
  };
  let refreshFailure: number | null = null;

  const issue = () => {
    n++;
    const token = jwt(`access-${n}`);
    const refreshToken = `refresh-${n}`;
    access.add(token);
    refresh.set(refreshToken, true);
    return { code: 200, result: token, meta: { refreshToken } };
  };

  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://api.internal');
    const path = url.pathname.replace('/vsbridge', '');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const bearer = headers.authorization?.replace(/^Bearer /, '') ?? null;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path, auth: bearer, body });
    if (bearer && !access.has(bearer)) return json({ code: 401, result: 'Unauthorized' }, 401);
    switch (path) {
      case '/user/login':
        return body?.password === 'secret123'
          ? json(issue())
          : json({ code: 401, result: 'Wrong e-mail or password' }, 401);
      case '/user/refresh': {
        if (refreshFailure) return json({ code: refreshFailure, result: 'refresh failed' }, refreshFailure);
        const rt = String(body?.refreshToken);
        if (!refresh.get(rt)) return json({ code: 401, result: 'Unauthorized' }, 401);
        refresh.set(rt, false);
        return json(issue());
      }
      case '/user/logout':
        if (bearer) access.delete(bearer);
        return json({ code: 200, result: true });
      case '/user/me':
        if (!bearer) return json({ code: 401, result: 'Unauthorized' }, 401);
        return json({ code: 200, result: profile });
      case '/user/order-history':
        if (!bearer) return json({ code: 401, result: 'Unauthorized' }, 401);
        return json({
          code: 200,
          result: {
            items: [
              {
                id: 1,
                increment_id: '100000001',
                status: 'new',
                created_at: '2026-01-02T10:00:00Z',
                grand_total: 1999,
                subtotal_incl_tax: 1999,
                discount_amount: 0,
                shipping_incl_tax: 0,
                payment_fee: 0,
                items: [],
              },
            ],
            total_count: 1,
          },
        });
      case '/cart/create':
        if (bearer) {
          if (!customerCart) {
            const res = await cart.fetch(input, init);
            customerCart = ((await res.json()) as { result: string }).result;
          }
          return json({ code: 200, result: customerCart });
        }
        return cart.fetch(input, init);
      default:
        return cart.fetch(input, init);
    }
  };

  return {
    fetch,
    calls,
    cart,
    access,
    /** Expires every access token issued so far. */
    expireAll: () => access.clear(),
    failRefreshWith: (code: number | null) => {
      refreshFailure = code;
    },
    get customerCart() {
      return customerCart;
    },
    set customerCart(id: string | null) {
      customerCart = id;
    },
  };
}
