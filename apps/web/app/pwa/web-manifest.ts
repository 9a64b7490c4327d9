/**
 * The web app manifest of a store view ("a web app manifest per store view (name, icons,
 * theme colour, start URL, scope) so the shop can be installed"). Written at build time to
 * `<build>/pwa/manifest.<storeCode>.webmanifest` and served at `/manifest.webmanifest`,
 * `/en/manifest.webmanifest` and `/ru/manifest.webmanifest` (apps/server/src/pwa.ts).
 */
import { STORE_VIEWS, localizedPath, type StoreCode } from '@vitrina/domain';
import { BACKGROUND_COLOR, THEME_COLOR } from './theme';
import { en } from '../i18n/en';
import { lt } from '../i18n/lt';
import { ru } from '../i18n/ru';
import { shopFacts } from '../i18n';

const DICTIONARIES = { en, lt, ru } as const;

export { BACKGROUND_COLOR, THEME_COLOR, manifestPath } from './theme';

/** PNG icons generated from public/favicon.svg at build time (scripts/build-pwa.ts). */
export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/**
 * Written at build time: the shop's name and promises are the settings' first-start defaults
 * (i18n shopFacts before any store information was read), not a name saved later.
 */
export function webManifest(storeCode: StoreCode) {
  const dict = DICTIONARIES[storeCode];
  const facts = shopFacts(storeCode);
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (m, name: string) => (name in facts ? String(facts[name]) : m));
  const home = localizedPath(storeCode, '/');
  return {
    id: home,
    name: fill(dict['home.title']),
    short_name: fill(dict['site.name']),
    description: fill(dict['home.description']),
    lang: STORE_VIEWS[storeCode].locale,
    dir: 'ltr',
    start_url: home,
    // lt lives at the root, so its scope is the whole site; en and ru are their prefixes
    scope: home,
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['shopping'],
    icons: ICONS.map((icon) => ({ ...icon })),
  };
}
