/** Plain text from catalogue HTML (tags dropped, common entities decoded, whitespace collapsed). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

/** At most `max` characters, cut at a word boundary, with an ellipsis. */
export function truncate(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/**
 * CMS content without a leading `<h1>` that repeats the page's title: the page layout renders the
 * title as the page's one `<h1>`, and content written for other shops (the demo's, Magento exports)
 * often starts with the same heading. A different leading heading is kept: it is the editor's.
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const lead = /^\s*<h1(?:\s[^>]*)?>([\s\S]*?)<\/h1>\s*/i.exec(html);
  if (!lead) return html;
  const same = (s: string) => plainText(s).replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  return same(lead[1] ?? '') === same(title) ? html.slice(lead[0].length) : html;
}

/** a model number's longest length kept on one line: longer words may still break at their hyphens */
const MODEL_NUMBER_MAX = 16;

/**
 * A product name cut where a line may break: words with a hyphen inside ("WH-1000XM5", "T14-G3")
 * are model numbers, and a browser would break after their hyphen ("WH-" / "1000XM5"), which reads
 * as two words; those parts are marked `whole` (kept on one line). Joined, the parts are the name.
 */
export function nameParts(name: string): { text: string; whole: boolean }[] {
  const parts: { text: string; whole: boolean }[] = [];
  for (const piece of name.split(/(\s+)/)) {
    const whole = piece.length <= MODEL_NUMBER_MAX && /\w-\w/.test(piece);
    const last = parts[parts.length - 1];
    if (!whole && last && !last.whole) last.text += piece;
    else if (piece) parts.push({ text: piece, whole });
  }
  return parts;
}
