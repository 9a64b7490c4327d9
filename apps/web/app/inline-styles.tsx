/**
 * The whole stylesheet, inlined in the server-rendered <head> (Lighthouse "render-blocking
 * resources"): a <link rel=stylesheet> held the first paint of every page for one more round trip.
 * styles.css is every page's (about 34 kB minified, 7.2 kB brotli), so inlining all of it costs less
 * than a critical/rest split and cannot leave a rule out. The rules only the checkout, order-completed
 * and account pages use are apart, in checkout-account.css, which those routes link (a catalogue page's document fits a phone connection's first round trip, ~14.6 kB).
 *
 * The CSS text is only in the server bundle: `import.meta.env.SSR` is a build-time constant, so the
 * client build drops the `?inline` import and the browser never downloads the styles twice. On the
 * client the element keeps the text the server wrote (React does not patch a mismatched
 * dangerouslySetInnerHTML while hydrating; passing the same text keeps it quiet in development too).
 *
 * The storefront's Content-Security-Policy (apps/server/src/page-security.ts) admits it by the
 * answer's nonce in style-src, not 'unsafe-inline'.
 */
import cssText from './styles.css?inline';

const STYLE_ID = 'vitrina-styles';

/** the server's stylesheet text, read once (see stylesText) */
let serverText: string | undefined;

/**
 * Read once: a document rendered anew in the browser (an error at the root) must get the server's text.
 * Preact removes the old <html> before it renders the new one (a browser build on Preact,
 * apps/web/preact-aliases.ts), so a second read found no stylesheet and wrote an empty one.
 */
function stylesText(): string {
  if (import.meta.env.SSR) return cssText;
  serverText ||= document.getElementById(STYLE_ID)?.textContent || undefined;
  return serverText ?? '';
}

export function InlineStyles({ nonce }: { nonce?: string | undefined }) {
  return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: stylesText() }} />;
}
