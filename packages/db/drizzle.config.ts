/**
 * drizzle-kit configuration: `npm run generate -w @vitrina/db` (or, from the root,
 * `npx drizzle-kit generate --config packages/db/drizzle.config.ts`) writes a new SQL migration into
 * packages/db/migrations/ from the changes to src/schema.ts. Hand-written migrations (extensions,
 * operator-class indexes) are made with `--custom --name <what>` and then edited.
 * The paths are relative to this file, so the command works from the root and from packages/db.
 */
import path from 'node:path';
import { defineConfig } from 'drizzle-kit';

const here = path.dirname(new URL(import.meta.url).pathname);
// drizzle-kit wants paths relative to the working directory (it prefixes './' to them)
const fromCwd = (p: string) => path.relative(process.cwd(), path.join(here, p)) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('src/schema.ts'),
  out: fromCwd('migrations'),
  strict: true,
  verbose: false,
});
