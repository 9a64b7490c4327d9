import { ApiError } from '../../../api-client/api';

// How the sync reads the server's answers (catalogue-and-cart.md §4 "Cart connection", "Cart sync",
// "Failed server update"): which end a sync, which clear the cart, which retry as a guest cart.

/** An answer from the server (not a network failure): it is final for the request. */
export const isAnswer = (e: unknown): e is ApiError => e instanceof ApiError && e.code < 500;

/** "400: the cart is cleared without sync": the cart id itself was refused (unknown or converted). */
export const isCartGone = (e: unknown) =>
  e instanceof ApiError && e.code === 400 && (e.errors ?? []).some((f) => f.field === 'cartId');

export const isUnauthorized = (e: unknown) => e instanceof ApiError && e.code === 401;

/** A line's update the server refused ("Failed server update"): the shopper's message, not a sync failure. */
const lineRefusals = new WeakSet<object>();

/** The sync ends by rethrowing a line's refusal: it is told apart from a refusal of the sync. */
export function markLineRefusal(e: unknown): void {
  lineRefusals.add(e as object);
}

/**
 * Spec "Cart sync": an answer other than 200, 400 and 401 (a 403, 404, 409, 5xx...): retried as a
 * guest cart within the bypass limit, then an empty result. No answer at all (offline) is not one.
 */
export const isOtherAnswer = (e: unknown) =>
  e instanceof ApiError && e.code !== 400 && e.code !== 401 && e.code !== 200 && !lineRefusals.has(e);

/** The cart request of "Cart connection" was answered with neither 200 nor 401 (step 4). */
export class CartSyncDisabled extends Error {
  constructor(override readonly cause: unknown) {
    super('cart sync disabled');
  }
}
