/**
 * Writes docs/configuration.md from the one table of settings (apps/api/src/settings-table.ts).
 * `npm run docs:config`; `--check` only says whether the page is up to date (exit 1 when not).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderConfigurationDoc } from '../apps/api/src/settings-table.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'configuration.md');
const text = renderConfigurationDoc();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    console.error('docs/configuration.md is out of date: run npm run docs:config');
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
