/**
 * No English in the lt and ru store views. Scans the storefront dictionaries, the
 * domain's messages and the demo generator's texts (catalogue, CMS pages and blocks, news) for
 * English left in a Lithuanian or Russian text.
 *
 * "English" is the vocabulary of English words this code base translates: the words of an English
 * text that its Lithuanian and Russian versions do not contain (brands and model names stay in all
 * three and so are not in it). A lt or ru text containing such a word is reported.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@vitrina/domain';
import { en } from '../apps/web/app/i18n/en';
import { lt } from '../apps/web/app/i18n/lt';
import { ru } from '../apps/web/app/i18n/ru';
import { ACCOUNT_DICTIONARIES } from '../apps/web/app/i18n/account';
import { AFTER_SALE_DICTIONARIES } from '../apps/web/app/i18n/after-sale';
import { CART_DICTIONARIES } from '../apps/web/app/i18n/cart';
import { CHECKOUT_DICTIONARIES } from '../apps/web/app/i18n/checkout';
import { OTHER_PAGES_DICTIONARIES } from '../apps/web/app/i18n/other-pages';
import { demoBrands, generateDemoCatalog } from '../packages/demo/src/index.ts';
import { buildCmsBlocks, buildCmsPages } from '../packages/demo/src/cms.ts';
import { LEAF_SPECS } from '../packages/demo/src/models.ts';
import { DEMO_NEWS } from '../apps/api/src/cms/news-demo.ts';

/** `names`: words of the product's own name, which its description repeats (brand, model, colour) */
type Triple = { where: string; lt: string; en: string; ru: string; names?: Set<string> };

const words = (text: string) =>
  new Set(
    // tags, placeholders, e-mail addresses and URLs are not words of the text
    (
      text
        .replace(/<!--[\s\S]*?-->|<[^>]+>|\{[a-zA-Z]+\}|[\w.+-]+@[\w.-]+|https?:\/\/\S+/g, ' ')
        .match(/\p{L}+/gu) ?? []
    )
      .filter((w) => /^[a-z]{3,}$/i.test(w))
      .map((w) => w.toLowerCase()),
  );
/** the words a product's name has in every store view (brand, model): its description may repeat them */
function nameWords(name: unknown): Set<string> {
  if (typeof name === 'string') return words(name);
  const n = name as Record<'lt' | 'en' | 'ru', string>;
  const lt = words(n.lt);
  const ru = words(n.ru);
  return new Set([...words(n.en)].filter((w) => lt.has(w) && ru.has(w)));
}
/** the demo's model names ("{size}": a screen size) as patterns */
const MODELS = LEAF_SPECS.flatMap((leaf) => leaf.models).map((m) => ({
  words: words(m.model),
  re: new RegExp(
    `\\b${m.model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{size\\}', '[\\d.]+')}(?!\\w)`,
  ),
}));

/** the words of the manufacturers' model names an (English) product name contains */
function modelWordsIn(name: unknown): Set<string> {
  const en = typeof name === 'string' ? name : (name as { en: string }).en;
  return new Set(MODELS.filter((m) => m.re.test(en)).flatMap((m) => [...m.words]));
}
const flat = (v: unknown) =>
  typeof v === 'string' ? v : Object.values(v as Record<string, string>).join(' ');

/** display texts of the import file: a plain string is shown as it is in every store view */
const DISPLAY_KEYS = new Set([
  'name',
  'title',
  'label',
  'frontend_label',
  'description',
  'short_description',
  'content',
]);

/**
 * Not checked: URL parts (slugs, keys), pickup point names (the carrier's own names, one for every
 * store view), and a configurable's option labels (the indexer shows the attribute's label of the
 * store view instead). Product and child names are checked ("Black" and "Silver" were in
 * lt and ru names); their brand and model words are in every language and so not English.
 */
const SKIPPED =
  /\.(slug|url_key|url_path|identifier|sku|image)$|\.pickup_points\b|\.configurable_options\[\d+\]\.label$/;

function triplesOf(value: unknown, where: string, out: Triple[], names?: Set<string>): Triple[] {
  if (SKIPPED.test(where)) return out;
  if (Array.isArray(value)) value.forEach((v, i) => triplesOf(v, `${where}[${i}]`, out, names));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.lt === 'string' && typeof o.en === 'string' && typeof o.ru === 'string') {
      out.push({ where, lt: o.lt, en: o.en, ru: o.ru, ...(names ? { names } : {}) });
      return out;
    }
    const own = typeof o.sku === 'string' && o.name ? nameWords(o.name) : names;
    for (const [k, v] of Object.entries(o)) {
      // a product's own name excuses only the manufacturer's model name in it ("WD Black SN850X",
      // "Magic Keyboard with Touch ID"), not a colour or a unit added to it ("iPhone 13 Black")
      // (software: its product name, "Office Home & Business", the words its name has in every view)
      const excused =
        k === 'name' && typeof o.sku === 'string'
          ? o.type_id === 'virtual' || o.type_id === 'downloadable'
            ? nameWords(v)
            : modelWordsIn(v)
          : own;
      if (typeof v === 'string' && DISPLAY_KEYS.has(k) && !SKIPPED.test(`${where}.${k}`))
        out.push({ where: `${where}.${k}`, lt: v, en: v, ru: v, ...(excused ? { names: excused } : {}) });
      else triplesOf(v, `${where}.${k}`, out, excused);
    }
  }
  return out;
}

