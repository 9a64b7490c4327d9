/**
 * One store view's in-process search index (search-index.ts has the whole story): columns by
 * ordinal, postings per category, attribute option, lexeme and trigram, the rows' trigram sequences,
 * and the reusable scratch space of a query. Rows are only ever appended (a re-indexed product gets
 * a new ordinal and its old one is marked dead).
 */
import { LISTING_STATUS, LISTING_VISIBILITY, searchKindRank } from '@vitrina/domain';
import { IntList, IntMap, NumColumn, TextColumn } from './index-columns.ts';
import { trigramWords, wordTrigrams } from './trigram.ts';
import { OrdinalScratch, weightCode, type Posting } from './scored-postings.ts';

/** a test of one ordinal */
export type Predicate = (o: number) => boolean;

const WEIGHTS: Record<string, number> = { A: 1, B: 0.4, C: 0.2, D: 0.1 };
const WEIGHT_OF: Partial<Record<string, number>> = WEIGHTS;
export const LOAD_BATCH = 5000;

export type Loaded = {
  product_id: number;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  name: string;
  category_ids: number[];
  attrs: Record<string, unknown>;
  child_skus: string[];
  final_price_incl_tax: number;
  total_qty: number;
  is_in_stock: boolean;
  is_promoted: number;
  sales_count: number;
  created_us: number;
  updated_us: number;
  search: string;
  search_text: string;
  rev: number;
};

export const LOAD_COLUMNS = `product_id, sku, type_id, status, visibility, name, category_ids, attrs, child_skus,
  final_price_incl_tax, total_qty, is_in_stock, is_promoted, sales_count,
  (extract(epoch from created_at) * 1000000)::float8 AS created_us, (extract(epoch from updated_at) * 1000000)::float8 AS updated_us,
  search::text AS search, search_text, rev::float8 AS rev`;

/**
 * The rows an index holds: those every search can return. Every search applies the spec's base
 * filters (domain baseProductFilters: visibility 2, 3 or 4, status 0 or 1), so a row outside them,
 * a configurable's child "not visible individually" mostly (~60 % of the rows of a catalogue of
 * configurables), is never an answer and is not loaded. A query whose base filters would admit
 * another row is handed to SQL (search-index.ts).
 */
export const INDEXED_VISIBILITY: readonly number[] = LISTING_VISIBILITY;
export const INDEXED_STATUS: readonly number[] = LISTING_STATUS;
export const INDEXED_ROWS_SQL = `visibility IN (${INDEXED_VISIBILITY.join(', ')}) AND status IN (${INDEXED_STATUS.join(', ')})`;
export const isIndexedRow = (r: { visibility: number; status: number }): boolean =>
  INDEXED_VISIBILITY.includes(Number(r.visibility)) && INDEXED_STATUS.includes(Number(r.status));

/** `'lap':1A,3 '-1001':2A` → [lexeme, weight][] (the best weight of each lexeme) */
export function parseTsvector(text: string): [string, number][] {
  const out: [string, number][] = [];
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const quoted = m[1] as string;
    const lexeme =
      quoted.includes("'") || quoted.includes('\\')
        ? quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1')
        : quoted;
    const positions = m[2];
    let w = 0;
    if (positions === undefined) w = WEIGHTS.D as number;
    else {
      // "1A,3,5B": each position's weight is its last character when a letter, else D
      for (let i = 0; i <= positions.length; i++) {
        if (i < positions.length && positions[i] !== ',') continue;
        const letter = positions[i - 1] as string;
        const weight = WEIGHT_OF[letter] ?? (WEIGHTS.D as number);
        if (weight > w) w = weight;
      }
    }
    out.push([lexeme, w]);
  }
  return out;
}

/** `'lap' & '-1001'` or `'lap':* & '1001':*` → the AND-ed lexemes, or null for any other shape */
export function parseTsquery(text: string): { lexeme: string; prefix: boolean }[] | null {
  const out: { lexeme: string; prefix: boolean }[] = [];
  const re = /'((?:[^'\\]|''|\\.)*)'(:\*)?/g;
  const rest = text.replace(re, (_m, lex: string, star: string | undefined) => {
    out.push({ lexeme: lex.replace(/''/g, "'").replace(/\\(.)/g, '$1'), prefix: star !== undefined });
    return '';
  });
  if (rest.replace(/[&\s]/g, '') !== '') return null;
  return out;
}

