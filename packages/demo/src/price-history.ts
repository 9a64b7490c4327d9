/**
 * The demo shop's price history (generated, stored as `source = 'demo'`): the prices the demo says its
 * products had before their special price, so a demo special shows the reference an announced
 * reduction needs (Directive 98/6/EC art. 6a: the lowest price charged in the 30 days before it).
 *
 * Honest to the demo's own data: only a special price in force at `now` gets a history; the price
 * before it is the product's regular price, charged from the day the demo says the product was
 * added (`created_at`, a configurable child's its parent's) until the special began (its from-date;
 * for a special without one, a day 7 to 20 days back, the same for a sku on every run). A product
 * added after its special began has nothing before it: no reference, no struck price.
 */
import { isSpecialPriceActive } from '@vitrina/domain';
import type { DemoImportFile, ImportProduct } from './types.ts';

const DAY = 86_400_000;

/** one change of a demo product's price: from `at` on it cost `price` (decimal euros net of VAT, as the file) */
export interface DemoPriceChange {
  sku: string;
  at: string;
  price: number;
  reduced: boolean;
}

type Priced = Pick<
  ImportProduct,
  'sku' | 'price' | 'special_price' | 'special_from_date' | 'special_to_date'
>;

/** a small stable number from a sku (the days a special without a from-date has run) */
function daysOf(sku: string): number {
  let h = 0;
  for (const ch of sku) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 7 + (h % 14);
}

function changesOf(p: Priced, createdAt: string | undefined, now: Date): DemoPriceChange[] {
  const cents = (euros: number) => Math.round(euros * 100);
  const special = p.special_price;
  if (special == null || !(cents(special) < cents(p.price))) return [];
  const input = {
    price: cents(p.price),
    special_price: cents(special),
    special_from_date: p.special_from_date ?? null,
    special_to_date: p.special_to_date ?? null,
  };
  if (!isSpecialPriceActive(input, now)) return [];
  const began = p.special_from_date
    ? new Date(p.special_from_date).getTime()
    : now.getTime() - daysOf(p.sku) * DAY;
  const added = createdAt ? new Date(createdAt).getTime() : NaN;
  // added after (or on the day) the special began: nothing was charged before it
  if (!(added < began - DAY)) return [];
  return [
    { sku: p.sku, at: new Date(added).toISOString(), price: p.price, reduced: false },
    { sku: p.sku, at: new Date(began).toISOString(), price: special, reduced: true },
  ];
}

/** The price changes of the demo file's products (and configurable children) on special at `now`. */
export function demoPriceHistory(file: DemoImportFile, now: Date = new Date()): DemoPriceChange[] {
  const out: DemoPriceChange[] = [];
  for (const p of file.products) {
    const createdAt = (p as { created_at?: string }).created_at;
    out.push(...changesOf(p, createdAt, now));
    for (const c of (p as { configurable_children?: Priced[] }).configurable_children ?? []) {
      out.push(...changesOf(c, createdAt, now));
    }
  }
  return out;
}
