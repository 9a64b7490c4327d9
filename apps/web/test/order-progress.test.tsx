// @vitest-environment jsdom
// The order's progress on its pages: the spec's status labels in lt/en/ru ("shipped" as
// "shipped / ready to pick up" only for pickup orders), the carrier's tracking number and link (an
// unknown carrier: the number only), the staff's reason for a cancellation, each change oldest first.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderProgress } from '../app/components/account/OrderProgress';
import { statusLabel } from '../app/components/account/order-labels';
import { getT } from '../app/i18n';
import type { OrderHistoryEntry } from '../app/lib/types';

afterEach(cleanup);

const PREFIX = { lt: '', en: '/en', ru: '/ru' } as const;
const entry = (
  to_status: string,
  payment_status = 'pending',
  at = '2026-11-20T10:00:00.000Z',
): OrderHistoryEntry => ({
  to_status,
  payment_status,
  shipping_status: 'pending',
  created_at: at,
});
const show = (store: keyof typeof PREFIX, order: Parameters<typeof OrderProgress>[0]['order']) =>
  render(
    <MemoryRouter initialEntries={[`${PREFIX[store]}/order-completed`]}>
      <OrderProgress order={order} />
    </MemoryRouter>,
  );

describe('OrderProgress', () => {
  it.each([
    ['lt', true, 'Išsiųstas / paruoštas atsiimti', 'Sekti siuntą Omniva svetainėje'],
    ['lt', false, 'Išsiųstas', 'Sekti siuntą Omniva svetainėje'],
    ['en', true, 'Shipped / ready to pick up', 'Track the parcel at Omniva'],
    ['en', false, 'Shipped', 'Track the parcel at Omniva'],
    ['ru', true, 'Отправлен / готов к выдаче', 'Отследить посылку на сайте Omniva'],
    ['ru', false, 'Отправлен', 'Отследить посылку на сайте Omniva'],
  ] as const)('%s, pickup %s: "%s" with the tracking link', (store, pickup, label, link) => {
    show(store, {
      status: 'shipped',
      is_pickup: pickup,
      carrier: 'Omniva',
      tracking_number: 'CC123EE',
      tracking_url: 'https://mano.omniva.lt/track/CC123EE',
      history: [entry('new'), entry('paid', 'paid'), entry('shipped', 'paid')],
    });
    expect(screen.getByTestId('order-status').textContent).toBe(label);
    expect(screen.getByTestId('order-tracking').textContent).toContain('CC123EE');
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(
      'https://mano.omniva.lt/track/CC123EE',
    );
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[2]?.textContent).toContain(label);
    expect(screen.getByRole('heading', { level: 2 }).getAttribute('id')).toBe('order-progress-title');
  });

  it('an unknown carrier: the number only, no link', () => {
    show('en', {
      status: 'shipped',
      carrier: 'Our van',
      tracking_number: 'V-77',
      tracking_url: null,
      history: [],
    });
    expect(screen.getByTestId('order-tracking').textContent).toBe('Our van. Tracking number: V-77');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("a change of the payment alone reads as the payment's label; the staff's cancel reason is shown", () => {
    show('lt', {
      status: 'cancelled',
      cancel_reason: 'Prekės nebegaminamos',
      history: [entry('new'), entry('new', 'failed'), entry('cancelled', 'cancelled')],
    });
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('span')?.textContent)).toEqual([
      'Naujas',
      'Mokėjimas nepavyko',
      'Atšauktas',
    ]);
    expect(screen.getByTestId('order-cancel-reason').textContent).toBe(
      'Atšaukimo priežastis: Prekės nebegaminamos',
    );
  });

  it("the sweep's payment_timeout is not shown as a reason (cancellationNotes says why)", () => {
    show('en', { status: 'cancelled', cancel_reason: 'payment_timeout', history: [] });
    expect(screen.queryByTestId('order-cancel-reason')).toBeNull();
  });

  it('every lifecycle status has a label in each language', () => {
    for (const store of ['lt', 'en', 'ru'] as const)
      for (const s of [
        'new',
        'pending',
        'awaiting_payment',
        'paid',
        'ready',
        'shipped',
        'collected',
        'fulfilled',
        'completed',
        'cancelled',
        'refunded',
        'incomming',
      ])
        expect(statusLabel(getT(store), s, false)).not.toBe(s);
  });
});