const int32 = () => new NumColumn((n) => new Int32Array(n));
const float64 = () => new NumColumn((n) => new Float64Array(n));
const flags = () => new NumColumn((n) => new Uint8Array(n));

/** one store view's index */
export class StoreIndex {
  n = 0;
  liveCount = 0;
  maxRev = 0;
  /** 1 for the live ordinals (a re-indexed row's old ordinal is 0) */
  readonly live = flags();
  readonly revOf = float64();
  readonly ordOf = new IntMap();
  readonly productId = int32();
  readonly sku = new TextColumn({ lookup: true });
  readonly typeId = new TextColumn();
  readonly name = new TextColumn();
  /** the child skus of each ordinal, each followed by NUL ('' for none) */
  readonly childSkus = new TextColumn();
  readonly num: Record<string, NumColumn> = {
    product_id: this.productId,
    status: int32(),
    visibility: int32(),
    final_price_incl_tax: int32(),
    total_qty: int32(),
    is_in_stock: flags(),
    is_promoted: int32(),
    sales_count: int32(),
    created_at: float64(),
    updated_at: float64(),
    /** domain searchKindRank: 1 for a service or software, after the goods of the same relevance */
    kind_rank: flags(),
  };
  readonly text: Record<string, TextColumn> = {
    sku: this.sku,
    type_id: this.typeId,
    name: this.name,
  };
  // categories: compressed rows (CSR: row o's categories are cats[catStart[o]..catStart[o + 1]]) and postings
  readonly catStart = new IntList(1024);
  readonly cats = new IntList(1024);
  readonly catPostings = new Map<number, IntList>();
  // attribute options: term = (code, value); CSR rows and postings
  readonly termStart = new IntList(1024);
  readonly termRows = new IntList(1024);
  readonly termCode: string[] = [];
  readonly termValue: (number | string)[] = [];
  readonly termIds = new Map<string, number>();
  readonly termPostings: IntList[] = [];
  readonly termsOfCode = new Map<string, number[]>();
  // lexemes: while building, (lexeme id, ordinal, weight) in typed arrays (LexemeBuild); compact()
  // turns them into one sorted string of lexemes and typed-array postings (no object per lexeme: 100k products hold ~500k distinct
  // lexemes per store view, skus and mpns mostly); rows added later go to `extra`
  private building: LexemeBuild | null = new LexemeBuild();
  private extra = new Map<string, { ords: number[]; w: number[] }>();
  private lexBlob = '';
  private lexPos = new Int32Array(1);
  private lexStart = new Int32Array(1);
  private lexOrds = new Int32Array(0);
  /** the weight code of each posting (scored-postings.ts WEIGHTS) */
  private lexW = new Uint8Array(0);
  // trigrams of search_text (typo matching): ids, then postings (ordinals) per trigram id, built
  // like the lexemes (growing lists, then one typed array; rows added later go to `trgExtra`)
  readonly trgIds = new Map<string, number>();
  /** per ordinal, the trigram numbers of its search_text in order (word similarity reads them) */
  private trgFlat: Uint16Array | Int32Array = new Uint16Array(1 << 16);
  private trgOffset = new Int32Array(1 << 12);
  /** the summed length of the trigram sequences (their mean prices counting trigrams row by row) */
  trgSeqTotal = 0;
  /** true until the first compact(): the postings are then made from the rows' trigram sequences */
  private trgBuilding = true;
  /** while building: trigram numbers by word of search_text; after it, the last ordinal + 1 listed in each trigram's postings */
  private wordTrigramIds = new Map<string, number[]>();
  private trgSeen = new Int32Array(0);
  private trgExtra = new Map<number, number[]>();
  // the built postings: per trigram number, its ordinals as gaps in variable-length bytes (7 bits a
  // byte, the high bit saying more follow: about 1.5 bytes a posting instead of 4), where they start
  // and how many there are; read back one list at a time into `trgDecoded`
  private trgStart = new Int32Array(1);
  private trgCount = new Int32Array(0);
  private trgBytes = new Uint8Array(0);
  private trgDecoded = new Int32Array(0);
  /** scratch space of the synchronous text matching (scored-postings.ts) */
  readonly scratch = new OrdinalScratch();
  /** dense score arrays given back by finished queries, all zero (a query takes one, sets its matches, gives it back cleared) */
  private freeScores: Float32Array[] = [];
  /** per base-filter set (the spec's coverage rules), which ordinals pass it, computed up to `upTo` and extended as rows are added */
  private eligibility = new Map<string, { bits: Uint8Array; upTo: number; test: Predicate }>();

