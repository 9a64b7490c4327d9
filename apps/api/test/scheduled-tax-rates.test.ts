/**
 * VAT rate changes scheduled for a date, through HTTP: only an administrator may schedule or cancel
 * one; bad input is named; a pending change is listed with the rates, applies by itself from 00:00
 * Europe/Vilnius of its date (the job driven with a given instant, no sleeping) by the path of a
 * change made in the form (the gross shown follows, audited as the staff who scheduled it), and a
 * cancelled one never applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, nextCalendarDay, startOfDay } from '@vitrina/domain';
import { TaxRateScheduler, type ScheduledTaxRate } from '../src/settings/scheduled-tax-rates.ts';
import { startApi, type TestApi } from './helpers.ts';
import { staffOfEachRole, type StaffWho } from './staff-helpers.ts';

const LT = 'vue_storefront_catalog';
const URL = '/vsbridge/staff/tax-rates/scheduled?storeCode=en';

async function listedGross(api: TestApi, sku: string) {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/catalog/${LT}/product/_search`,
    payload: { filters: { sku: [sku] } },
  });
  expect(r.status).toBe(200);
  return (r.body.hits.hits[0]._source as { price_incl_tax: number }).price_incl_tax;
}

/** the day after tomorrow in shop time: after today whenever the test runs */
const inTwoDays = () => nextCalendarDay(nextCalendarDay(formatDate(new Date())));

