/**
 * News (accounts-checkout-routes.md §2 route table: "/news and /news/{slug} | news"): the rows of the
 * `news` table as documents of a store view, newest first. While the table is empty, a shop on the
 * demo catalogue answers the demo news (news-demo.ts) instead, each document marked `demo: true`; any
 * other shop answers none (a new shop must not show made-up news as its own).
 */
import { DEMO_CATALOG_KEY } from '@vitrina/db';
import type { NewsItemAnswer, StoreCode } from '@vitrina/domain';
import { localized, type Localized } from '../lib/localized.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { DEMO_NEWS } from './news-demo.ts';

/** a news item as answered: the shared contract (packages/domain contracts/account-answers.ts) */
export type NewsDoc = NewsItemAnswer;

type NewsRow = { slug: string; title: Localized; body: Localized; image: string | null; published_at: Date | string };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toDoc(r: NewsRow, store: StoreCode, demo: boolean): NewsDoc {
  return {
    slug: r.slug,
    title: localized(r.title, store),
    body: localized(r.body, store),
    image: r.image,
    published_at: iso(r.published_at),
    demo,
  };
}

async function allNews(q: Queryable, store: StoreCode): Promise<NewsDoc[]> {
  const list = await rows<NewsRow>(
    q,
    'SELECT slug, title, body, image, published_at FROM news WHERE is_active AND published_at <= now() ORDER BY published_at DESC, id DESC',
  );
  if (list.length) return list.map((r) => toDoc(r, store, false));
  const [any] = await rows<{ n: number }>(q, 'SELECT count(*)::int AS n FROM news');
  if (Number(any?.n ?? 0) > 0) return [];
  // the meta flag isDemoShop (@vitrina/db) reads, asked through this reader's own handle
  const [demo] = await rows<{ is_demo: boolean }>(q, `SELECT (value #>> '{}') = 'true' AS is_demo FROM meta WHERE key = $1`, [DEMO_CATALOG_KEY]);
  if (demo?.is_demo !== true) return [];
  return [...DEMO_NEWS]
    .sort((a, b) => b.published_at.localeCompare(a.published_at))
    .map((d) => toDoc(d, store, true));
}

export async function listNews(
  q: Queryable,
  store: StoreCode,
  from: number,
  size: number,
): Promise<{ items: NewsDoc[]; total: number }> {
  const all = await allNews(q, store);
  return { items: all.slice(from, from + size), total: all.length };
}

export async function findNews(q: Queryable, store: StoreCode, slug: string): Promise<NewsDoc | null> {
  return (await allNews(q, store)).find((n) => n.slug === slug) ?? null;
}
