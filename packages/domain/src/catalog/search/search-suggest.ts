// "Did you mean": the names a search that found nothing was probably after
// (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md).

/** lower case, without diacritics ("Šaldytuvai" → "saldytuvai"): a shopper often types without them */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** the trigrams of each word, padded as pg_trgm pads them (two spaces before, one after) */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of foldForMatch(text).split(' ')) {
    if (!word) continue;
    const chars = [...`  ${word} `];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  }
  return out;
}

/** shared trigrams over all trigrams of both (pg_trgm `similarity`), 0..1 */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** how similar a name must be to be offered (lower than the search's typo threshold: it only suggests) */
export const DID_YOU_MEAN_THRESHOLD = 0.3;

/**
 * Up to `max` of `names` (category and brand names) closest to the query, most similar first, at
 * or above DID_YOU_MEAN_THRESHOLD; a name the query already is (case aside) is not a suggestion, but
 * the same name with its diacritics is ("saldytuvai" → "Šaldytuvai").
 */
export function didYouMean(query: string, names: readonly string[], max = 3): string[] {
  const q = foldForMatch(query);
  if (!q) return [];
  const typed = query.trim().toLowerCase();
  const seen = new Set<string>();
  return (
    names
      .filter((n) => {
        const f = foldForMatch(n);
        if (!f || n.trim().toLowerCase() === typed || seen.has(f)) return false;
        seen.add(f);
        return true;
      })
      // the best of the whole query and each of its words: every word must match for a result
      // (decision 0035), so one stray word ("šaldytuvas zzqx") empties the page the others would fill
      .map((name) => ({
        name,
        score: Math.max(trigramSimilarity(q, name), ...q.split(' ').map((w) => trigramSimilarity(w, name))),
      }))
      .filter((s) => s.score >= DID_YOU_MEAN_THRESHOLD)
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
      .slice(0, max)
      .map((s) => s.name)
  );
}
