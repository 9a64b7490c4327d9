/**
 * What root.tsx needs of the web app manifest (web-manifest.ts), apart from it: the manifest itself
 * imports the three dictionaries, which the browser loads one at a time (i18n/index.ts).
 */
import { localizedPath, type StoreCode } from '@vitrina/domain';

/** The brand colour of styles.css (`--brand`), also the `theme-color` meta of root.tsx. */
export const THEME_COLOR = '#1547c0';
export const BACKGROUND_COLOR = '#ffffff';

/** Where a store view's manifest is served. */
export function manifestPath(storeCode: StoreCode): string {
  return localizedPath(storeCode, '/manifest.webmanifest');
}