  constructor() {
    this.catStart.push(0);
    this.termStart.push(0);
  }

  get dead(): number {
    return this.n - this.liveCount;
  }

  private typo: { counts: Uint16Array; member: Uint8Array; marks: Uint8Array; lastpos: Int32Array } | null =
    null;

  /**
   * Scratch space of the typo matching, reused (it runs synchronously): trigram counts and filter
   * membership by ordinal (membership all 0 at rest), marks and last positions by trigram number
   * (all 0 and all -1 at rest, as sequenceSimilarity leaves them).
   */
  typoScratch() {
    const t = this.typo;
    if (t && t.counts.length >= this.n && t.marks.length >= this.trgIds.size) return t;
    const rows = Math.ceil(this.n * 1.1) + 64;
    const trigrams = Math.ceil(this.trgIds.size * 1.1) + 64;
    return (this.typo = {
      counts: new Uint16Array(rows),
      member: new Uint8Array(rows),
      marks: new Uint8Array(trigrams),
      lastpos: new Int32Array(trigrams).fill(-1),
    });
  }

  /** a zeroed score per ordinal, for one query (give it back with giveScores) */
  takeScores(): Float32Array {
    const free = this.freeScores.pop();
    if (free && free.length >= this.n) return free;
    return new Float32Array(Math.ceil(this.n * 1.1) + 64);
  }

  /** takes back a score array, clearing the ordinals the query set */
  giveScores(scores: Float32Array, set: Iterable<number>): void {
    for (const o of set) scores[o] = 0;
    if (this.freeScores.length < 4) this.freeScores.push(scores);
  }

  /**
   * Which ordinals pass the base filters (the same for almost every query): computed once per set of
   * base filters, then only for ordinals added since. A row's columns never change under its
   * ordinal (a re-indexed row gets a new one), so a computed bit stays true.
   */
  eligible(key: string, compile: () => Predicate | null): Uint8Array | null {
    let e = this.eligibility.get(key);
    if (!e) {
      const test = compile();
      if (!test) return null;
      if (this.eligibility.size >= 8) this.eligibility.clear();
      this.eligibility.set(key, (e = { bits: new Uint8Array(0), upTo: 0, test }));
    }
    if (e.upTo < this.n) {
      if (e.bits.length < this.n) {
        const bits = new Uint8Array(Math.ceil(this.n * 1.1) + 64);
        bits.set(e.bits.subarray(0, e.upTo));
        e.bits = bits;
      }
      for (let o = e.upTo; o < this.n; o++) e.bits[o] = e.test(o) ? 1 : 0;
      e.upTo = this.n;
    }
    return e.bits;
  }

