/** Comments say why, and the paths they name exist (scripts/check-comments.mjs says how). */
export function sourceFiles(): string[];
export function docFiles(): string[];
export function checkText(file: string, text: string, trackers: boolean): string[];
export function check(options?: { sources?: string[]; docs?: string[] }): string[];
export function fixText(text: string): string;
