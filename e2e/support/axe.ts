/**
 * axe-core in a journey's page, the one helper every journey uses: its source is evaluated through
 * the DevTools protocol (not a `<script>` the shop's CSP would refuse), once per document, then
 * `axe.run()` checks the document as it is (WCAG 2.x A/AA and best practices; only the violations
 * are collected, which keeps a run short).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };

/** the rules the page breaks, one line each (empty: clean) */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: unknown): Promise<unknown> } }).axe.run(
      document,
      {
        resultTypes: ['violations'],
      },
    ),
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
