/**
 * The shop's own content as HTML the storefront may insert: Markdown written in the back office is
 * turned into HTML (marked), and every HTML, whether made from Markdown or imported, goes through
 * one allow-list sanitiser (sanitize-html) before it is stored and again before it is served. No
 * script, style, iframe or form survives, no `on*` attribute, and links and images keep only http(s),
 * mailto, tel and relative addresses (no `javascript:` or `data:`).
 */
import { Marked } from 'marked';
import sanitize from 'sanitize-html';

const SANITIZE: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'small',
    'sub',
    'sup',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'div',
    'span',
    'section',
    'address',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['id', 'class', 'lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // script/style bodies are dropped, not kept as text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // an image without a text alternative is decoration to a screen reader, not a file name read out
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
    // a link opened in a new tab must not reach back into the shop's window
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** HTML with only the allowed tags, attributes and URL schemes */
export function sanitizeContentHtml(html: string): string {
  return sanitize(html, SANITIZE);
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown as sanitised HTML (HTML written inside the Markdown is sanitised like any other) */
export function markdownToHtml(markdown: string): string {
  return sanitizeContentHtml(marked.parse(markdown, { async: false }));
}
