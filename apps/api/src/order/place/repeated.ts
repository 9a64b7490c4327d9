/**
 * Step 1 and the twins: an idempotency key seen before answers its first order, another request with
 * it is refused (409), and an order that lost to a twin of its key answers the twin's order.
 */
import { createHash } from 'node:crypto';
import type { OrderCreateInput } from '@vitrina/domain';
import { ApiError, fieldError, ruleError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../lib/db.ts';
import type { OrderRow } from '../rows.ts';
import type { PlaceOrderDeps } from './types.ts';

/** JSON with object keys sorted: equal requests hash equally whatever their key order */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** sha-256 of the validated order request, its idempotency key left out */
export function orderRequestHash(input: OrderCreateInput): string {
  const { idempotency_key: _key, ...rest } = input;
  return createHash('sha256').update(canonicalJson(rest)).digest('base64url');
}

/**
 * orderRequestHash of `input`, computed when first asked: only an order written and a key's first
 * order compared need it, so a shopper refused for stock (a sale's loser) never computes it
 */
export function requestHashOf(input: () => OrderCreateInput): () => string {
  let hash: string | undefined;
  return () => (hash ??= orderRequestHash(input()));
}

/** step 1: the first order of a key answers a repeat of the same request; another request with it is refused (409) */
export function answering(first: OrderRow | undefined, requestHash: () => string): OrderRow | undefined {
  if (first?.request_hash && first.request_hash !== requestHash())
    throw ruleError('order.idempotencyConflict', undefined, 'idempotency_key', 409);
  return first;
}

/**
 * The first order of `key` when this process may not know it (else none, and no statement), read
 * with the other keys asked for meanwhile (keys.ts orderOf); another request with it is refused (409).
 */
export async function firstOf(
  deps: PlaceOrderDeps,
  key: string,
  requestHash: () => string,
): Promise<OrderRow | undefined> {
  if (!(await deps.keys.mayExist(key))) return undefined;
  return answering(await deps.keys.orderOf(key), requestHash);
}

/** the cart is no longer open: ordered meanwhile (perhaps by a twin request of the same key) */
export const cartGone = () => Object.assign(fieldError('cart_id', 'cart.notFound'), { cartGone: true });

/**
 * an error a twin request of the same key, committed first, causes: its key, its cart, its units
 * taken, or the caps on open orders its order filled (unpaid.ts)
 */
export const lostToTwin = (err: unknown): boolean =>
  isUniqueViolation(err) ||
  (err as { cartGone?: unknown } | null)?.cartGone === true ||
  (err instanceof ApiError && TWIN_REFUSALS.has(err.key));

/** the refusals a twin's order may cause: the spec's stock message (stock.ts productsUnavailable), the caps' (unpaid.ts) */
export const TWIN_REFUSALS = new Set([
  'order.productsUnavailable',
  'order.tooManyUnpaid',
  'order.tooManyOpen',
]);
