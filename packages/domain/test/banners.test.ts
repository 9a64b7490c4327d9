import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bannerLinkIssue, bannerShown, isoToShopLocal, shopLocalToIso } from '../src/shop/banners.ts';

const base = { active: true, starts_at: null, ends_at: null, store_codes: null };
const at = (iso: string) => new Date(iso);

describe('bannerShown: the date window (server time) and the store views', () => {
  // starts 2026-12-01 00:00 Vilnius (UTC+2) = 2026-11-30T22:00Z, ends 2026-12-24 00:00 Vilnius
  const window = { starts_at: '2026-11-30T22:00:00.000Z', ends_at: '2026-12-23T22:00:00.000Z' };
  it.each([
    ['no window, active', base, 'lt', '2026-01-01T00:00:00Z', true],
    ['inactive', { ...base, active: false }, 'lt', '2026-01-01T00:00:00Z', false],
    ['a minute before the start', { ...base, ...window }, 'lt', '2026-11-30T21:59:00Z', false],
    ['at the start (Vilnius midnight)', { ...base, ...window }, 'lt', '2026-11-30T22:00:00Z', true],
    ['inside', { ...base, ...window }, 'en', '2026-12-10T12:00:00Z', true],
    ['a minute before the end', { ...base, ...window }, 'ru', '2026-12-23T21:59:00Z', true],
    ['at the end (exclusive)', { ...base, ...window }, 'lt', '2026-12-23T22:00:00Z', false],
    ['only a start, after it', { ...base, starts_at: window.starts_at }, 'lt', '2030-01-01T00:00:00Z', true],
    ['only an end, before it', { ...base, ends_at: window.ends_at }, 'lt', '2020-01-01T00:00:00Z', true],
    ['its store view', { ...base, store_codes: ['lt', 'ru'] }, 'ru', '2026-01-01T00:00:00Z', true],
    ['another store view', { ...base, store_codes: ['lt', 'ru'] }, 'en', '2026-01-01T00:00:00Z', false],
    ['an empty list: every view', { ...base, store_codes: [] }, 'en', '2026-01-01T00:00:00Z', true],
  ] as const)('%s', (_name, banner, store, now, shown) => {
    expect(bannerShown(banner, store, at(now))).toBe(shown);
  });

  it('never shows an inactive banner, whatever the time and view (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        fc.constantFrom('lt', 'en', 'ru' as const),
        (now, store) => bannerShown({ ...base, active: false }, store, now) === false,
      ),
    );
  });
});

describe('shopLocalToIso: a datetime-local value is Vilnius wall time', () => {
  it.each([
    ['2026-12-01T00:00', '2026-11-30T22:00:00.000Z'], // winter, UTC+2
    ['2026-07-01T09:30', '2026-07-01T06:30:00.000Z'], // summer, UTC+3
    ['2026-03-29T04:00', '2026-03-29T01:00:00.000Z'], // just after the spring change
    ['2026-10-25T02:00', '2026-10-24T23:00:00.000Z'], // before the autumn change
    ['', null],
    ['tomorrow', null],
  ])('%s → %s', (local, iso) => {
    expect(shopLocalToIso(local)).toBe(iso);
  });

  it('round-trips through the field value (property, whole minutes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }), (s) => {
        const iso = new Date(Math.floor(s / 60) * 60_000).toISOString();
        const back = shopLocalToIso(isoToShopLocal(iso));
        // the autumn's repeated hour names two instants: the field gives back the earlier
        expect(new Date(iso).getTime() - new Date(back!).getTime()).toBeGreaterThanOrEqual(0);
        expect(new Date(iso).getTime() - new Date(back!).getTime()).toBeLessThanOrEqual(3600_000);
      }),
    );
  });
});

describe('bannerLinkIssue', () => {
  it.each([
    ['', null],
    ['/c/laptops', null],
    ['/p/sku-1/macbook?x=1', null],
    ['https://example.lt/akcija', null],
    ['http://example.lt', 'validation.bannerLink'],
    ['//evil.example', 'validation.bannerLink'],
    ['javascript:alert(1)', 'validation.bannerLink'],
    ['laptops', 'validation.bannerLink'],
    ['/c/a b', 'validation.bannerLink'],
  ])('%j → %s', (link, issue) => {
    expect(bannerLinkIssue(link)).toBe(issue);
  });
});
