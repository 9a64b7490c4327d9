/**
 * The containers of the in-process search index (store-index.ts), all in typed arrays: numbers by
 * ordinal, growing integer lists, an integer map and text by ordinal. A JavaScript array of numbers
 * costs 8 bytes an entry plus growth slack, a Map entry ~30 bytes and a string its header, and all
 * of it lives on V8's heap, where it makes every full collection longer and leaves the old space
 * larger than what is live; these cost their bytes.
 */

/**
 * A numeric column by ordinal in a typed array: 1, 4 or 8 bytes a row. `data` is replaced when it
 * grows: read it through the column at the time of use, never keep it across an await.
 */
export class NumColumn {
  data: Uint8Array | Int32Array | Float64Array;
  constructor(private readonly make: (size: number) => Uint8Array | Int32Array | Float64Array) {
    this.data = make(1024);
  }
  set(o: number, v: number): void {
    if (o >= this.data.length) {
      const grown = this.make(Math.ceil(this.data.length * 1.5) + 1024);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[o] = v;
  }
  /** drops the unused capacity (after a build) */
  trim(n: number): void {
    if (this.data.length > n) this.data = this.data.slice(0, n);
  }
}

/** a growing list of 32-bit integers (postings, compressed rows) */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 16) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(Math.ceil(this.length * 1.5) + 16);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  at(i: number): number {
    return this.data[i] as number;
  }
  last(): number | undefined {
    return this.length ? this.data[this.length - 1] : undefined;
  }
  /** the entries (a view: valid until the next push) */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
}

const EMPTY_KEY = -2147483648;

/** int32 key → non-negative int32 value, open addressing (product id → ordinal) */
export class IntMap {
  private keys = new Int32Array(1024).fill(EMPTY_KEY);
  private values = new Int32Array(1024);
  private used = 0;

  get(key: number): number | undefined {
    const mask = this.keys.length - 1;
    for (let i = hashInt(key) & mask; ; i = (i + 1) & mask) {
      const k = this.keys[i]!;
      if (k === EMPTY_KEY) return undefined;
      if (k === key) {
        const v = this.values[i]!;
        return v < 0 ? undefined : v;
      }
    }
  }

