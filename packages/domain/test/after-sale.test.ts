import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountingRetentionEnds,
  applyReturnAction,
  checkReturnLines,
  LEGAL_WITHDRAWAL_DAYS,
  moneyBackDays,
  remainingQty,
  RETURN_ACTIONS,
  RETURN_STATES,
  returnActionsFor,
  withdrawalDays,
  withdrawalDeadline,
  withdrawalWindow,
  type ReturnAction,
  type ReturnState,
} from '../src/index.ts';

describe('the withdrawal period', () => {
  it.each([
    [0, 14],
    [14, 14],
    [7, 14],
    [30, 30],
    [60, 60],
  ])('a promise of %i days gives %i days', (promise, days) => expect(withdrawalDays(promise)).toBe(days));

  it('is never shorter than the law nor than the money-back promise', () => {
    expect(withdrawalDays()).toBe(Math.max(LEGAL_WITHDRAWAL_DAYS, moneyBackDays()));
    fc.assert(fc.property(fc.integer({ min: -5, max: 400 }), (d) => withdrawalDays(d) >= Math.max(14, d)));
  });

  it.each([
    // delivered on 1 June (summer, UTC+3) at 10:00 Vilnius: 14 days end on 15 June 24:00 Vilnius
    ['2026-06-01T07:00:00Z', 14, '2026-06-15T20:59:59.999Z'],
    // delivered late in the evening of 1 June Vilnius (22:30 UTC 31 May is 01:30 on 1 June in Vilnius)
    ['2026-05-31T22:30:00Z', 14, '2026-06-15T20:59:59.999Z'],
    // winter (UTC+2)
    ['2026-01-10T12:00:00Z', 30, '2026-02-09T21:59:59.999Z'],
  ])('delivered %s, %i days: ends %s', (at, days, end) => {
    expect(withdrawalDeadline(new Date(at), days)?.toISOString()).toBe(end);
  });

  it('is open before delivery, until the deadline, never after it or for a cancelled order', () => {
    const delivered = new Date('2026-06-01T07:00:00Z');
    expect(withdrawalWindow({ status: 'shipped', deliveredAt: null }, new Date('2027-01-01'), 14)).toEqual({
      open: true,
      deadline: null,
    });
    expect(
      withdrawalWindow({ status: 'fulfilled', deliveredAt: delivered }, new Date('2026-06-15T20:59:59Z'), 14)
        .open,
    ).toBe(true);
    expect(
      withdrawalWindow({ status: 'fulfilled', deliveredAt: delivered }, new Date('2026-06-15T21:00:00Z'), 14),
    ).toMatchObject({ open: false, reason: 'expired' });
    expect(withdrawalWindow({ status: 'cancelled', deliveredAt: null }, new Date(), 14)).toMatchObject({
      open: false,
      reason: 'cancelled',
    });
  });

  it('always ends at least `days` full days after delivery', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.integer({ min: 14, max: 90 }),
        (at, days) => {
          const end = withdrawalDeadline(at, days)!;
          const span = end.getTime() - at.getTime();
          return span >= days * 86_400_000 - 3_600_000 && span < (days + 1) * 86_400_000 + 3_600_000;
        },
      ),
    );
  });
});

describe('the lines a withdrawal or return names', () => {
  const ordered = [
    { itemId: 1, qty: 2 },
    { itemId: 2, qty: 1 },
  ];
  it('counts what earlier returns named', () => {
    expect([...remainingQty(ordered, [{ itemId: 1, qty: 1 }])]).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
  it.each([
    [[{ itemId: 1, qty: 2 }], []],
    [[{ itemId: 1, qty: 3 }], [{ index: 0, key: 'withdrawal.tooMany', left: 2 }]],
    [[{ itemId: 9, qty: 1 }], [{ index: 0, key: 'withdrawal.unknownLine' }]],
    [
      [
        { itemId: 2, qty: 1 },
        { itemId: 2, qty: 1 },
      ],
      [{ index: 1, key: 'withdrawal.duplicateLine' }],
    ],
  ])('%j: %j', (asked, problems) =>
    expect(checkReturnLines(asked, remainingQty(ordered, []))).toEqual(problems),
  );

  it('never lets the lines of all returns exceed what was ordered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ itemId: fc.integer({ min: 1, max: 3 }), qty: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 8,
        }),
        (asks) => {
          const accepted: { itemId: number; qty: number }[] = [];
          for (const a of asks)
            if (checkReturnLines([a], remainingQty(ordered, accepted)).length === 0) accepted.push(a);
          return ordered.every(
            (o) => accepted.filter((a) => a.itemId === o.itemId).reduce((s, a) => s + a.qty, 0) <= o.qty,
          );
        },
      ),
    );
  });
});

describe('the states of a return', () => {
  it.each([
    ['requested', { type: 'receive' }, 'received', false],
    ['received', { type: 'inspect' }, 'inspected', false],
    ['inspected', { type: 'restock' }, 'restocked', true],
    ['inspected', { type: 'not_restock', grade: 'b' }, 'not_restocked', false],
  ] as [ReturnState, ReturnAction, ReturnState, boolean][])(
    '%s + %j -> %s (restock %s)',
    (from, action, to, restock) => {
      expect(applyReturnAction(from, action)).toMatchObject({ ok: true, state: to, restock });
    },
  );

  it('refuses every other step, and restocks at most once along any path', () => {
    const actions: ReturnAction[] = RETURN_ACTIONS.map(
      (type) => (type === 'not_restock' ? { type, grade: 'unsellable' } : { type }) as ReturnAction,
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...actions), { maxLength: 12 }), (path) => {
        let state: ReturnState = 'requested';
        let restocks = 0;
        for (const a of path) {
          const r = applyReturnAction(state, a);
          expect(returnActionsFor(state).includes(a.type)).toBe(r.ok);
          if (r.ok) {
            state = r.state;
            if (r.restock) restocks += 1;
          }
        }
        return restocks <= 1 && RETURN_STATES.includes(state);
      }),
    );
    expect(applyReturnAction('restocked', { type: 'restock' })).toEqual({
      ok: false,
      key: 'return.actionNotAllowed',
      state: 'restocked',
    });
  });
});

describe('the retention of accounting documents', () => {
  it.each([
    ['2026-01-01T00:00:00Z', '2037-01-01T00:00:00.000Z'],
    ['2026-12-31T23:00:00Z', '2037-01-01T00:00:00.000Z'],
    ['2027-06-15T12:00:00Z', '2038-01-01T00:00:00.000Z'],
  ])('a document of %s is kept until %s', (at, end) =>
    expect(accountingRetentionEnds(new Date(at)).toISOString()).toBe(end),
  );
  it('is at least 10 full years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (d) => accountingRetentionEnds(d).getTime() - d.getTime() >= 10 * 365 * 86_400_000,
      ),
    );
  });
});
