/**
 * A part that hydrates later (components/ui/HydrateLater.tsx) suspends during the hydration. Preact then keeps,
 * of the server's HTML, the first node that is not a comment, unless the part starts with its own streaming
 * marker `<!--$s-->`: then it keeps the whole range up to `<!--/$s-->` (node_modules/preact/src/diff/index.js,
 * the catch of a thrown promise while hydrating). React writes `<!--$-->` and `<!--/$-->` around the part, so a
 * part of two root elements (the home page's slider and banners) lost the second one, which Preact rendered
 * anew once the part hydrated, and an empty part (a shop without slides) would have taken the next part's
 * first node. Renamed to Preact's markers, every part keeps all its nodes, none or many.
 */
export function keepDeferredParts(): void {
  for (const marker of document.querySelectorAll('template[data-hydrate-later]')) {
    const start = marker.nextSibling;
    if (!(start instanceof Comment) || start.data !== '$') continue;
    let depth = 0;
    for (let n = start.nextSibling; n; n = n.nextSibling) {
      if (!(n instanceof Comment)) continue;
      if (n.data.startsWith('$')) depth++;
      else if (n.data.startsWith('/$') && depth-- === 0) {
        start.data = '$s';
        n.data = '/$s';
        break;
      }
    }
  }
}
