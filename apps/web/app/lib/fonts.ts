import type { StoreCode } from '@vitrina/domain';

/**
 * The self-hosted Inter (public/fonts/, SIL OFL 1.1: OFL.txt there), subset into three files that
 * styles.css declares with unicode-range: latin, Latin Extended-A (ą č ę ė į š ų ū ž, Latvian ā ē ģ ī ķ
 * ļ ņ), cyrillic. The preloaded one is the file most of a page's text needs in that store view; the
 * others load only when a character of theirs is on the page.
 */
export const FONT_PRELOAD: Record<StoreCode, string> = {
  lt: '/fonts/inter-latin.woff2',
  en: '/fonts/inter-latin.woff2',
  ru: '/fonts/inter-cyrillic.woff2',
};