/** a part's strings in its three languages, key by key */
function partTriples<K extends string>(
  part: string,
  dicts: Record<'en' | 'lt' | 'ru', Record<K, string>>,
): Triple[] {
  return (Object.keys(dicts.en) as K[]).map((k) => ({
    where: `${part} ${k}`,
    en: dicts.en[k],
    lt: dicts.lt[k],
    ru: dicts.ru[k],
  }));
}

function dictionaryTriples(): Triple[] {
  const out: Triple[] = Object.keys(en).map((k) => ({
    where: `i18n ${k}`,
    en: flat((en as Record<string, unknown>)[k]),
    lt: flat((lt as Record<string, unknown>)[k]),
    ru: flat((ru as Record<string, unknown>)[k]),
  }));
  for (const [k, m] of Object.entries(MESSAGES)) out.push({ where: `message ${k}`, ...m });
  // the parts kept out of the main dictionaries: the account area, the checkout and order pages, and
  // the withdrawal page with the account's personal data, the cart's, and the overlays' and other pages'
  // (i18n/account.ts, checkout.ts, after-sale.ts, cart.ts, other-pages.ts)
  out.push(...partTriples('account', ACCOUNT_DICTIONARIES));
  out.push(...partTriples('checkout', CHECKOUT_DICTIONARIES));
  out.push(...partTriples('after-sale', AFTER_SALE_DICTIONARIES));
  out.push(...partTriples('cart', CART_DICTIONARIES));
  out.push(...partTriples('other-pages', OTHER_PAGES_DICTIONARIES));
  return out;
}

function demoTriples(): Triple[] {
  const file = generateDemoCatalog({ productCount: 400, referenceDate: new Date('2026-01-15T00:00:00Z') });
  return [
    ...triplesOf(file, 'demo', []),
    ...triplesOf(buildCmsPages(), 'cms page', []),
    ...triplesOf(buildCmsBlocks(), 'cms block', []),
    ...triplesOf(DEMO_NEWS, 'news', []),
  ];
}

/** English words (translated somewhere): in an English text, not in its lt and ru versions */
function englishVocabulary(triples: Triple[]): Set<string> {
  const vocabulary = new Set<string>();
  for (const t of triples) {
    if (t.lt === t.en || t.ru === t.en) continue;
    const others = new Set([...words(t.lt), ...words(t.ru)]);
    for (const w of words(t.en)) if (!others.has(w) && w.length >= 4) vocabulary.add(w);
  }
  // words English and Lithuanian share (and technical terms a Russian text keeps)
  for (const w of ['demo', 'cms', 'parentsku', 'tax', 'defaultcountry', 'nul', 'vitrina'])
    vocabulary.delete(w);
  // English words that are also Lithuanian ones ("data": date)
  for (const w of ['data']) vocabulary.delete(w);
  // brand names are names in every language ("Cambridge Audio", "Green Cell")
  for (const brand of demoBrands()) for (const w of words(brand)) vocabulary.delete(w);
  return vocabulary;
}

function englishIn(triples: Triple[], vocabulary: Set<string>): string[] {
  const found: string[] = [];
  for (const t of triples) {
    for (const view of ['lt', 'ru'] as const) {
      const hits = [...words(t[view])].filter((w) => vocabulary.has(w) && !t.names?.has(w));
      if (hits.length) found.push(`${view} ${t.where}: ${hits.join(', ')} in "${t[view].slice(0, 80)}"`);
    }
  }
  return found;
}

describe('no English in the lt and ru store views', () => {
  const dictionaries = dictionaryTriples();
  const demo = demoTriples();
  const vocabulary = englishVocabulary([...dictionaries, ...demo]);

  it('the vocabulary knows the English words this shop translates', () => {
    for (const w of ['laptop', 'warranty', 'order', 'offer']) expect(vocabulary.has(w), w).toBe(true);
  });

  it('the storefront dictionaries and the domain messages', () => {
    expect(englishIn(dictionaries, vocabulary)).toEqual([]);
    // a text the same in English is a name or a pattern only
    const same = dictionaries.filter((t) => t.lt === t.en || t.ru === t.en).map((t) => t.where);
    expect(same).toEqual(['i18n site.name', 'i18n footer.copyright', 'i18n review.by']);
  });

  it("the demo generator's texts: catalogue (bundle option titles too), CMS pages and blocks, news", () => {
    expect(englishIn(demo, vocabulary)).toEqual([]);
  });

  it('Russian units are Russian ("1 ТБ", "16 ГБ"), in attribute labels and in product names', () => {
    const file = generateDemoCatalog({ productCount: 400, referenceDate: new Date('2026-01-15T00:00:00Z') });
    const ruNames = (file.products ?? []).flatMap((p) =>
      [p.name, ...(p.configurable_children ?? []).map((c) => c.name)].map((n) =>
        n === undefined ? '' : typeof n === 'string' ? n : n.ru,
      ),
    );
    expect(ruNames.filter((n) => /\d\s?(GB|TB|mAh)\b/.test(n))).toEqual([]);
    expect(ruNames.some((n) => /\d ГБ/.test(n))).toBe(true);
    const labels = (file.attributes ?? []).flatMap((a) =>
      (a.options ?? []).map((o) => (typeof o.label === 'string' ? o.label : o.label.ru)),
    );
    expect(labels).toContain('1 ТБ');
    expect(labels).toContain('16 ГБ');
    expect(labels.filter((l) => /\b(GB|TB|mAh)\b/.test(l))).toEqual([]);
  });
});
