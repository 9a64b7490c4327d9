import { describe, expect, it } from 'vitest';
import { categoryPathFor, cmsPathFor, ownUrlPath, productPathFor } from '../src/shop/urls.ts';

const t14 = { sku: 'LAP 1', slug: 'lenovo-t14', url_path: 'nesiojami-kompiuteriai/lenovo-t14.html' };
const own = { sku: 'LAP-2', slug: 'x', url_path: 'p/LAP-2/x' };

describe('page URLs (one rule for links and the sitemap)', () => {
  it.each([
    ['lt', t14, null, false, '/p/LAP%201/lenovo-t14'],
    ['en', t14, 'LAP 1-B', false, '/en/p/LAP%201/lenovo-t14/LAP%201-B'],
    ['ru', t14, null, true, '/ru/nesiojami-kompiuteriai/lenovo-t14.html'],
    ['lt', t14, 'C-1', true, '/nesiojami-kompiuteriai/lenovo-t14.html?childSku=C-1'],
    // the shop's own url_path is not a Magento path: the /p/ scheme stays with the dispatcher on
    ['lt', own, null, true, '/p/LAP-2/x'],
  ] as const)('product %s %o child %s dispatcher %s → %s', (store, product, child, dispatcher, path) => {
    expect(productPathFor(store, product, child, dispatcher)).toBe(path);
  });

  it.each([
    ['lt', 'nesiojami-kompiuteriai', false, '/c/nesiojami-kompiuteriai'],
    ['en', 'electronics/phones', false, '/en/c/electronics/phones'],
    ['ru', 'electronics/phones', true, '/ru/electronics/phones'],
  ] as const)('category %s %s dispatcher %s → %s', (store, slug, dispatcher, path) => {
    expect(categoryPathFor(store, { slug }, dispatcher)).toBe(path);
  });

  it('CMS pages and own url_paths', () => {
    expect(cmsPathFor('lt', 'karjera', false)).toBe('/i/karjera');
    expect(cmsPathFor('en', 'careers', true)).toBe('/en/careers');
    expect(ownUrlPath({ url_path: '/a/b.html/' })).toBe('a/b.html');
    expect(ownUrlPath({ url_path: 'p/X/y' })).toBeNull();
    expect(ownUrlPath({})).toBeNull();
  });
});
