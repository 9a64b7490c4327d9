/**
 * in the shop's Lithuanian view: a guest's order paid by NEOPAY in the
 * sandbox (placed through the API, paid in the browser at the sandbox bank) → staff log in at
 * /en/admin, find it among the paid orders and ship it with omniva and a tracking number → the
 * shopper's order-token page shows it shipped with the tracking link → the outbox holds the
 * confirmation, paid and shipped e-mails in Lithuanian → staff complete it → the feedback e-mail's
 * link opens the feedback form; the feedback is saved once, a second attempt gets "Feedback for this
 * order already filled" in Lithuanian → the VAT invoice PDF downloads from the shopper's page and
 * from the back office's order page, and its text carries the order's grand total.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPrice, orderStatusLabelKey } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { checkoutT } from '../apps/web/app/i18n/checkout.ts';
import { accountT } from '../apps/web/app/i18n/account.ts';
import { pdfText } from '../apps/api/test/pdf-text.ts';
import { axeViolations } from './support/axe.ts';
import { downloadBytes, useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { addStaff, outbox, placeOrder } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();
const t = checkoutT(accountT(getT('lt')));

const STAFF = `packer-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';
const TRACKING = 'CC987654321LT';

/** the PDF a link downloads, as text */
async function downloadedText(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return pdfText(await downloadBytes(download));
}

describe('back office: paid → shipped → completed → feedback, invoices on both sides (lt)', () => {
  it('runs the order’s life from the NEOPAY sandbox to the feedback', async () => {
    const made = await addStaff(dataDir, STAFF, PASSWORD);
    expect(made.code, made.output).toBe(0);
    const email = `ona-bo-${Date.now().toString(36)}@example.com`;
    const order = await placeOrder(shopUrl, { email, storeCode: 'lt', payment: 'NEOPAY' });
    const total = formatPrice(order.grand_total, 'lt').replace(/\u00a0/g, ' ');
    const orderPage = `${shopUrl}/order-completed?number=${order.orderNumber}&token=${encodeURIComponent(order.orderToken)}`;

    // 1. the shopper pays at the sandbox bank and comes back to the order page (lt)
    const shopper = await browser.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto(`${shopUrl}/vsbridge/neopay/payment/${encodeURIComponent(order.orderToken)}/HABALT22`);
    await shopper.getByRole('heading', { name: 'Bandomasis mokėjimas — pinigai nepervedami' }).waitFor();
    await shopper.getByRole('button', { name: 'Mokėti', exact: true }).click();
    await shopper.waitForURL(/\/order-completed\?/);
    await shopper.getByRole('heading', { name: t('payment.paidTitle') }).waitFor();

    // 2. staff find it among the paid orders and ship it
    const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const staffErrors = watchErrors(staff);
    await staff.goto(`${shopUrl}/en/admin`);
    await staff.getByLabel('E-mail').fill(STAFF);
    await staff.getByLabel('Password').fill(PASSWORD);
    await staff.getByRole('button', { name: 'Log in' }).click();
    await staff.waitForURL(`${shopUrl}/en/admin`);
    await staff.getByLabel('Search (number, e-mail, name, phone, company code)').fill(email);
    await staff.getByLabel('Order status').selectOption('paid');
    await staff.getByRole('button', { name: 'Filter' }).click();
    await staff.waitForURL(/\?.*status=paid/);
    await staff.getByRole('link', { name: order.orderNumber }).click();
    await staff.waitForURL(/\/en\/admin\/orders\/\d+$/);
    await expect
      .poll(() => staff.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Order ${order.orderNumber}`);
    await staff.getByLabel('Carrier').fill('omniva');
    await staff.getByLabel('Tracking number').fill(TRACKING);
    await staff.getByRole('button', { name: 'Ship' }).click();
    // the ship action, the order's page again: more than a second on a loaded machine
    await expect.poll(() => staff.getByRole('link', { name: TRACKING }).count(), { timeout: 10_000 }).toBe(1);

    // 3. the shopper's order page: shipped, with the carrier's tracking link
    await shopper.goto(orderPage, { waitUntil: 'networkidle' });
    await expect
      .poll(() => shopper.getByTestId('order-status').textContent())
      .toBe(t.msg(orderStatusLabelKey('shipped', false)));
    expect(await shopper.getByTestId('order-tracking').textContent()).toContain(
      t('orderProgress.trackingNumber', { number: TRACKING }),
    );
    const track = shopper.getByRole('link', { name: t('orderProgress.trackLink', { carrier: 'omniva' }) });
    expect(await track.getAttribute('href')).toContain(TRACKING);
    expect(await axeViolations(shopper)).toEqual([]);

    // 4. the confirmation, paid and shipped e-mails, in Lithuanian
    const mails = async (kind: string) => (await outbox(shopUrl, kind, email))[0];
    expect((await mails('order.confirmation-email'))?.subject).toBe(`Užsakymas ${order.orderNumber} gautas`);
    expect((await mails('mail.order-paid'))?.subject).toBe(`Užsakymas ${order.orderNumber} apmokėtas`);
    const shipped = await mails('mail.order-shipped');
    expect(shipped?.subject).toBe(`Užsakymas ${order.orderNumber} išsiųstas`);
    expect(shipped?.text).toContain(TRACKING);

    // 5. staff complete it; the feedback e-mail's link opens the form; feedback is taken once
    await staff.getByRole('button', { name: 'Complete' }).click();
    // "Done." already shows from the shipping: the order's status line tells the completion
    await expect.poll(() => staff.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await expect.poll(async () => (await mails('mail.order-feedback-request'))?.subject).toBeDefined();
    const feedback = await mails('mail.order-feedback-request');
    expect(feedback?.subject).toBe(`Kaip vertinate užsakymą ${order.orderNumber}?`);
    expect(feedback?.link).toMatch(new RegExp(`^${shopUrl}/`));
    const leaveFeedback = async () => {
      await shopper.goto(feedback!.link!, { waitUntil: 'networkidle' });
      await shopper.getByRole('heading', { level: 1, name: t('review.title') }).waitFor();
      await shopper.getByLabel(t('review.titleField')).fill('Greitai atvežė');
      await shopper.getByLabel(t('review.detail')).fill('Prekė gera, pristatymas greitas.');
      await shopper.getByLabel(t('review.nickname')).fill('Ona');
      await shopper.getByRole('button', { name: t('review.submit') }).click();
    };
    await leaveFeedback();
    await shopper.getByRole('status').getByText(t('review.thanks')).waitFor();
    expect(await axeViolations(shopper)).toEqual([]);
    await leaveFeedback();
    await shopper.getByText(t.msg('review.feedbackAlreadyFilled')).waitFor();

    // 6. the invoice from both sides, with the grand total
    await shopper.goto(orderPage, { waitUntil: 'networkidle' });
    const shopperPdf = await downloadedText(
      shopper,
      shopper.getByRole('link', { name: t('invoice.download') }),
    );
    expect(shopperPdf).toContain(order.orderNumber);
    expect(shopperPdf).toContain(total);
    const staffPdf = await downloadedText(staff, staff.getByRole('link', { name: 'VAT invoice (PDF)' }));
    expect(staffPdf).toContain(order.orderNumber);
    expect(staffPdf).toContain(total);
    expect(await axeViolations(staff)).toEqual([]);

    expect(shopperErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await shopper.close();
    await staff.close();
  });
});
