/**
 * The typo prefilter of the SQL typo query (search-index.ts hands PostgreSQL the rows that can
 * match when a word's trigrams cannot be read in process).
 */

const ALNUM = /[a-z0-9]/;

/** pg_trgm's trigrams of a text: each alphanumeric word padded with two spaces before, one after */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** does `text` hold the trigram (as pg_trgm makes them from its words, non-ASCII characters splitting words)? */
function hasTrigram(text: string, trigram: string): boolean {
  const lead = trigram.startsWith('  ') ? 2 : trigram.startsWith(' ') ? 1 : 0;
  const tail = trigram.endsWith(' ') ? 1 : 0;
  const core = trigram.slice(lead, trigram.length - tail);
  if (!core) return false;
  for (let at = text.indexOf(core); at >= 0; at = text.indexOf(core, at + 1)) {
    const before = at === 0 ? '' : (text[at - 1] as string);
    const after = at + core.length >= text.length ? '' : (text[at + core.length] as string);
    if (lead > 0 && before && ALNUM.test(before)) continue;
    if (tail > 0 && after && ALNUM.test(after)) continue;
    return true;
  }
  return false;
}

/**
 * A necessary condition of `word <% text` (pg_trgm word similarity at or above `threshold`): the
 * text holds at least threshold × |trigrams(word)| of the word's trigrams. Null (no prefilter) for
 * words with other than ASCII letters, digits and spaces, whose trigrams depend on the database locale.
 * Splitting the text at every non-ASCII character can only find more of an ASCII word's trigrams
 * than PostgreSQL does, never fewer, so no row that PostgreSQL would find is left out.
 */
export function typoPrefilter(word: string, threshold: number): ((text: string) => boolean) | null {
  if (!/^[a-z0-9 ]+$/.test(word)) return null;
  const wanted = [...trigrams(word)];
  if (wanted.length === 0) return null;
  const need = threshold * wanted.length - 1e-6;
  return (text) => {
    let found = 0;
    let left = wanted.length;
    for (const t of wanted) {
      if (hasTrigram(text, t)) found++;
      left--;
      if (found >= need) return true;
      if (found + left < need) return false;
    }
    return found >= need;
  };
}
