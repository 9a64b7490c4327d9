/**
 * CSV for spreadsheets and ERPs (RFC 4180): fields with a comma, quote or line break are quoted, quotes
 * doubled, lines end in CRLF. A text that a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or CR: "CSV injection") gets a leading apostrophe; numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
