/**
 * The first paint does not wait for JavaScript (issue #13 "Lighthouse mobile stays at its scores or
 * better", issue #16 goal 2). React 19 hoists React Router's `<link rel="modulepreload">` tags into
 * `<head>`, ahead of the inlined stylesheet, so a phone fetches ~165 KiB of scripts at high priority
 * beside the font and the first images, and Lighthouse's simulated FCP/LCP count that download
 * (its first paint was bimodal: 0.7–1.4 s or 2.3–2.8 s). Marking the preloads `fetchpriority="low"`
 * keeps them early (hydration still starts as soon as they are in) but lets the document, the font
 * and the LCP image go first. The page's HTML is rendered whole (ssr.ts), so this is one pass over
 * its head.
 */
const MODULEPRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

export function lowPriorityModulePreloads(html: Buffer): Buffer {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const head = html.toString('utf8', 0, headEnd);
  if (!head.includes('rel="modulepreload"')) return html;
  const changed = head.replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"');
  if (changed === head) return html;
  return Buffer.concat([Buffer.from(changed, 'utf8'), html.subarray(headEnd)]);
}
