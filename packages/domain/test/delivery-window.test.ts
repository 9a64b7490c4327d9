// The delivery promise per method at checkout and on the thank-you page (delivery-estimate.ts
// deliveryWindow): carriers count the settings' working days after dispatch; the store has the order
// ready the working day after dispatch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryWindow, dispatchDay, estimatedDelivery, isWorkingDay } from '../src/index.ts';

const days = { min: 2, max: 3 };

describe('deliveryWindow', () => {
  it.each([
    // placed (UTC)            store pickup  from          to            kind
    ['2026-11-30T08:00:00Z', false, '2026-12-02', '2026-12-03', 'delivery'], // Monday 10:00 Vilnius, before the cut-off
    ['2026-11-30T13:00:00Z', false, '2026-12-03', '2026-12-04', 'delivery'], // Monday 15:00: leaves Tuesday
    ['2026-11-30T08:00:00Z', true, '2026-12-01', '2026-12-01', 'collect'], // ready the working day after dispatch
    ['2026-12-04T13:00:00Z', true, '2026-12-08', '2026-12-08', 'collect'], // Friday after the cut-off: leaves Monday
    ['2026-12-23T08:00:00Z', true, '2026-12-28', '2026-12-28', 'collect'], // over the Christmas holidays
  ] as const)('placed %s, store pickup %s: %s – %s (%s)', (placed, store, from, to, kind) => {
    expect(deliveryWindow(new Date(placed), store, days)).toEqual({ from, to, kind });
  });

  it("a carrier's window is the product page's estimate for the settings' days", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (placed, min, extra) => {
          const window = deliveryWindow(placed, false, { min, max: min + extra });
          const estimate = estimatedDelivery(placed, {
            cutoffHour: 14,
            minWorkdays: min,
            maxWorkdays: min + extra,
            timeZone: 'Europe/Vilnius',
          });
          expect(window).toEqual({ ...estimate, kind: 'delivery' });
        },
      ),
    );
  });

  it('the store has it ready on a working day after the dispatch day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (placed) => {
          const { from, to } = deliveryWindow(placed, true, days);
          expect(from).toBe(to);
          expect(isWorkingDay(from)).toBe(true);
          expect(from > dispatchDay(placed)).toBe(true);
        },
      ),
    );
  });
});