  set(key: number, value: number): void {
    if ((this.used + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let i = hashInt(key) & mask; ; i = (i + 1) & mask) {
      const k = this.keys[i]!;
      if (k === key || k === EMPTY_KEY) {
        if (k === EMPTY_KEY) this.used++;
        this.keys[i] = key;
        this.values[i] = value;
        return;
      }
    }
  }

  /** forgets a key (its slot stays, marked: probing runs past it) */
  delete(key: number): void {
    const mask = this.keys.length - 1;
    for (let i = hashInt(key) & mask; ; i = (i + 1) & mask) {
      const k = this.keys[i]!;
      if (k === EMPTY_KEY) return;
      if (k === key) {
        this.values[i] = -1;
        return;
      }
    }
  }

  get byteLength(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(EMPTY_KEY);
    this.values = new Int32Array(keys.length * 2);
    this.used = 0;
    for (let i = 0; i < keys.length; i++)
      if (keys[i] !== EMPTY_KEY && values[i]! >= 0) this.set(keys[i]!, values[i]!);
  }
}

function hashInt(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Text by ordinal, as UTF-8 bytes end to end in one buffer (a string per row cost its header and,
 * for Lithuanian or Russian text, two bytes a character). Compared bytewise, which is PostgreSQL's
 * C collation (the only one the index sorts text for). With `lookup`, a hash table finds the latest
 * ordinal of a value (the product page asks by sku and url_path). Sorting uses ranks: computed for
 * the rows present at `rank()`, rows added later compared by their bytes.
 */
export class TextColumn {
  private bytes = Buffer.allocUnsafeSlow(1 << 16);
  private size = 0;
  /** where row o ends (it starts where row o - 1 ends) */
  private ends = new IntList(1024);
  /** ordinal + 1 by hash of the value, 0 for an empty slot */
  private slots: Int32Array | null;
  private ranks = new Int32Array(0);

  constructor(opts: { lookup?: boolean } = {}) {
    this.slots = opts.lookup ? new Int32Array(1024) : null;
  }

  get length(): number {
    return this.ends.length;
  }

  push(s: string): void {
    const o = this.ends.length;
    if (this.size + s.length * 3 > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(
        Math.max(this.size + s.length * 3, Math.ceil(this.bytes.length * 1.5)),
      );
      this.bytes.copy(grown, 0, 0, this.size);
      this.bytes = grown;
    }
    this.size += this.bytes.write(s, this.size, 'utf8');
    this.ends.push(this.size);
    if (this.slots) this.remember(o);
  }

  private start(o: number): number {
    return o === 0 ? 0 : this.ends.at(o - 1);
  }

  get(o: number): string {
    return this.bytes.toString('utf8', this.start(o), this.ends.at(o));
  }

  /** whether row o holds exactly these bytes */
  equals(o: number, value: Uint8Array): boolean {
    const a = this.start(o);
    const b = this.ends.at(o);
    if (b - a !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (this.bytes[a + i] !== value[i]) return false;
    return true;
  }

  /** a test of an ordinal: does it hold one of `texts` */
  matcher(texts: Iterable<string>): (o: number) => boolean {
    const wanted = [...texts].map((t) => Buffer.from(t, 'utf8'));
    return (o) => {
      const len = this.ends.at(o) - this.start(o);
      for (const w of wanted) if (w.length === len && this.equals(o, w)) return true;
      return false;
    };
  }

  /** the latest ordinal holding `text` (a column made with `lookup`) */
  find(text: string): number | undefined {
    const slots = this.slots;
    if (!slots) throw new Error('a column without lookup');
    const value = Buffer.from(text, 'utf8');
    const mask = slots.length - 1;
    for (let i = hashBytes(value, 0, value.length) & mask; ; i = (i + 1) & mask) {
      const s = slots[i]!;
      if (s === 0) return undefined;
      if (this.equals(s - 1, value)) return s - 1;
    }
  }

  private remember(o: number): void {
    let slots = this.slots!;
    if ((o + 1) * 2 > slots.length) {
      // rehash into twice the slots (each distinct value once: the latest ordinal already won)
      const old = slots;
      this.slots = slots = new Int32Array(old.length * 2);
      for (const s of old) if (s !== 0) this.place(s - 1);
    }
    this.place(o);
  }

  private place(o: number): void {
    const slots = this.slots!;
    const a = this.start(o);
    const b = this.ends.at(o);
    const mask = slots.length - 1;
    for (let i = hashBytes(this.bytes, a, b) & mask; ; i = (i + 1) & mask) {
      const s = slots[i]!;
      if (s === 0 || this.equals(s - 1, this.bytes.subarray(a, b))) {
        slots[i] = o + 1;
        return;
      }
    }
  }

  /** byte order of rows a and b (negative, 0, positive) */
  compare(a: number, b: number): number {
    const ranks = this.ranks;
    if (a < ranks.length && b < ranks.length) return ranks[a]! - ranks[b]!;
    return this.bytes.compare(this.bytes, this.start(b), this.ends.at(b), this.start(a), this.ends.at(a));
  }

  /** how many rows have no rank (were added since the last `rank()`) */
  get unranked(): number {
    return this.ends.length - this.ranks.length;
  }

  /** ranks every row by its bytes (equal texts, equal ranks) */
  rank(): void {
    const n = this.ends.length;
    this.ranks = new Int32Array(0);
    // sorted as strings (2-3 times faster than comparing bytes in place): UTF-16 order is UTF-8 byte
    // order except for characters beyond U+FFFF (surrogates), so with any of those, by bytes
    const texts = Array.from({ length: n }, (_, o) => this.get(o));
    const bytewise = texts.some((t) => SURROGATE.test(t));
    const cmp = bytewise
      ? (a: number, b: number) => this.compare(a, b)
      : (a: number, b: number) => (texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : 0);
    const order = Int32Array.from({ length: n }, (_, i) => i).sort(cmp);
    const ranks = new Int32Array(n);
    for (let i = 1; i < n; i++)
      ranks[order[i]!] = cmp(order[i - 1]!, order[i]!) === 0 ? ranks[order[i - 1]!]! : i;
    this.ranks = ranks;
  }

  /** drops the unused capacity (after a build) */
  trim(): void {
    if (this.bytes.length > this.size) {
      const exact = Buffer.allocUnsafeSlow(this.size);
      this.bytes.copy(exact, 0, 0, this.size);
      this.bytes = exact;
    }
    this.ends.trim();
  }

  get byteLength(): number {
    return (
      this.bytes.length + this.ends.data.byteLength + (this.slots?.byteLength ?? 0) + this.ranks.byteLength
    );
  }
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** FNV-1a over bytes a..b */
function hashBytes(bytes: Uint8Array, a: number, b: number): number {
  let h = 0x811c9dc5;
  for (let i = a; i < b; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
