// Paid against due and the payments the staff record (payments.ts): part of what is outstanding is
// accepted, more is refused, a closed or settled order takes nothing; and the back office's form
// offers exactly the amounts the rule accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentSummary, recordableCents, recordedPaymentRefusal } from '../src/index.ts';

describe('paymentSummary', () => {
  it.each([
    { due: 10000, paid: [4000], refunds: [], want: { paid: 4000, outstanding: 6000, refundable: 4000 } },
    { due: 10000, paid: [4000, 6000], refunds: [], want: { paid: 10000, outstanding: 0, refundable: 10000 } },
    {
      due: 10000,
      paid: [10000],
      refunds: [2500, 500],
      want: { paid: 10000, outstanding: 0, refundable: 7000, refunded: 3000 },
    },
    // paid more than due (an online payment and a transfer both came): nothing outstanding, all refundable
    { due: 10000, paid: [10000, 500], refunds: [], want: { outstanding: 0, refundable: 10500 } },
  ])('due $due, paid $paid, refunded $refunds', ({ due, paid, refunds, want }) => {
    expect(paymentSummary(due, paid, refunds)).toMatchObject(want);
  });
});

describe('recording a payment received', () => {
  const owes = (outstanding: number) => ({ outstanding });

  it.each([
    { status: 'pending', outstanding: 6000, amount: 6000, want: undefined },
    { status: 'pending', outstanding: 6000, amount: 2500, want: undefined },
    { status: 'shipped', outstanding: 1, amount: 1, want: undefined },
    {
      status: 'pending',
      outstanding: 6000,
      amount: 6001,
      want: { error: 'payment.exceedsDue', field: 'amountCents', params: { max: 6000 }, conflict: false },
    },
    {
      status: 'pending',
      outstanding: 6000,
      amount: 0,
      want: { error: 'validation.invalid', conflict: false },
    },
    { status: 'pending', outstanding: 6000, amount: -100, want: { error: 'validation.invalid' } },
    { status: 'pending', outstanding: 6000, amount: 12.5, want: { error: 'validation.invalid' } },
    {
      status: 'processing',
      outstanding: 0,
      amount: 100,
      want: { error: 'payment.nothingDue', conflict: true },
    },
    {
      status: 'cancelled',
      outstanding: 6000,
      amount: 100,
      want: { error: 'payment.orderClosed', conflict: true },
    },
    {
      status: 'refunded',
      outstanding: 6000,
      amount: 100,
      want: { error: 'payment.orderClosed', conflict: true },
    },
  ])('$status owing $outstanding, $amount recorded', ({ status, outstanding, amount, want }) => {
    const refusal = recordedPaymentRefusal(status, owes(outstanding), amount);
    if (want === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toMatchObject(want);
  });

  it.each([
    { status: 'pending', outstanding: 6000, want: 6000 },
    { status: 'processing', outstanding: 0, want: 0 },
    { status: 'cancelled', outstanding: 6000, want: 0 },
    { status: 'refunded', outstanding: 6000, want: 0 },
  ])('the form offers $want on a $status order owing $outstanding', ({ status, outstanding, want }) => {
    expect(recordableCents(status, owes(outstanding))).toBe(want);
  });

  const statuses = fc.constantFrom('pending', 'processing', 'shipped', 'completed', 'cancelled', 'refunded');
  const cents = fc.integer({ min: 0, max: 10_000_000 });

  it('accepts exactly the amounts from one cent to what the form offers', () => {
    fc.assert(
      fc.property(
        statuses,
        cents,
        fc.integer({ min: -10, max: 10_000_010 }),
        (status, outstanding, amount) => {
          const max = recordableCents(status, owes(outstanding));
          const accepted = recordedPaymentRefusal(status, owes(outstanding), amount) === undefined;
          expect(accepted).toBe(amount >= 1 && amount <= max);
        },
      ),
    );
  });

  it('never lets the recorded money pass what is due', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 8 }), (due, attempts) => {
        const paid: number[] = [];
        for (const amount of attempts)
          if (!recordedPaymentRefusal('pending', paymentSummary(due, paid), amount)) paid.push(amount);
        const s = paymentSummary(due, paid);
        expect(s.paid).toBeLessThanOrEqual(due);
        expect(s.paid + s.outstanding).toBe(due);
      }),
    );
  });
});
