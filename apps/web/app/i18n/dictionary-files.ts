import type { StoreCode } from '@vitrina/domain';

/**
 * The browser's files of each store view's dictionary (vite.config.ts `dictionaryFiles`), given by
 * the server entry; empty in the browser and the tests, which need no hint.
 */
let files: Partial<Record<StoreCode, string[]>> = {};

export function setDictionaryFiles(given: Partial<Record<StoreCode, string[]>>): void {
  files = given;
}

/** the files of a store view's dictionary, for the page to modulepreload (root.tsx) */
export function dictionaryFilesOf(storeCode: StoreCode): readonly string[] {
  return files[storeCode] ?? [];
}
