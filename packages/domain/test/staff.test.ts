import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STAFF_AREAS, csvField, csvSafeText, staffCan, toCsv } from '../src/shop/staff.ts';

describe('staff roles', () => {
  it.each([
    ['staff', 'orders', true],
    ['staff', 'reviews', true],
    ['staff', 'messages', true],
    ['staff', 'subscribers', true],
    ['staff', 'accounts', false],
    ['admin', 'accounts', true],
    ['admin', 'orders', true],
    ['admin', 'products', true],
    ['catalog', 'products', true],
    ['catalog', 'orders', false],
    ['catalog', 'subscribers', false],
    ['catalog', 'accounts', false],
    ['staff', 'products', false],
    ['staff', 'overview', true],
    ['staff', 'customers', true],
    ['admin', 'overview', true],
    ['admin', 'customers', true],
    ['catalog', 'overview', false],
    ['catalog', 'customers', false],
    ['catalog', 'promotions', true],
    ['staff', 'promotions', false],
    ['catalog', 'content', true],
    ['admin', 'content', true],
    ['staff', 'content', false],
  ] as const)('%s may open %s: %s', (role, area, allowed) => {
    expect(staffCan(role, area)).toBe(allowed);
  });

  it('an admin may open every area', () => {
    for (const area of STAFF_AREAS) expect(staffCan('admin', area)).toBe(true);
  });
});

describe('CSV fields', () => {
  it.each([
    ['plain', '"plain"'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+37060000000', `"'+37060000000"`],
    ['-1+2', `"'-1+2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['', '""'],
    // a Lithuanian Excel splits on `;`: what follows one must not start a formula either
    ['UAB;=cmd|" /C calc"!A0', `"UAB;'=cmd|"" /C calc""!A0"`],
    ['a,+1;-2', `"a,'+1;'-2"`],
  ])('%j is written %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('numbers, booleans and empty values', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('a document has a header and CRLF rows', () => {
    expect(toCsv(['email', 'n'], [['a@b.lt', 1]])).toBe('"email","n"\r\n"a@b.lt",1\r\n');
  });

  /** a minimal RFC 4180 reader: what a spreadsheet would see */
  function parseRow(line: string): string[] {
    const out: string[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let v = '';
        i++;
        for (;;) {
          if (line[i] === '"' && line[i + 1] === '"') {
            v += '"';
            i += 2;
          } else if (line[i] === '"') {
            i++;
            break;
          } else v += line[i++];
        }
        out.push(v);
        i++;
      } else {
        const end = line.indexOf(',', i);
        out.push(line.slice(i, end < 0 ? line.length : end));
        i = end < 0 ? line.length + 1 : end + 1;
      }
    }
    return out;
  }

  it('any text reads back as itself but for apostrophes, never as a formula, split on , or ;', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (fields) => {
        const line = fields.map(csvField).join(',');
        const back = parseRow(line);
        expect(back).toEqual(fields.map(csvSafeText));
        // only apostrophes are added, each before a formula's first character
        for (const [i, f] of back.entries()) expect(f.replace(/'/g, '')).toBe(fields[i]!.replace(/'/g, ''));
        // every piece a spreadsheet might make a cell of, whichever separator it assumes
        for (const f of back)
          for (const piece of f.split(/[;,\r\n]/)) expect(piece).not.toMatch(/^[=+\-@\t]/);
        for (const piece of line.split(';')) expect(piece.replace(/^"/, '')).not.toMatch(/^[=+\-@\t]/);
      }),
    );
  });
});