  add(r: Loaded): void {
    const old = this.ordOf.get(r.product_id);
    if (old !== undefined) {
      if (this.revOf.data[old] === r.rev) return; // already applied
      this.live.data[old] = 0;
      this.liveCount--;
    }
    if (r.rev > this.maxRev) this.maxRev = r.rev;
    if (!isIndexedRow(r)) {
      // hidden or disabled since: no search can return it (isIndexedRow)
      this.ordOf.delete(r.product_id);
      return;
    }
    const o = this.n++;
    this.ordOf.set(r.product_id, o);
    this.live.set(o, 1);
    this.liveCount++;
    this.revOf.set(o, r.rev);
    this.productId.set(o, r.product_id);
    this.sku.push(r.sku);
    this.typeId.push(r.type_id);
    this.name.push(r.name);
    this.childSkus.push(r.child_skus.length ? r.child_skus.map((s) => `${s}\u0000`).join('') : '');
    const num = this.num;
    num.status!.set(o, r.status);
    num.visibility!.set(o, r.visibility);
    num.final_price_incl_tax!.set(o, r.final_price_incl_tax);
    num.total_qty!.set(o, r.total_qty);
    num.is_in_stock!.set(o, r.is_in_stock ? 1 : 0);
    num.is_promoted!.set(o, r.is_promoted);
    num.sales_count!.set(o, r.sales_count);
    num.created_at!.set(o, r.created_us);
    num.updated_at!.set(o, r.updated_us);
    num.kind_rank!.set(o, searchKindRank(r.type_id));
    for (const c of r.category_ids) {
      this.cats.push(c);
      let list = this.catPostings.get(c);
      if (!list) this.catPostings.set(c, (list = new IntList()));
      if (list.last() !== o) list.push(o);
    }
    this.catStart.push(this.cats.length);
    for (const [code, values] of Object.entries(r.attrs)) {
      if (!Array.isArray(values)) continue;
      for (const v of values) {
        if (typeof v !== 'number' && typeof v !== 'string') continue;
        const t = this.term(code, v);
        this.termRows.push(t);
        const list = this.termPostings[t] as IntList;
        if (list.last() !== o) list.push(o);
      }
    }
    this.termStart.push(this.termRows.length);
    const building = this.building;
    for (const [lexeme, w] of parseTsvector(r.search)) {
      if (building) {
        building.add(lexeme, o, weightCode(w));
        continue;
      }
      let p = this.extra.get(lexeme);
      if (!p) this.extra.set(lexeme, (p = { ords: [], w: [] }));
      if (p.ords[p.ords.length - 1] === o) continue;
      p.ords.push(o);
      p.w.push(weightCode(w));
    }
    // the trigram numbers of search_text, word by word (most words recur: their numbers are remembered)
    const ids: number[] = [];
    for (const word of trigramWords(r.search_text)) {
      let known = this.wordTrigramIds.get(word);
      if (!known) {
        known = wordTrigrams(word).map((t) => {
          let id = this.trgIds.get(t);
          if (id === undefined) this.trgIds.set(t, (id = this.trgIds.size));
          return id;
        });
        if (this.wordTrigramIds.size >= 100_000) this.wordTrigramIds.clear();
        this.wordTrigramIds.set(word, known);
      }
      for (const id of known) ids.push(id);
    }
    this.pushTrigramSequence(o, ids);
    // while building, compact() makes the postings from the sequences (no list per trigram to grow)
    if (this.trgBuilding) return;
    if (this.trgSeen.length < this.trgIds.size) {
      const grown = new Int32Array(Math.ceil(this.trgIds.size * 1.5) + 1024);
      grown.set(this.trgSeen);
      this.trgSeen = grown;
    }
    for (const id of ids) {
      // each trigram once per row (trgSeen holds the last ordinal + 1 that listed it)
      if (this.trgSeen[id] === o + 1) continue;
      this.trgSeen[id] = o + 1;
      let list = this.trgExtra.get(id);
      if (!list) this.trgExtra.set(id, (list = []));
      list.push(o);
    }
  }

  /**
   * Per ordinal, the trigram numbers of its search_text in order, kept end to end in one typed array
   * (one object per row cost about 150 bytes each and slowed every full garbage collection).
   */
  private pushTrigramSequence(o: number, ids: number[]): void {
    const end = this.trgSeqTotal + ids.length;
    // two bytes a trigram while there are fewer than 65,536 distinct ones, then four
    const wide = this.trgFlat instanceof Uint16Array && this.trgIds.size > 0xffff;
    if (end > this.trgFlat.length || wide) {
      const size =
        end > this.trgFlat.length ? Math.max(end, Math.ceil(this.trgFlat.length * 1.5)) : this.trgFlat.length;
      const grown = wide || this.trgFlat instanceof Int32Array ? new Int32Array(size) : new Uint16Array(size);
      grown.set(this.trgFlat.subarray(0, this.trgSeqTotal));
      this.trgFlat = grown;
    }
    if (o + 2 > this.trgOffset.length) {
      const grown = new Int32Array(this.trgOffset.length * 2);
      grown.set(this.trgOffset);
      this.trgOffset = grown;
    }
    this.trgFlat.set(ids, this.trgSeqTotal);
    this.trgSeqTotal = end;
    this.trgOffset[o + 1] = end;
  }

