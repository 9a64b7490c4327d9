/**
 * Cart reads' answers held per process, serialised (`cart/pull`, `cart/totals`): a read that finds
 * the cart as its held answer was made of, priced under the same terms, answers the held body
 * without pricing the lines or serialising them again.
 *
 * "The same cart" is proved by the database on every read, so every worker stays coherent with every
 * writer, whichever process or statement wrote: on PostgreSQL the read's one statement answers the
 * cart's revision, made of the row versions of the cart row, its lines and its coupon row (service.ts
 * CART_IF_CHANGED), and the cart itself only when that revision is not the held one; on the embedded
 * database the kept cart (cache.ts) is the same object, which any write replaces or drops. Row
 * versions, not a revision column: no writer (an order, the retention sweep, an import's coupon,
 * plain SQL) has to raise anything, a coupon's use by another cart's order is seen, and a write never
 * costs more.
 *
 * "The same terms" is every input of the pricing that is not the cart: the catalogue version (the
 * documents, tax rules, shipping and payment methods; a special price's window moves it), the
 * customer's tier and tax class, the tax destination, the settings' COD fee, and time, by a held
 * answer's end: the next instant its coupon's window opens or closes.
 */
import type { StoreCode } from '@vitrina/domain';

export type HeldKind = 'pull' | 'totals';

/** what a held answer was priced under, besides the cart (compared on every read) */
export type HeldTerms = {
  version: string;
  tier: number;
  /** the catalogue's tax rules as read (the same object while the catalogue version is) */
  taxRules: unknown;
  /** the destination as one text (country, store country, cross-border trade, customer tax class) */
  destination: string;
  codFeeCents: number;
};

export type HeldAnswer = {
  /** the revision of the cart it was made of (PostgreSQL), or the kept cart itself (embedded) */
  stamp: unknown;
  /** the cart's owner and delivery country: the terms are worked out for them before the read */
  customerId: number | null;
  countryId: string | null;
  store: StoreCode;
  terms: HeldTerms;
  /** epoch ms from which the answer may differ with nothing written (a coupon's window) */
  until: number;
  /** the answer as sent */
  body: string;
};

export function sameTerms(a: HeldTerms, b: HeldTerms): boolean {
  return (
    a.version === b.version &&
    a.tier === b.tier &&
    a.taxRules === b.taxRules &&
    a.destination === b.destination &&
    a.codFeeCents === b.codFeeCents
  );
}

/** the held answers of a process, least recently used dropped first beyond `max` (0: none held) */
export class HeldAnswers {
  private readonly entries = new Map<string, HeldAnswer>();

  constructor(private readonly max: number) {}

  get enabled(): boolean {
    return this.max > 0;
  }

  static key(kind: HeldKind, cartId: string, store: StoreCode | undefined): string {
    return `${kind}\n${store ?? ''}\n${cartId}`;
  }

  get(key: string): HeldAnswer | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: HeldAnswer): void {
    if (!this.enabled) return;
    // re-inserted: the Map's order is the order of use
    this.entries.delete(key);
    this.entries.set(key, answer);
    if (this.entries.size <= this.max) return;
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
  }

  /** a hit moves the answer to the most recently used end */
  touch(key: string, answer: HeldAnswer): void {
    this.entries.delete(key);
    this.entries.set(key, answer);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The first instant at or after `now` from which a coupon with this window is judged otherwise
 * (domain couponApplies: not before `from_date`, not after `to_date`); Infinity without one.
 */
export function couponWindowEnd(
  coupon: { from_date: Date | string | null; to_date: Date | string | null } | null | undefined,
  now: number,
): number {
  if (!coupon) return Number.POSITIVE_INFINITY;
  const from = coupon.from_date === null ? null : new Date(coupon.from_date).getTime();
  const to = coupon.to_date === null ? null : new Date(coupon.to_date).getTime();
  let until = Number.POSITIVE_INFINITY;
  if (from !== null && from > now) until = from;
  if (to !== null && to >= now) until = Math.min(until, to + 1);
  // an unreadable date: nothing held past now
  if (Number.isNaN(from) || Number.isNaN(to)) return now;
  return until;
}
