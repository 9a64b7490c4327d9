import { describe, expect, it } from 'vitest';
import { calendarDay, formatDate, formatDateTime, toDate } from '../src/index.ts';

describe('formatDateTime (§9 "Date format YYYY-MM-DD HH:mm")', () => {
  it.each([
    ['2024-03-31T01:30:00Z', '2024-03-31 04:30'], // EEST (UTC+3) from 31 March 2024 01:00 UTC
    ['2024-03-30T23:59:00Z', '2024-03-31 01:59'], // still EET (UTC+2)
    ['2024-01-01 10:00:00', '2024-01-01 12:00'], // zone-less back-end time = UTC
    ['2024-06-01T21:05:00.000Z', '2024-06-02 00:05'], // midnight is 00, not 24
    ['2024-12-31', '2024-12-31 02:00'],
  ])('%s → %s', (input, out) => {
    expect(formatDateTime(input)).toBe(out);
  });

  it('takes Date objects and other time zones', () => {
    const d = new Date(Date.UTC(2025, 0, 2, 3, 4));
    expect(formatDateTime(d)).toBe('2025-01-02 05:04');
    expect(formatDateTime(d, 'UTC')).toBe('2025-01-02 03:04');
    expect(formatDate(d, 'America/New_York')).toBe('2025-01-01');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
    expect(() => toDate(new Date(NaN))).toThrow(RangeError);
  });

  it('calendarDay reads literal catalogue dates as days', () => {
    expect(calendarDay('2024-05-01')).toBe('2024-05-01');
    expect(calendarDay('2024-05-01 00:00:00')).toBe('2024-05-01');
    expect(calendarDay('2024-05-31T22:30:00Z')).toBe('2024-06-01');
  });
});