describe('VAT rate changes scheduled for a date', () => {
  let api: TestApi;
  let as: (who: StaffWho) => Record<string, string>;
  let scheduler: TaxRateScheduler;
  let versionsMoved = 0;
  const schedule = (who: StaffWho, payload: unknown) =>
    api.call({ method: 'POST', url: URL, headers: as(who), payload: payload as object });
  const rates = async () => {
    const r = await api.call({ url: '/vsbridge/staff/tax-rates?storeCode=en', headers: as('admin') });
    expect(r.status).toBe(200);
    return r.body.result as {
      rules: { id: number; rates: { rate: number; tax_country_id: string }[] }[];
      scheduled: ScheduledTaxRate[];
    };
  };

  beforeAll(async () => {
    api = await startApi();
    as = await staffOfEachRole(api, 'shop.lt');
    const log = { info: () => {}, error: () => {} };
    scheduler = new TaxRateScheduler(
      api.database,
      { catalogPricesIncludeTax: false, taxScheduleIntervalMs: 0 },
      { catalogChanged: () => void versionsMoved++ },
      log,
    );
  });
  afterAll(async () => api?.close());

  it('is refused without a session (401) and to the staff and catalog roles (403)', async () => {
    const body = { rule_id: 1, country: 'LT', rate: 22, effective_on: inTwoDays() };
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 403],
    ] as const) {
      expect((await schedule(who, body)).status).toBe(status);
      expect(
        (await api.call({ method: 'DELETE', url: '/vsbridge/staff/tax-rates/scheduled/1', headers: as(who) }))
          .status,
      ).toBe(status);
      expect((await api.call({ url: '/vsbridge/staff/tax-rates', headers: as(who) })).status).toBe(status);
    }
  });

  it('names the field of bad input, scheduling nothing', async () => {
    const good = { rule_id: 1, country: 'LT', rate: 22, effective_on: inTwoDays() };
    const today = formatDate(new Date());
    const refused = [
      [{ ...good, rule_id: 999 }, 'rule_id', /no such tax rule/],
      [{ ...good, country: 'EE' }, 'country', /no such tax rate/],
      [{ ...good, rate: 51 }, 'rate', null],
      [{ ...good, rate: 21.005 }, 'rate', null],
      [{ ...good, effective_on: today }, 'effective_on', /after today/],
      [{ ...good, effective_on: '2020-01-01' }, 'effective_on', /after today/],
      [{ ...good, effective_on: '2030-02-30' }, 'effective_on', null],
      [{ ...good, from: 21 }, null, null],
    ] as const;
    for (const [payload, field, message] of refused) {
      const r = await schedule('admin', payload);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      if (field) expect(r.body.errors[0].field).toBe(field);
      else expect(JSON.stringify(r.body)).toMatch(/from/);
      if (message) expect(r.body.errors[0].message).toMatch(message);
      expect(r.body.errors[0].message).not.toMatch(/^taxRates\./);
    }
    expect((await rates()).scheduled).toEqual([]);
  });

  it('a pending change is listed, applies from 00:00 Vilnius of its date through the form’s path, and is audited', async () => {
    const day = inTwoDays();
    const r = await schedule('admin', { rule_id: 1, country: 'LT', rate: 22, effective_on: day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.result.created.id as number;
    expect((await rates()).scheduled).toEqual([
      expect.objectContaining({
        id,
        rule_id: 1,
        country: 'LT',
        rate: 22,
        effective_on: day,
        created_by: 'admin@shop.lt',
      }),
    ]);

    const midnight = startOfDay(day);
    expect(await scheduler.runOnce(new Date(midnight - 1))).toEqual([]);
    expect(await listedGross(api, 'LAP-1001')).toBe(96_800);
    expect((await rates()).rules[0]?.rates[0]?.rate).toBe(21);

    expect(await scheduler.runOnce(new Date(midnight))).toEqual([id]);
    expect(versionsMoved).toBe(1);
    expect((await rates()).rules[0]?.rates[0]?.rate).toBe(22);
    expect(await listedGross(api, 'LAP-1001')).toBe(97_600);
    expect((await rates()).scheduled).toEqual([]);
    // applied once: a later run does nothing, and it can no longer be cancelled
    expect(await scheduler.runOnce(new Date(midnight + 3_600_000))).toEqual([]);
    const late = await api.call({
      method: 'DELETE',
      url: `/vsbridge/staff/tax-rates/scheduled/${id}?storeCode=en`,
      headers: as('admin'),
    });
    expect(late.status).toBe(404);

    const audited = await api.database.query<{
      action: string;
      staff_email: string;
      details: Record<string, unknown>;
    }>(
      "SELECT action, staff_email, details FROM staff_audit_log WHERE action IN ('tax.schedule', 'tax.rates') ORDER BY id",
    );
    expect(audited).toEqual([
      {
        action: 'tax.schedule',
        staff_email: 'admin@shop.lt',
        details: { rule: 1, country: 'LT', rate: 22, effective_on: day },
      },
      {
        action: 'tax.rates',
        staff_email: 'admin@shop.lt',
        details: {
          changed: [{ rule: 1, country: 'LT', from: 21, to: 22 }],
          scheduled: id,
          effective_on: day,
        },
      },
    ]);
  });

  it('a cancelled change is no longer listed and never applies', async () => {
    const day = inTwoDays();
    const r = await schedule('admin', { rule_id: 1, country: 'LT', rate: 9.5, effective_on: day });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.result.created.id as number;
    const cancel = await api.call({
      method: 'DELETE',
      url: `/vsbridge/staff/tax-rates/scheduled/${id}?storeCode=en`,
      headers: as('admin'),
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.result.scheduled).toEqual([]);
    expect(await scheduler.runOnce(new Date(startOfDay(day) + 86_400_000))).toEqual([]);
    expect((await rates()).rules[0]?.rates[0]?.rate).toBe(22);
    expect(await listedGross(api, 'LAP-1001')).toBe(97_600);
    const again = await api.call({
      method: 'DELETE',
      url: `/vsbridge/staff/tax-rates/scheduled/${id}?storeCode=en`,
      headers: as('admin'),
    });
    expect(again.status).toBe(404);
    const [row] = await api.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM staff_audit_log WHERE action = 'tax.unschedule'",
    );
    expect(row?.details).toEqual({ rule: 1, country: 'LT', rate: 9.5, effective_on: day });
  });
});
