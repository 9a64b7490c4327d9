/**
 * CSV for spreadsheets and ERPs (RFC 4180): every text quoted, quotes doubled, lines end in CRLF; a
 * text a spreadsheet would run as a formula gets an apostrophe before it, also after a `;` or `,`
 * inside it (@vitrina/domain csvSafeText: a Lithuanian Excel splits on `;`); numbers as they are.
 */
import { csvSafeText } from '@vitrina/domain';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return `"${csvSafeText(text).replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
