/** Errors of the importer: every issue names the record (index and sku/id/code) and the field. */

export interface ImportIssue {
  /** e.g. "products[12].price" */
  path: string;
  /** e.g. "Expected number, received string" */
  message: string;
  /** the record the path points into, e.g. 'sku "LAP-1001"' (and 'child sku "LAP-1001-A"') */
  record?: string;
}

/** The file was rejected: nothing was imported. `issues` lists every problem found (up to a cap). */
export class ImportError extends Error {
  readonly issues: ImportIssue[];
  /** issues left out of `issues` beyond the cap */
  readonly more: number;

  constructor(issues: ImportIssue[], more = 0, options?: { cause?: unknown }) {
    super(formatIssues(issues, more), options);
    this.name = 'ImportError';
    this.issues = issues;
    this.more = more;
  }
}

export function formatIssue(issue: ImportIssue): string {
  return `${issue.path}: ${issue.message}${issue.record ? ` (${issue.record})` : ''}`;
}

export function formatIssues(issues: ImportIssue[], more = 0): string {
  const head = `The import file was rejected (${issues.length + more} problem${issues.length + more === 1 ? '' : 's'}); nothing was imported`;
  const lines = issues.map((i) => `  ${formatIssue(i)}`);
  if (more > 0) lines.push(`  ... and ${more} more`);
  return [head, ...lines].join('\n');
}

/** zod's path ["products", 12, "price"] → "products[12].price" */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || '(file)';
}

/** Collects issues up to a cap. */
export class IssueList {
  readonly issues: ImportIssue[] = [];
  more = 0;
  constructor(private readonly cap = 100) {}
  add(issue: ImportIssue): void {
    if (this.issues.length < this.cap) this.issues.push(issue);
    else this.more++;
  }
  get size(): number {
    return this.issues.length + this.more;
  }
  throwIfAny(): void {
    if (this.size > 0) throw new ImportError(this.issues, this.more);
  }
}