  /** the trigram numbers of an ordinal's search_text, in order (a view, valid until rows are added) */
  trigramSequenceOf(o: number): Uint16Array | Int32Array {
    return this.trgFlat.subarray(this.trgOffset[o] as number, this.trgOffset[o + 1] as number);
  }

  /**
   * The ordinals whose search_text holds the trigram (ascending within each list). The first list
   * is decoded into space reused by the next call: read it before asking for another trigram.
   */
  trigramPostings(trigram: string): ArrayLike<number>[] {
    this.compact();
    const id = this.trgIds.get(trigram);
    if (id === undefined) return [];
    const out: ArrayLike<number>[] = [];
    if (id < this.trgCount.length && this.trgCount[id]! > 0) {
      const count = this.trgCount[id]!;
      if (this.trgDecoded.length < count) this.trgDecoded = new Int32Array(count);
      const list = this.trgDecoded;
      const bytes = this.trgBytes;
      let at = this.trgStart[id]!;
      let o = -1;
      for (let k = 0; k < count; k++) {
        let b = bytes[at++]!;
        // most gaps fit one byte; ordinals (and so gaps) stay below 2^31: shifts never overflow
        let gap = b & 0x7f;
        for (let shift = 7; b & 0x80; shift += 7) {
          b = bytes[at++]!;
          gap |= (b & 0x7f) << shift;
        }
        o += gap;
        list[k] = o;
      }
      out.push(list.subarray(0, count));
    }
    const more = this.trgExtra.get(id);
    if (more) out.push(more);
    return out;
  }

  /** how many postings the trigram has (without reading them) */
  trigramPostingCount(trigram: string): number {
    this.compact();
    const id = this.trgIds.get(trigram);
    if (id === undefined) return 0;
    return (id < this.trgCount.length ? this.trgCount[id]! : 0) + (this.trgExtra.get(id)?.length ?? 0);
  }

  /** turns the lexemes and trigrams read so far into the sorted string and typed-array postings */
  compact(): void {
    if (this.trgBuilding) {
      // the build's growth slack
      this.trgFlat = this.trgFlat.slice(0, this.trgSeqTotal);
      this.trgOffset = this.trgOffset.slice(0, this.n + 1);
      this.live.trim(this.n);
      this.revOf.trim(this.n);
      for (const col of Object.values(this.num)) col.trim(this.n);
      for (const col of [this.catStart, this.cats, this.termStart, this.termRows]) col.trim();
      for (const list of [...this.catPostings.values(), ...this.termPostings]) list.trim();
      for (const col of [...Object.values(this.text), this.childSkus]) col.trim();
      this.rerank(0);
      this.compactTrigrams();
      this.trgBuilding = false;
      this.wordTrigramIds.clear();
    }
    const building = this.building;
    if (!building) return;
    const built = building.postings();
    this.lexBlob = built.blob;
    this.lexPos = built.pos;
    this.lexStart = built.start;
    this.lexOrds = built.ords;
    this.lexW = built.weights;
    this.building = null;
  }

  /**
   * Ranks the text columns a search sorts by (SORT_FIELDS: name, sku), in the background (a build, a
   * refresh), when more than `share` of the rows have no rank: rows added since the last ranking
   * compare by their bytes, more slowly (~0.2 s to rank 100k names).
   */
  rerank(share = 0.01): void {
    for (const col of [this.name, this.sku]) if (col.unranked > this.n * share) col.rank();
  }

