/**
 * Every table of the drizzle schema that holds personal data is covered by the export and the
 * erasure (legal/privacy.ts COVERAGE): the test walks packages/db/src/schema.ts and FAILS when a table
 * has a column whose name says it holds an e-mail, a name, a phone, an address or a link to a
 * customer, and COVERAGE does not declare that table as a person's data with that column (or declare
 * why the table holds none). A table added later without its coverage fails here.
 * The HTTP test (after-sale.test.ts) checks that what is declared really happens.
 */
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@vitrina/db/schema';
import { COVERAGE } from '../src/legal/privacy.ts';

/** a column name that says it holds personal data */
const PERSONAL =
  /(^|_)(e_?mail|email|name|first_?name|last_?name|nickname|phone|telephone|mobile|address|addresses|street|customer_id|birth\w*|iban|personal\w*)(_|$)/;

const tables = (Object.values(schema) as unknown[])
  .filter((x): x is PgTable => is(x, PgTable))
  .map((t) => getTableConfig(t));

describe('personal data coverage of the schema', () => {
  it('finds the tables of the schema', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.map((t) => t.name)).toContain('customers');
  });

  it.each(tables.map((t) => [t.name, t] as const))(
    '%s: each personal column is exported and erased, or the table says why it holds none',
    (name, t) => {
      const personal = t.columns.map((c) => c.name).filter((c) => PERSONAL.test(c));
      const c = COVERAGE[name];
      if (personal.length === 0 && !c) return;
      expect(
        c,
        `${name} has personal columns (${personal.join(', ')}) and no entry in legal/privacy.ts COVERAGE`,
      ).toBeDefined();
      if (c!.kind === 'person') {
        const missing = personal.filter((col) => !c!.columns.includes(col));
        expect(missing, `${name}: COVERAGE does not name ${missing.join(', ')}`).toEqual([]);
        expect(typeof c!.export).toBe('function');
        expect(typeof c!.erase).toBe('function');
        expect(c!.how.length).toBeGreaterThan(5);
        for (const col of c!.columns)
          expect(
            t.columns.map((x) => x.name),
            `${name}.${col} is declared but not in the schema`,
          ).toContain(col);
      } else {
        expect(c!.why.length, `${name}: say why it holds no personal data`).toBeGreaterThan(10);
      }
    },
  );

  it('declares no table the schema does not have', () => {
    const names = new Set(tables.map((t) => t.name));
    expect(Object.keys(COVERAGE).filter((n) => !names.has(n))).toEqual([]);
  });

  it('would fail for a table holding an e-mail that is not declared', () => {
    const undeclared = ['email', 'shipping_address', 'nickname', 'customer_id', 'product_name'].filter((c) =>
      PERSONAL.test(c),
    );
    expect(undeclared).toEqual(['email', 'shipping_address', 'nickname', 'customer_id', 'product_name']);
  });
});
