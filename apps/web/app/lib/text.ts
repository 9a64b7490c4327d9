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
