/**
 * An order's confirmation e-mail (BENCH_ONLY=order-mail): the shop's CPU per order (process.cpuUsage
 * of this process, which is the shop: in-process HTTP through inject, the embedded database in it)
 * for placing guest orders of different buyers in the three store views, and for sending their
 * confirmations through the outbox (the terms PDF attached: legal/terms.ts) to a transport that keeps
 * them in memory; and the CPU of rendering one terms PDF (kept after: one per version and language). CPU per order is the figure to compare: the
 * wall time follows the machine's load.
 *
 *   BENCH_ORDERS  orders measured (default 60, after 6 of warm-up)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { testCatalog } from '../apps/api/test/fixtures.ts';
import { address, TEST_LIMITS_OFF, TEST_SELLER } from '../apps/api/test/helpers.ts';
import { OutboxMailer } from '../apps/api/src/mail/outbox.ts';
import type { MailMessage } from '../apps/api/src/mail/transport.ts';
import { currentTermsVersion, drawTermsPdf, withdrawalPageUrl } from '../apps/api/src/legal/terms.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const WARMUP = 6;
const STORES = ['lt', 'en', 'ru'] as const;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1000;
};

export async function runOrderMailBench(): Promise<void> {
  const database = await createTestDatabase({ url: '' });
  try {
    await importCatalog(database, testCatalog());
    await database.query("UPDATE stock SET qty = 100000, is_in_stock = true WHERE sku = 'PHN-2001'");
    const config = loadApiConfig({
      ...process.env,
      ...TEST_SELLER,
      ...TEST_LIMITS_OFF,
      PUBLIC_URL: 'https://shop.example',
      MAIL_OUTBOX_INTERVAL_MS: '0',
    });
    const app = await buildApi({ database, config, logger: false });
    await app.ready();
    const sent: MailMessage[] = [];
    const mailer = new OutboxMailer(
      database,
      config,
      { name: 'memory', send: async (m) => void sent.push(m) },
      { warn: () => undefined, error: () => undefined },
    );
    let n = 0;
    const place = async () => {
      const store = STORES[n % 3]!;
      const email = `buyer-${n++}-${randomBytes(3).toString('hex')}@example.com`;
      const r = await app.inject({
        method: 'POST',
        url: `/vsbridge/order/create?storeCode=${store}`,
        payload: {
          cart_id: `offline-${randomBytes(8).toString('hex')}`,
          products: [{ sku: 'PHN-2001', qty: 1 }],
          addressInformation: {
            shippingAddress: address({ email }),
            billingAddress: address({ email }),
            shipping_method_code: 'courier',
            shipping_carrier_code: 'courier',
            payment_method_code: 'cashondelivery',
          },
          personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: email },
          idempotency_key: `key-${randomBytes(8).toString('hex')}`,
        },
      });
      if (r.statusCode !== 200) throw new Error(`order/create: ${r.statusCode} ${r.body}`);
    };
    const sendAll = async () => {
      while ((await mailer.processBatch(50)).sent > 0);
    };

    for (let i = 0; i < WARMUP; i++) await place();
    await sendAll();
    sent.length = 0;

    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const c0 = process.cpuUsage();
    for (let i = 0; i < ORDERS; i++) await place();
    const placing = cpuMs(c0) / ORDERS;
    const c1 = process.cpuUsage();
    await sendAll();
    const sending = cpuMs(c1) / ORDERS;
    const confirmations = sent.filter((m) => m.attachments?.length);
    const pdfs = new Set(confirmations.map((m) => m.attachments![0]!.content.toString('base64')));
    console.log(
      `\norder confirmation, ${database.kind}, in-process HTTP (inject), ${ORDERS} guest orders (lt/en/ru), load average ${load}`,
    );
    console.log(`placing an order          ${placing.toFixed(2)} ms CPU per order`);
    console.log(
      `sending its e-mails       ${sending.toFixed(2)} ms CPU per order (${sent.length} e-mails, ${confirmations.length} with the terms; ${pdfs.size} different PDFs)`,
    );
    console.log(`placing + sending         ${(placing + sending).toFixed(2)} ms CPU per order`);
    const c2 = process.cpuUsage();
    const t = performance.now();
    const pdf = await drawTermsPdf(currentTermsVersion(), 'lt', config.shop, {
      days: 30,
      withdrawalPage: withdrawalPageUrl(config.publicUrl, 'lt'),
    });
    console.log(
      `one terms PDF rendered    ${cpuMs(c2).toFixed(2)} ms CPU (${(performance.now() - t).toFixed(1)} ms wall, ${pdf.length} bytes), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await database.dispose();
  }
}
