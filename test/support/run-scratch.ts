/**
 * Global setup of the root vitest config: a scratch folder for the whole run, inside the checkout
 * (`var/`, ignored by git), removed when the run ends. The tests that render with the storefront's
 * production build make it there once per run (apps/server/test/storefront-build.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const scratch = path.resolve(import.meta.dirname, '../../var/test-builds');

export default function setup(project: TestProject): () => void {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(path.join(scratch, 'run-'));
  project.provide('testRunScratch', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** this folder; the same declaration as apps/server/test/storefront-build.ts's, which reads it */
    testRunScratch: string | undefined;
  }
}