  /**
   * The trigram postings of the rows read while building, made from the rows' trigram sequences in
   * two passes (sizes, then bytes): each trigram once per row, ordinals ascending, as gaps in
   * variable-length bytes. A growing list per trigram (~10 million entries at 100k products) was
   * garbage once compacted, and it left the old generation fragmented.
   */
  private compactTrigrams(): void {
    const trigrams = this.trgIds.size;
    const flat = this.trgFlat;
    const offset = this.trgOffset;
    const count = new Int32Array(trigrams);
    const last = new Int32Array(trigrams).fill(-1);
    const start = new Int32Array(trigrams + 1);
    for (let o = 0; o < this.n; o++) {
      for (let k = offset[o]!, end = offset[o + 1]!; k < end; k++) {
        const id = flat[k]!;
        if (last[id] === o) continue;
        start[id + 1]! += varintSize(o - last[id]!);
        count[id]!++;
        last[id] = o;
      }
    }
    for (let id = 0; id < trigrams; id++) start[id + 1]! += start[id]!;
    const bytes = new Uint8Array(start[trigrams]!);
    const at = start.slice(0, trigrams);
    last.fill(-1);
    for (let o = 0; o < this.n; o++) {
      for (let k = offset[o]!, end = offset[o + 1]!; k < end; k++) {
        const id = flat[k]!;
        if (last[id] === o) continue;
        let gap = o - last[id]!;
        last[id] = o;
        let p = at[id]!;
        while (gap >= 0x80) {
          bytes[p++] = (gap & 0x7f) | 0x80;
          gap = Math.floor(gap / 0x80);
        }
        bytes[p++] = gap;
        at[id] = p;
      }
    }
    this.trgStart = start;
    this.trgCount = count;
    this.trgBytes = bytes;
  }

  private lexAt(i: number): string {
    return this.lexBlob.slice(this.lexPos[i] as number, this.lexPos[i + 1] as number);
  }

  /** the first sorted lexeme index at or after `text` */
  private lowerBound(text: string): number {
    let lo = 0;
    let hi = this.lexPos.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmpStr(this.lexAt(mid), text) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private posting(i: number, factor: number): Posting {
    const a = this.lexStart[i] as number;
    const b = this.lexStart[i + 1] as number;
    return { ords: this.lexOrds.subarray(a, b), weights: this.lexW.subarray(a, b), factor };
  }

  /** the postings of a lexeme (exactly) */
  lexeme(text: string): Posting[] {
    this.compact();
    const out: Posting[] = [];
    const i = this.lowerBound(text);
    if (i < this.lexPos.length - 1 && this.lexAt(i) === text) out.push(this.posting(i, 1));
    const more = this.extra.get(text);
    if (more) out.push({ ords: more.ords, weights: more.w, factor: 1 });
    return out;
  }

  /** the postings of every lexeme starting with `prefix` (an exact lexeme counts fully, a longer one half) */
  prefixed(prefix: string): Posting[] {
    this.compact();
    const out: Posting[] = [];
    const count = this.lexPos.length - 1;
    for (let i = this.lowerBound(prefix); i < count; i++) {
      const l = this.lexAt(i);
      if (!l.startsWith(prefix)) break;
      out.push(this.posting(i, l === prefix ? 1 : 0.5));
    }
    for (const [l, p] of this.extra)
      if (l.startsWith(prefix)) out.push({ ords: p.ords, weights: p.w, factor: l === prefix ? 1 : 0.5 });
    return out;
  }

  private term(code: string, v: number | string): number {
    const key = `${code}\u0000${typeof v === 'number' ? 'n' : 's'}${v}`;
    let t = this.termIds.get(key);
    if (t === undefined) {
      t = this.termCode.length;
      this.termIds.set(key, t);
      this.termCode.push(code);
      this.termValue.push(v);
      this.termPostings.push(new IntList());
      let ofCode = this.termsOfCode.get(code);
      if (!ofCode) this.termsOfCode.set(code, (ofCode = []));
      ofCode.push(t);
    }
    return t;
  }

  termId(code: string, v: number | string): number | undefined {
    return this.termIds.get(`${code}\u0000${typeof v === 'number' ? 'n' : 's'}${v}`);
  }

  /** approximate bytes held by the index (typed arrays at their length, maps and strings at a guess) */
  memoryEstimate(): number {
    let bytes = this.ordOf.byteLength + this.termCode.length * 100 + this.trgIds.size * 64;
    for (const col of [this.live, this.revOf, ...Object.values(this.num)]) bytes += col.data.byteLength;
    for (const col of [...Object.values(this.text), this.childSkus]) bytes += col.byteLength;
    for (const list of [
      this.catStart,
      this.cats,
      this.termStart,
      this.termRows,
      ...this.catPostings.values(),
      ...this.termPostings,
    ])
      bytes += list.data.byteLength;
    return (
      bytes +
      this.lexBlob.length * 2 +
      this.lexPos.byteLength +
      this.lexStart.byteLength +
      this.lexOrds.byteLength +
      this.lexW.byteLength +
      this.trgFlat.byteLength +
      this.trgOffset.byteLength +
      this.trgStart.byteLength +
      this.trgCount.byteLength +
      this.trgBytes.byteLength
    );
  }
}

/** the bytes of a gap in the variable-length encoding of the trigram postings */
function varintSize(gap: number): number {
  let size = 1;
  while (gap >= 0x80) {
    gap = Math.floor(gap / 0x80);
    size++;
  }
  return size;
}

export const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** the numbers PostgreSQL answers as text (float8 through node-postgres) as numbers */
export function normalise(r: Loaded): Loaded {
  r.created_us = Number(r.created_us);
  r.updated_us = Number(r.updated_us);
  r.rev = Number(r.rev);
  return r;
}

/**
 * The lexeme postings while an index is built: each lexeme's id, and the postings as (lexeme id,
 * ordinal, weight code) in typed arrays, in the order the rows came (so ordinals ascend within a
 * lexeme). A map of two growing arrays per lexeme (~500k lexemes a store view at 100k products) was
 * garbage once compacted and left the old generation fragmented.
 */
class LexemeBuild {
  private readonly ids = new Map<string, number>();
  private lex = new Int32Array(1 << 16);
  private ord = new Int32Array(1 << 16);
  private w = new Uint8Array(1 << 16);
  private n = 0;
  /** the last ordinal listed for each lexeme id (a lexeme counts once per row) */
  private last = new Int32Array(1 << 12).fill(-1);

