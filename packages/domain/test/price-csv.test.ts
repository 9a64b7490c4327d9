import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCsv, priceCsv, priceCsvChanges, priceCsvRecords, priceCsvUpdate, toCsv } from '../src/index.ts';

describe('the price and stock CSV', () => {
  it('parses what toCsv writes, whatever the texts (quotes, commas, new lines)', () => {
    const safe = fc
      .string({ minLength: 1 })
      .filter((s) => !/^[=+\-@\t\r]/.test(s) && /\S/.test(s) && !s.includes(';'));
    fc.assert(
      fc.property(fc.array(fc.tuple(safe, safe), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv(['a', 'b'], rows))).toEqual([['a', 'b'], ...rows]);
      }),
    );
  });

  it("reads a spreadsheet's rows as partial import records", () => {
    const csv =
      '\uFEFFsku;price;special_price;special_from;special_to;qty;exported_at\r\nTV-1;"449,00";;;;4;2026-11-29T06:00:00Z\nTV-2;;399.99;2026-12-01;2026-12-24;;2026-11-29T05:00:00Z\n;1;;;;;\n';
    const { records, exportedAt, problems } = priceCsvRecords(csv);
    expect(records).toEqual([
      {
        sku: 'TV-1',
        price: '449.00',
        special_price: null,
        special_from_date: null,
        special_to_date: null,
        qty: '4',
      },
      {
        sku: 'TV-2',
        special_price: '399.99',
        special_from_date: '2026-12-01',
        special_to_date: '2026-12-24',
      },
    ]);
    expect(exportedAt).toBe('2026-11-29T05:00:00Z');
    expect(problems).toEqual(['row 4: sku is empty']);
  });

  it('round-trips its own export', () => {
    const text = priceCsv(
      [
        {
          sku: 'A',
          price: '10.00',
          special_price: '9.50',
          special_from: '2026-12-01',
          special_to: null,
          qty: 3,
        },
      ],
      '2026-11-29T06:00:00.000Z',
    );
    expect(priceCsvRecords(text).records).toEqual([
      {
        sku: 'A',
        price: '10.00',
        special_price: '9.50',
        special_from_date: '2026-12-01',
        special_to_date: null,
        qty: '3',
      },
    ]);
    expect(priceCsvRecords('name,price\nx,1').problems[0]).toMatch(/sku/);
  });

  it('a row changes only the columns it gives that differ; its update names them as the import record does', () => {
    const stored = {
      price: '449.00',
      special_price: null,
      special_from: null,
      special_to: '2026-12-24',
      qty: 4,
    };
    expect(priceCsvChanges({ sku: 'A', price: '449', qty: '4' }, stored)).toEqual([]);
    const changes = priceCsvChanges(
      {
        sku: 'A',
        price: '399.5',
        special_price: '350',
        special_from_date: '2026-12-01',
        special_to_date: null,
      },
      stored,
    );
    expect(changes).toEqual([
      { field: 'price', from: '449.00', to: '399.50' },
      { field: 'special_price', from: null, to: '350.00' },
      { field: 'special_from', from: null, to: '2026-12-01' },
      { field: 'special_to', from: '2026-12-24', to: null },
    ]);
    expect(priceCsvUpdate('A', changes)).toEqual({
      sku: 'A',
      price: '399.50',
      special_price: '350.00',
      special_from_date: '2026-12-01',
      special_to_date: null,
    });
    expect(priceCsvChanges({ sku: 'A', qty: '2' }, stored)).toEqual([{ field: 'qty', from: 4, to: 2 }]);
  });
});
