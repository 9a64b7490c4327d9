/**
 * A cached page's router data, apart from its document.
 *
 * React Router writes the data a page was rendered with into the page, as scripts that feed its
 * hydration stream (`window.__reactRouterContext.streamController.enqueue("…")`, then `close()`).
 * On a catalogue page that is a quarter to a third of the document (category: 7.3 of 23.9 kB gzip),
 * and the browser needs none of it for the first paint: the scripts that read it start after that
 * paint anyway (first-paint.ts). Lighthouse's simulated phone receives ~14.6 kB of a document in the
 * first round trip (TCP's initial window) and charges every further ~30 kB another 150 ms to the
 * first and the largest paint.
 *
 * So a page answered from the page cache leaves its router data out: the cache keeps the data beside
 * the page, served at `/_page-data<page URL>`, and the page's script fetches it after the first paint,
 * beside the modules, and feeds it to the same stream. The data comes from the same cache entry as
 * the document, so it is the data the document was rendered with; when the entry has gone since (a
 * catalogue change, eviction, another process), the page is rendered again for it, as the document
 * would be (anonymous, under the current data).
 *
 * Pages rendered for one shopper (a cookie, checkout, account) keep their data inline: nothing
 * guarantees that a second render would give the same data.
 */

const ENQUEUE_SCRIPT = Buffer.from('>window.__reactRouterContext.streamController.enqueue(');
const CLOSE_SCRIPT = Buffer.from('>window.__reactRouterContext.streamController.close();</script>');
const SCRIPT_OPEN = Buffer.from('<script');
const ENQUEUE_END = ');</script>';

/**
 * The page without the scripts that carry its router data, and that data (the text the scripts fed
 * to the stream, in order), or null when the page has none in React Router's shape (then it keeps
 * them). Each payload is a JSON string literal (React Router escapes `<`, so no `</script>` is in it).
 */
export function takeRouterDataOut(html: Buffer): { page: Buffer; data: Buffer } | null {
  const close = html.indexOf(CLOSE_SCRIPT);
  if (close === -1) return null;
  const closeStart = html.lastIndexOf(SCRIPT_OPEN, close);
  const closeEnd = close + CLOSE_SCRIPT.length;
  const pieces: Buffer[] = [];
  const data: string[] = [];
  let at = 0;
  for (
    let hit = html.indexOf(ENQUEUE_SCRIPT);
    hit !== -1 && hit < close;
    hit = html.indexOf(ENQUEUE_SCRIPT, at)
  ) {
    const start = html.lastIndexOf(SCRIPT_OPEN, hit);
    const literalStart = hit + ENQUEUE_SCRIPT.length;
    const end = html.indexOf(ENQUEUE_END, literalStart);
    if (start === -1 || end === -1) return null;
    let text: unknown;
    try {
      text = JSON.parse(html.toString('utf8', literalStart, end));
    } catch {
      return null;
    }
    if (typeof text !== 'string') return null;
    data.push(text);
    pieces.push(html.subarray(at, start));
    at = end + ENQUEUE_END.length;
  }
  if (data.length === 0 || closeStart === -1) return null;
  pieces.push(html.subarray(at, closeStart), html.subarray(closeEnd));
  return { page: Buffer.concat(pieces), data: Buffer.from(data.join(''), 'utf8') };
}
