/** `npm run release` (scripts/release.mjs says how). */
export function nextVersion(current: string, request: string | undefined): string;
export function changelogFor(text: string, version: string, date: string): string;
