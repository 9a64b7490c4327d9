/**
 * Building parameterised SQL: values only ever travel as `$n` parameters; identifiers in SQL text
 * come from the code's own whitelists, never from a request.
 */
export class Params {
  readonly values: unknown[] = [];
  /** adds a value and answers its placeholder, e.g. `$3` (with an optional cast: `$3::int[]`) */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

export function isInt4(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX;
}

/**
 * Renumbers the `$n` placeholders of `sql` in order of first use and keeps only the values used:
 * PostgreSQL refuses parameters a statement does not reference (their type is unknown), and one
 * `Params` list feeds several statements of a search (page, count, aggregations).
 */
export function finalize(sql: string, values: readonly unknown[]): [string, unknown[]] {
  const map = new Map<number, number>();
  const out: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const old = Number(n);
    let now = map.get(old);
    if (now === undefined) {
      out.push(values[old - 1]);
      now = out.length;
      map.set(old, now);
    }
    return `$${now}`;
  });
  return [text, out];
}
