import type { StoreCode } from '@vitrina/domain';
import cyrillic from '../fonts/inter-cyrillic.woff2?url';
import latinExt from '../fonts/inter-latin-ext-a.woff2?url';
import latin from '../fonts/inter-latin.woff2?url';

/**
 * The self-hosted Inter (app/fonts/, SIL OFL 1.1: OFL.txt there), subset into three files that
 * styles.css declares with unicode-range: latin, Latin Extended-A (ą č ę ė į š ų ū ž, Latvian ā ē ģ ī ķ
 * ļ ņ), cyrillic. Imported here so that the client build emits them as fingerprinted assets (served
 * as immutable, like the scripts) under the same names the inlined stylesheet's url()s get in the
 * server build. The preloaded one is the file most of a page's text needs in that store view; the
 * others load only when a character of theirs is on the page.
 */
export const FONT_FILES = { latin, latinExt, cyrillic };

export const FONT_PRELOAD: Record<StoreCode, string> = {
  lt: latin,
  en: latin,
  ru: cyrillic,
};
