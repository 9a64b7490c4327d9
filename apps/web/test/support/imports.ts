/** The web app's source files and their relative imports, for the tests that hold its folders to their layers. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const APP = resolve(import.meta.dirname, '../../app');

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '+types' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface Import {
  /** the imported module, relative to app/ (without its extension), or the package name */
  target: string;
  typeOnly: boolean;
}

/** The relative imports of a file (static, side-effect only, re-exports and dynamic), resolved against app/. */
export function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(pattern)) {
    const spec = m[3] ?? m[4] ?? m[5] ?? '';
    if (!spec.startsWith('.')) continue;
    found.push({ target: relative(APP, resolve(dirname(file), spec)), typeOnly: Boolean(m[2]) });
  }
  return found;
}