  add(lexeme: string, o: number, weight: number): void {
    let id = this.ids.get(lexeme);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(lexeme, id);
      if (id >= this.last.length) {
        const grown = new Int32Array(this.last.length * 2).fill(-1);
        grown.set(this.last);
        this.last = grown;
      }
    }
    if (this.last[id] === o) return;
    this.last[id] = o;
    if (this.n === this.lex.length) {
      const size = Math.ceil(this.n * 1.5);
      this.lex = grow(this.lex, new Int32Array(size));
      this.ord = grow(this.ord, new Int32Array(size));
      this.w = grow(this.w, new Uint8Array(size));
    }
    this.lex[this.n] = id;
    this.ord[this.n] = o;
    this.w[this.n] = weight;
    this.n++;
  }

  /** the lexemes sorted (cmpStr) and joined, where each starts, and their postings in that order */
  postings() {
    const lexemes = [...this.ids.keys()]; // by id: a Map keeps insertion order
    const order = Int32Array.from(lexemes, (_, i) => i).sort((a, b) => cmpStr(lexemes[a]!, lexemes[b]!));
    const rank = new Int32Array(lexemes.length);
    const pos = new Int32Array(lexemes.length + 1);
    let chars = 0;
    for (let i = 0; i < order.length; i++) {
      rank[order[i]!] = i;
      pos[i] = chars;
      chars += lexemes[order[i]!]!.length;
    }
    pos[lexemes.length] = chars;
    const start = new Int32Array(lexemes.length + 1);
    for (let k = 0; k < this.n; k++) start[rank[this.lex[k]!]! + 1]!++;
    for (let i = 0; i < lexemes.length; i++) start[i + 1]! += start[i]!;
    const at = start.slice(0, lexemes.length);
    const ords = new Int32Array(this.n);
    const weights = new Uint8Array(this.n);
    for (let k = 0; k < this.n; k++) {
      const p = at[rank[this.lex[k]!]!]!++;
      ords[p] = this.ord[k]!;
      weights[p] = this.w[k]!;
    }
    return { blob: Array.from(order, (id) => lexemes[id]!).join(''), pos, start, ords, weights };
  }
}

function grow<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
