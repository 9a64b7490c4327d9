/**
 * After the sale through HTTP (docs/legal.md): the order confirmation carries the seller, the terms'
 * version (stored with the order, attached as a PDF), the withdrawal information and model form; a
 * guest (order-token link) and a customer (their token) withdraw from some lines and get the
 * acknowledgement with date and time at once; the staff see a return and move it along
 * received -> inspected -> restocked, which puts the units back exactly once; a person's data is
 * exported and erased, the invoice staying as it was and no personal data left elsewhere.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { OutboxMailer } from '../src/mail/outbox.ts';
import { effectiveSettings, sellerIdentity } from '../src/settings/service.ts';
import { withdrawalDays } from '@vitrina/domain';
import type { MailMessage } from '../src/mail/transport.ts';
import {
  TERMS_VERSIONS,
  currentTermsVersion,
  drawTermsPdf,
  renderTermsPdf,
  withdrawalPageUrl,
} from '../src/legal/terms.ts';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';
import { address, startApi, type TestApi } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { bearer, customer, outbox, uniqueAddress } from './user-helpers.ts';

const SELLER = {
  SHOP_COMPANY_NAME: 'UAB „Vitrina“',
  SHOP_COMPANY_CODE: '305000111',
  SHOP_VAT_CODE: 'LT100012345611',
  SHOP_ADDRESS: 'Žalgirio g. 90, LT-09303 Vilnius',
  SHOP_PHONE: '+370 5 200 0000',
  SHOP_EMAIL: 'info@vitrina.example',
};
const STAFF_PASSWORD = 'staff password 123';
let api: TestApi;
let staffCookie: string;

beforeAll(async () => {
  api = await startApi({
    ...SELLER,
    EXPOSE_OUTBOX: 'true',
    PUBLIC_URL: 'https://shop.example',
    ORDERS_EMAIL: 'orders@shop.example',
  });
  await api.database.query(
    "UPDATE stock SET qty = 100, is_in_stock = true WHERE sku IN ('PHN-2001', 'MBA-7000-A')",
  );
  const io: StaffCliIo = {
    env: {},
    cwd: process.cwd(),
    out: () => undefined,
    err: () => undefined,
    readPassword: async () => STAFF_PASSWORD,
  };
  expect(await runStaffCli(['add', 'clerk@shop.lt', '--role', 'staff'], io, async () => api.database)).toBe(
    0,
  );
  const login = await api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email: 'clerk@shop.lt', password: STAFF_PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  expect(login.status).toBe(200);
  // an https shop sets the `__Host-` session cookie (and clears the plain name): the one with a value
  const cookies = [login.res.headers['set-cookie']].flat().map((c) => String(c).split(';')[0] as string);
  staffCookie = cookies.find((c) => !c.endsWith('=')) as string;
});
afterAll(async () => api?.close());

type Placed = { orderNumber: string; orderToken: string; id: number };

async function place(
  opts: { store?: string; token?: string; email?: string; lines?: [string, number][] } = {},
): Promise<Placed> {
  const email = opts.email ?? 'jonas@example.com';
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${opts.store ?? 'en'}`,
    remoteAddress: uniqueAddress(),
    headers: opts.token ? bearer(opts.token) : {},
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: (opts.lines ?? [['PHN-2001', 2]]).map(([sku, qty]) => ({ sku, qty })),
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
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [row] = await api.database.query<{ id: number }>('SELECT id FROM orders WHERE increment_id = $1', [
    r.body.result.orderNumber,
  ]);
  return { orderNumber: r.body.result.orderNumber, orderToken: r.body.result.orderToken, id: row!.id };
}

const staff = (url: string, payload?: Record<string, unknown>) =>
  api.call({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/vsbridge/staff${url}`,
    headers: { cookie: staffCookie },
    ...(payload === undefined ? {} : { payload }),
  });

const stockOf = async (sku: string) =>
  (await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [sku]))[0]!.qty;
const itemIds = async (orderId: number) =>
  (
    await api.database.query<{ id: number }>('SELECT id FROM order_items WHERE order_id = $1 ORDER BY id', [
      orderId,
    ])
  ).map((r) => r.id);

describe('the order confirmation', () => {
  it('names the seller and the terms version (kept with the order), has Annex I(A) and I(B) in the order language, and attaches the terms PDF', async () => {
    const o = await place({ store: 'lt', email: 'terms@example.com' });
    const [row] = await api.database.query<{ terms_version: string }>(
      'SELECT terms_version FROM orders WHERE id = $1',
      [o.id],
    );
    expect(row!.terms_version).toBe(currentTermsVersion());
    const [mail] = await outbox(api, { kind: 'order.confirmation-email', to: 'terms@example.com' });
    expect(mail!.text).toContain('UAB „Vitrina“, įmonės kodas 305000111');
    expect(mail!.text).toContain(`versija ${currentTermsVersion()}`);
    expect(mail!.text).toContain('INFORMACIJA APIE TEISĘ ATSISAKYTI SUTARTIES');
    expect(mail!.text).toContain('per 30 dienų');
    expect(mail!.text).toContain('PAVYZDINĖ SUTARTIES ATSISAKYMO FORMA');
    // one e-mail: the signature closes it, after the legal part
    expect(mail!.text.endsWith('(*) Išbraukti, kas netinka.\n\n--\nVitrina')).toBe(true);
    expect(mail!.text).toContain(`https://shop.example/withdrawal?number=${o.orderNumber}&token=`);

    // the processor sends it with the terms as a PDF of that version, in Lithuanian
    const sent: MailMessage[] = [];
    const config = loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir, PUBLIC_URL: 'https://shop.example' });
    const mailer = new OutboxMailer(
      api.database,
      config,
      { name: 'capture', send: async (m) => void sent.push(m) },
      { warn: () => undefined, error: () => undefined },
    );
    await mailer.processBatch(200);
    const confirmation = sent.find((m) => m.to === 'terms@example.com' && m.subject.includes(o.orderNumber));
    const [file] = confirmation?.attachments ?? [];
    expect(file?.filename).toBe(`pirkimo-taisykles-${currentTermsVersion()}.pdf`);
    const text = await pdfText(file!.content);
    expect(text).toContain('Pirkimo–pardavimo taisyklės');
    expect(text).toContain(`Versija: ${currentTermsVersion()}`);
    expect(text).toContain('PAVYZDINĖ SUTARTIES ATSISAKYMO FORMA');
  });
});

describe('the terms PDF', () => {
  it('is rendered ahead by a production outbox, under the key a confirmation then finds kept', async () => {
    // its own shop address: a key no other test rendered
    const config = loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir, PUBLIC_URL: 'https://warm.example' });
    const mailer = new OutboxMailer(
      api.database,
      { ...config, mailTermsWarm: true },
      { name: 'capture', send: async () => undefined },
      { warn: () => undefined, error: () => undefined },
    );
    const warmed = await mailer.warmTerms();
    expect(warmed).toHaveLength(3);
    // a confirmation's attachment, as the outbox builds it (effectiveSettings, withdrawalDays): the very buffer rendered ahead
    const settings = await effectiveSettings(api.database, config.settingsSeed);
    const attached = await renderTermsPdf(currentTermsVersion(), 'en', sellerIdentity(settings.seller), {
      days: withdrawalDays(settings.moneyBackDays),
      withdrawalPage: withdrawalPageUrl(config.publicUrl, 'en'),
    });
    expect(attached).toBe(warmed[1]);
    expect(await pdfText(attached)).toContain('Terms and conditions of sale');
  });

  it('is rendered once per version, language, seller and period, and anew when one changes', async () => {
    const config = loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir });
    const v = currentTermsVersion();
    const params = { days: 30, withdrawalPage: 'https://shop.example/withdrawal' };
    const first = await renderTermsPdf(v, 'lt', config.shop, params);
    expect(await renderTermsPdf(v, 'lt', config.shop, { ...params })).toBe(first);
    const renamed = { ...config.shop, companyName: 'UAB „Kita Vitrina“' };
    const other = await renderTermsPdf(v, 'lt', renamed, params);
    expect(other).not.toBe(first);
    expect(await pdfText(other)).toContain('Kita Vitrina');
    expect(await renderTermsPdf(v, 'lt', config.shop, { ...params, days: 14 })).not.toBe(first);
  });

  it.each([
    ['en', 'Terms and conditions of sale', 'Version: ', 'MODEL WITHDRAWAL FORM', 'within 30 days'],
    ['ru', 'Правила купли-продажи', 'Версия: ', 'ТИПОВАЯ ФОРМА ОТКАЗА ОТ ДОГОВОРА', 'в течение 30 дней'],
  ] as const)(
    '%s: the title, the version, the seller, Annex I(A) and I(B)',
    async (store, title, version, form, period) => {
      const config = loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir });
      const v = currentTermsVersion();
      const text = await pdfText(
        await renderTermsPdf(v, store, config.shop, {
          days: 30,
          withdrawalPage: `https://shop.example/${store}/withdrawal`,
        }),
      );
      expect(text).toContain(title);
      expect(text).toContain(`${version}${v}`);
      expect(text).toContain('305000111');
      expect(text).toContain(form);
      expect(text.replace(/\s+/g, ' ')).toContain(period);
    },
  );
});

describe('one terms PDF for every order of a version and language', () => {
  /** the confirmations of `orders`, sent by the outbox processor to a transport that keeps them */
  async function sendConfirmations(orders: Placed[]) {
    const sent: MailMessage[] = [];
    const config = loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir, PUBLIC_URL: 'https://shop.example' });
    const mailer = new OutboxMailer(
      api.database,
      config,
      { name: 'capture', send: async (m) => void sent.push(m) },
      { warn: () => undefined, error: () => undefined },
    );
    // the API's own processor may have sent them already (every MAIL_OUTBOX_INTERVAL_MS): sent again here
    await api.database.query(
      `UPDATE outbox SET processed_at = NULL, attempts = 0, next_attempt_at = NULL
       WHERE kind = 'order.confirmation-email' AND (payload->>'orderId')::int = ANY($1::int[])`,
      [orders.map((o) => o.id)],
    );
    while ((await mailer.processBatch(200)).sent > 0);
    return orders.map((o) => {
      const mail = sent.find((m) => m.subject.includes(o.orderNumber) && m.attachments?.length);
      expect(mail, o.orderNumber).toBeDefined();
      return mail!;
    });
  }

  it("two buyers get byte-identical terms; each e-mail body carries its own order's withdrawal link (lt, en, ru)", async () => {
    const ada = await customer(api, 'ada-terms');
    const orders = [
      await place({ store: 'lt', email: 'first-buyer@example.com' }),
      await place({ store: 'lt', email: 'second-buyer@example.com' }),
      await place({ store: 'lt', token: ada.accessToken, email: ada.email }),
      await place({ store: 'en', email: 'en-buyer@example.com' }),
      await place({ store: 'ru', email: 'ru-buyer@example.com' }),
    ];
    const mails = await sendConfirmations(orders);
    const pdf = (i: number) => mails[i]!.attachments![0]!.content;
    expect(pdf(0).equals(pdf(1))).toBe(true);
    expect(pdf(0).equals(pdf(2))).toBe(true);
    expect(pdf(3).equals(pdf(0))).toBe(false);
    // the order's own link (number and, for a guest, its token) is in the e-mail, in every language
    const own = (prefix: string, o: Placed) =>
      `https://shop.example${prefix}/withdrawal?number=${o.orderNumber}&token=${o.orderToken}`;
    expect(mails[0]!.text).toContain(own('', orders[0]!));
    expect(mails[1]!.text).toContain(own('', orders[1]!));
    expect(mails[2]!.text).toContain(`https://shop.example/withdrawal?number=${orders[2]!.orderNumber}.`);
    expect(mails[3]!.text).toContain(own('/en', orders[3]!));
    expect(mails[4]!.text).toContain(own('/ru', orders[4]!));
    for (const [i, words] of [
      [0, 'Atsisakyti sutarties čia'],
      [3, 'Withdraw from the contract here'],
      [4, 'Отказаться от договора здесь'],
    ] as const)
      expect(mails[i]!.text).toContain(words);
  });
});

describe('the terms PDF says nothing of an order', () => {
  const shop = () => loadApiConfig({ ...SELLER, MEDIA_DIR: api.mediaDir }).shop;
  const squeeze = (t: string) => t.replace(/\s+/g, ' ');

  it("names the shop's withdrawal page, the seller (name, address, phone, e-mail) and every part of Annex I(A) and I(B)", async () => {
    const page = withdrawalPageUrl('https://shop.example', 'en');
    expect(page).toBe('https://shop.example/en/withdrawal');
    const text = squeeze(
      await pdfText(
        await drawTermsPdf(currentTermsVersion(), 'en', shop(), { days: 30, withdrawalPage: page }),
      ),
    );
    for (const part of [
      // Annex I(A): the right, the period and its start, how to exercise it, the website's function
      'INFORMATION ON THE RIGHT OF WITHDRAWAL',
      'Right of withdrawal',
      'You have the right to withdraw from this contract within 30 days without giving any reason.',
      'The withdrawal period will expire after 30 days from the day on which you acquire',
      'physical possession of the goods',
      'by an unequivocal statement (e.g. a letter sent by post or e-mail)',
      'You may use the attached model withdrawal form, but it is not obligatory.',
      'on our website with the button "Withdraw from the contract here":',
      'acknowledgement of receipt of such a withdrawal on a durable medium',
      'it is sufficient for you to send your communication',
      // the effects: reimbursement, its means, withholding, sending back, costs, diminished value
      'Effects of withdrawal',
      'we shall reimburse to you all payments received from you, including the costs of delivery',
      'not later than 14 days from the day on which we are informed',
      'using the same means of payment as you used for the initial transaction',
      'We may withhold reimbursement until we have received the goods back',
      'You shall send back the goods or hand them over to us',
      'You will have to bear the direct cost of returning the goods.',
      'You are only liable for any diminished value of the goods',
      // the trader: name, geographical address, telephone, e-mail
      'UAB „Vitrina“',
      'Žalgirio g. 90, LT-09303 Vilnius',
      '+370 5 200 0000',
      'info@vitrina.example',
      // Annex I(B)
      'MODEL WITHDRAWAL FORM',
      '– To: UAB „Vitrina“',
      'Ordered on (*) / received on (*):',
      'Name of consumer(s):',
    ])
      expect(text).toContain(part);
    // a line may break after a slash of the address: read without spaces
    expect(text.replace(/ /g, '')).toContain(`here":${page}.`);
    expect(text).not.toContain('number=');
    expect(text).not.toContain('token=');
  });

  it.each([
    ['lt', 'https://shop.example/withdrawal', 'Atsisakyti sutarties čia“: https://shop.example/withdrawal.'],
    [
      'ru',
      'https://shop.example/ru/withdrawal',
      'Отказаться от договора здесь»: https://shop.example/ru/withdrawal.',
    ],
  ] as const)('%s: names %s', async (store, page, words) => {
    expect(withdrawalPageUrl('https://shop.example', store)).toBe(page);
    const text = squeeze(
      await pdfText(
        await drawTermsPdf(currentTermsVersion(), store, shop(), { days: 30, withdrawalPage: page }),
      ),
    );
    expect(text.replace(/ /g, '')).toContain(words.replace(/ /g, ''));
  });

  it('is the same bytes whenever it is rendered: dated by its version, not by the clock', async () => {
    const v = currentTermsVersion();
    const p = { days: 30, withdrawalPage: 'https://shop.example/withdrawal' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-03-04T05:06:07Z'));
      const first = await drawTermsPdf(v, 'lt', shop(), p);
      vi.setSystemTime(new Date('2031-12-31T23:59:59Z'));
      const second = await drawTermsPdf(v, 'lt', shop(), p);
      expect(first.equals(second)).toBe(true);
      expect(first.toString('latin1')).toContain(`(D:${v.replaceAll('-', '')}000000Z)`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new version of the terms is a new PDF, dated and named by that version', async () => {
    const versions = TERMS_VERSIONS as Record<string, (typeof TERMS_VERSIONS)[string]>;
    const v = currentTermsVersion();
    const p = { days: 30, withdrawalPage: 'https://shop.example/withdrawal' };
    const before = await renderTermsPdf(v, 'lt', shop(), p);
    versions['2099-01-01'] = versions[v]!;
    try {
      expect(currentTermsVersion()).toBe('2099-01-01');
      const after = await renderTermsPdf('2099-01-01', 'lt', shop(), p);
      expect(after.equals(before)).toBe(false);
      expect(after.toString('latin1')).toContain('(D:20990101000000Z)');
      expect(await pdfText(after)).toContain('Versija: 2099-01-01');
      // the older version's orders keep theirs, the same bytes as before
      expect((await renderTermsPdf(v, 'lt', shop(), p)).equals(before)).toBe(true);
    } finally {
      delete versions['2099-01-01'];
    }
  });
});

describe('the withdrawal function', () => {
  it('a guest withdraws by the order-token link: lines and quantities checked, confirmation required, acknowledgement with date and time at once; the staff see a return', async () => {
    const o = await place({
      store: 'ru',
      email: 'guest-w@example.com',
      lines: [
        ['PHN-2001', 2],
        ['MBA-7000-A', 1],
      ],
    });
    const [phone, laptop] = await itemIds(o.id);
    expect((await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}`)).status).toBe(404);
    expect((await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=wrong`)).status).toBe(
      404,
    );
    const view = await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=${o.orderToken}`);
    expect(view.status).toBe(200);
    expect(view.body.result).toMatchObject({
      open: true,
      deadline: null,
      days: 30,
      lines: [
        { item_id: phone, qty: 2, left: 2 },
        { item_id: laptop, qty: 1, left: 1 },
      ],
    });

    const post = (payload: object) =>
      api.call({
        method: 'POST',
        url: '/vsbridge/withdrawal?storeCode=ru',
        payload: { number: o.orderNumber, token: o.orderToken, ...payload },
      });
    const unconfirmed = await post({ lines: [{ item_id: phone, qty: 1 }] });
    expect(unconfirmed.status).toBe(400);
    expect(JSON.stringify(unconfirmed.body)).toMatch(/confirm/);
    const tooMany = await post({ lines: [{ item_id: phone, qty: 3 }], confirm: true });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.field ?? JSON.stringify(tooMany.body)).toMatch(/lines\.0\.qty/);

    const before = Date.now();
    const done = await post({ lines: [{ item_id: phone, qty: 1 }], confirm: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(new Date(done.body.result.declared_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [ack] = await outbox(api, { kind: 'mail.withdrawal-acknowledgement', to: 'guest-w@example.com' });
    expect(ack!.subject).toBe(`Мы получили ваш отказ от договора: заказ ${o.orderNumber}`);
    expect(ack!.text).toContain(done.body.result.declared_at_text);
    expect(ack!.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Vilnius\)/);
    expect(ack!.text).toContain('1 × ');
    const notices = await outbox(api, { kind: 'mail.withdrawal-notice', to: 'orders@shop.example' });
    expect(notices[0]!.subject).toBe(
      `Sutarties atsisakymas: užsakymas ${o.orderNumber} (grąžinimas Nr. ${done.body.result.return_id})`,
    );

    const list = await staff('/returns?state=requested');
    const ret = list.body.result.items.find((r: { number: string }) => r.number === o.orderNumber);
    expect(ret).toMatchObject({ reason: 'withdrawal', state: 'requested', units: 1, created_by: 'guest' });
    const detail = await staff(`/returns/${ret.id}`);
    expect(detail.body.result.withdrawal).toMatchObject({
      declared_by: 'guest',
      declared_at: done.body.result.declared_at,
    });
    // what is left for a second withdrawal
    const again = await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=${o.orderToken}`);
    expect(again.body.result.lines[0].left).toBe(1);
  });

  it('a customer withdraws from their account (their token); another customer cannot see the order', async () => {
    const c = await customer(api, 'withdrawer');
    const o = await place({ token: c.accessToken, email: c.email, store: 'lt' });
    const [phone] = await itemIds(o.id);
    const other = await customer(api, 'other');
    expect(
      (
        await api.call({
          url: `/vsbridge/withdrawal?number=${o.orderNumber}`,
          headers: bearer(other.accessToken),
        })
      ).status,
    ).toBe(404);
    const view = await api.call({
      url: `/vsbridge/withdrawal?number=${o.orderNumber}`,
      headers: bearer(c.accessToken),
    });
    expect(view.body.result.open).toBe(true);
    const done = await api.call({
      method: 'POST',
      url: '/vsbridge/withdrawal',
      headers: bearer(c.accessToken),
      payload: { number: o.orderNumber, lines: [{ item_id: phone, qty: 2 }], confirm: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [ack] = await outbox(api, { kind: 'mail.withdrawal-acknowledgement', to: c.email });
    expect(ack!.subject).toBe(`Gavome jūsų sutarties atsisakymą: užsakymas ${o.orderNumber}`);
    expect(ack!.text).toContain(`Patvirtiname, kad ${done.body.result.declared_at_text}`);
    const detail = await staff(`/returns/${done.body.result.return_id}`);
    expect(detail.body.result).toMatchObject({
      reason: 'withdrawal',
      state: 'requested',
      created_by: 'customer',
      withdrawal: { declared_by: 'customer' },
    });
    // nothing left to withdraw from
    const none = await api.call({
      method: 'POST',
      url: '/vsbridge/withdrawal',
      headers: bearer(c.accessToken),
      payload: { number: o.orderNumber, lines: [{ item_id: phone, qty: 1 }], confirm: true },
    });
    expect(none.status).toBe(400);
  });

  it('is closed once the period from delivery has passed, and for a cancelled order', async () => {
    const o = await place({ email: 'late@example.com' });
    await api.database.query(
      `INSERT INTO order_status_history (order_id, action, from_status, to_status, payment_status, shipping_status, actor_kind, created_at)
       VALUES ($1, 'collected', 'shipped', 'fulfilled', 'paid', 'delivered', 'system', now() - interval '40 days')`,
      [o.id],
    );
    const view = await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=${o.orderToken}`);
    expect(view.body.result).toMatchObject({ open: false, closed_reason: 'expired' });
    const [phone] = await itemIds(o.id);
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/withdrawal?storeCode=en',
      payload: {
        number: o.orderNumber,
        token: o.orderToken,
        lines: [{ item_id: phone, qty: 1 }],
        confirm: true,
      },
    });
    expect(r.status).toBe(409);
    expect(r.body.result).toMatch(/withdrawal period of this order ended on \d{4}-\d{2}-\d{2}/);
    // 20 days after delivery it is still open (30-day promise)
    await api.database.query(
      `UPDATE order_status_history SET created_at = now() - interval '20 days' WHERE order_id = $1 AND shipping_status = 'delivered'`,
      [o.id],
    );
    expect(
      (await api.call(`/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=${o.orderToken}`)).body.result
        .open,
    ).toBe(true);
  });
});

describe('returns in the back office', () => {
  it('received -> inspected -> restocked puts the units back exactly once, e-mailing the customer at each step in their language', async () => {
    const o = await place({ store: 'en', email: 'ret@example.com', lines: [['PHN-2001', 3]] });
    const [phone] = await itemIds(o.id);
    expect(
      (
        await api.call({
          method: 'POST',
          url: `/vsbridge/staff/orders/${o.id}/returns`,
          payload: { reason: 'money_back', lines: [{ item_id: phone, qty: 2 }] },
        })
      ).status,
    ).toBe(401);
    const tooMany = await staff(`/orders/${o.id}/returns`, {
      reason: 'money_back',
      lines: [{ item_id: phone, qty: 4 }],
    });
    expect(tooMany.status).toBe(400);
    const created = await staff(`/orders/${o.id}/returns`, {
      reason: 'money_back',
      lines: [{ item_id: phone, qty: 2 }],
      note: 'parcel announced',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.id;
    expect(created.body.result.actions).toEqual(['receive']);

    const step = (payload: Record<string, unknown>) => staff(`/returns/${id}/transition`, payload);
    expect((await step({ action: 'restock' })).status).toBe(409);
    expect((await step({ action: 'receive' })).body.result.state).toBe('received');
    expect((await step({ action: 'inspect' })).body.result.actions).toEqual(['restock', 'not_restock']);
    const before = await stockOf('PHN-2001');
    // five restocks at once: one wins, the units come back once
    const answers = await Promise.all(Array.from({ length: 5 }, () => step({ action: 'restock' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf('PHN-2001')).toBe(before + 2);
    expect((await step({ action: 'restock' })).status).toBe(409);
    expect(await stockOf('PHN-2001')).toBe(before + 2);

    const mails = (await outbox(api, { kind: 'mail.return-step', to: 'ret@example.com' })).map(
      (m) => m.subject,
    );
    expect(mails).toEqual([
      `Return no. ${id} completed`,
      `Your returned goods are inspected (return no. ${id})`,
      `We have received your returned goods (return no. ${id})`,
      `Return no. ${id} registered (order ${o.orderNumber})`,
    ]);
    const audited = await api.database.query<{ action: string }>(
      'SELECT action FROM staff_audit_log WHERE target = $1 ORDER BY id',
      [`return:${id}`],
    );
    expect(audited.slice(0, 3).map((a) => a.action)).toEqual([
      'return.restock.refused',
      'return.receive',
      'return.inspect',
    ]);
    expect(audited.filter((a) => a.action === 'return.restock.refused')).toHaveLength(6);
    expect(audited.filter((a) => a.action === 'return.restock')).toHaveLength(1);
  });

  it('not restocked: kept out of stock with the grade it came back in', async () => {
    const o = await place({ store: 'lt', email: 'grade@example.com', lines: [['PHN-2001', 1]] });
    const [phone] = await itemIds(o.id);
    const id = (
      await staff(`/orders/${o.id}/returns`, { reason: 'warranty', lines: [{ item_id: phone, qty: 1 }] })
    ).body.result.id;
    await staff(`/returns/${id}/transition`, { action: 'receive' });
    await staff(`/returns/${id}/transition`, { action: 'inspect' });
    const before = await stockOf('PHN-2001');
    expect((await staff(`/returns/${id}/transition`, { action: 'not_restock' })).status).toBe(400);
    const r = await staff(`/returns/${id}/transition`, { action: 'not_restock', grade: 'b' });
    expect(r.body.result).toMatchObject({ state: 'not_restocked', grade: 'b', actions: [] });
    expect(await stockOf('PHN-2001')).toBe(before);
    const [last] = await outbox(api, { kind: 'mail.return-step', to: 'grade@example.com' });
    expect(last!.text).toContain('jų būklė įvertinta kaip: B');
  });
});

describe("a return's refund on its page", () => {
  /** a cash-on-delivery order shipped (invoiced at handover) and its cash recorded */
  async function paidOrder(email: string, lines: [string, number][]) {
    const o = await place({ store: 'lt', email, lines });
    for (const body of [
      { action: 'confirm' },
      { action: 'ship', carrier: 'omniva', trackingNumber: 'RR1EE' },
    ])
      expect((await staff(`/orders/${o.id}/transition`, body)).status).toBe(200);
    const [total] = await api.database.query<{ grand_total: number; shipping_incl_tax: number }>(
      'SELECT grand_total, shipping_incl_tax FROM orders WHERE id = $1',
      [o.id],
    );
    const paid = await staff(`/orders/${o.id}/payments`, {
      method: 'cashondelivery',
      amountCents: total!.grand_total,
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { ...o, grandTotal: total!.grand_total, shipping: total!.shipping_incl_tax };
  }
  async function receivedReturn(orderId: number, lines: { item_id: number; qty: number }[]) {
    const id = (await staff(`/orders/${orderId}/returns`, { reason: 'withdrawal', lines })).body.result
      .id as number;
    return id;
  }

  it('is prefilled with the returned units (server cents), lowered at will, never raised, made once', async () => {
    const o = await paidOrder('refund-return@example.com', [
      ['PHN-2001', 2],
      ['MBA-7000-A', 1],
    ]);
    const [phone] = await itemIds(o.id);
    const [unit] = await api.database.query<{ price_incl_tax: number }>(
      'SELECT price_incl_tax FROM order_items WHERE id = $1',
      [phone],
    );
    const id = await receivedReturn(o.id, [{ item_id: phone!, qty: 1 }]);
    // announced, not received: offered, but refused until the goods are back
    let detail = (await staff(`/returns/${id}`)).body.result;
    expect(detail.refund).toMatchObject({
      proposal_cents: unit!.price_incl_tax,
      shipping: false,
      refund: null,
    });
    expect(detail.refund.refundable_cents).toBe(o.grandTotal);
    const early = await staff(`/returns/${id}/refund`, { amountCents: unit!.price_incl_tax, reason: 'x' });
    expect(early.status).toBe(409);
    await staff(`/returns/${id}/transition`, { action: 'receive' });

    const anonymous = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/returns/${id}/refund`,
      payload: { amountCents: 100, reason: 'x' },
    });
    expect(anonymous.status).toBe(401);
    // a catalogue clerk (products and prices, no orders) may not refund
    const io: StaffCliIo = {
      env: {},
      cwd: process.cwd(),
      out: () => undefined,
      err: () => undefined,
      readPassword: async () => STAFF_PASSWORD,
    };
    expect(
      await runStaffCli(['add', 'shelves@shop.lt', '--role', 'catalog'], io, async () => api.database),
    ).toBe(0);
    const login = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/login?storeCode=en',
      payload: { email: 'shelves@shop.lt', password: STAFF_PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    const catalogCookie = [login.res.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0] as string)
      .find((c) => !c.endsWith('=')) as string;
    const wrongRole = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/returns/${id}/refund`,
      headers: { cookie: catalogCookie },
      payload: { amountCents: 100, reason: 'x' },
    });
    expect(wrongRole.status).toBe(403);
    const above = await staff(`/returns/${id}/refund?storeCode=lt`, {
      amountCents: unit!.price_incl_tax + 1,
      reason: 'Grąžinta',
    });
    expect(above.status).toBe(400);
    expect(JSON.stringify(above.body)).toContain('amountCents');
    expect((await staff(`/returns/${id}/refund`, { amountCents: -1, reason: 'x' })).status).toBe(400);

    const made = await staff(`/returns/${id}/refund`, {
      amountCents: unit!.price_incl_tax,
      reason: 'Atsisakyta',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.result.refund).toMatchObject({ total_cents: unit!.price_incl_tax, return_id: id });
    expect(made.body.result.refund.parts.lines).toEqual([
      expect.objectContaining({ lineId: phone, qty: 1, gross: unit!.price_incl_tax }),
    ]);
    expect(made.body.result.creditNote).toMatch(/^VITK-\d{6}$/);
    detail = (await staff(`/returns/${id}`)).body.result;
    expect(detail.refund).toMatchObject({ proposal_cents: 0, refund: { total_cents: unit!.price_incl_tax } });
    expect((await staff(`/returns/${id}/refund`, { amountCents: 1, reason: 'again' })).status).toBe(409);
  });

  it('a return of everything left brings the shipping back; a lowered amount is refunded as an amount', async () => {
    // a small order: its shipping is charged (no free-shipping threshold reached)
    await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = 'ACC-3001'");
    const o = await paidOrder('refund-all@example.com', [['ACC-3001', 2]]);
    const [phone] = await itemIds(o.id);
    const id = await receivedReturn(o.id, [{ item_id: phone!, qty: 2 }]);
    await staff(`/returns/${id}/transition`, { action: 'receive' });
    const detail = (await staff(`/returns/${id}`)).body.result;
    expect(o.shipping).toBeGreaterThan(0);
    expect(detail.refund).toMatchObject({ proposal_cents: o.grandTotal, shipping: true });
    const lowered = await staff(`/returns/${id}/refund`, {
      amountCents: o.grandTotal - 500,
      reason: 'Sugadinta pakuotė',
    });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.result.refund).toMatchObject({ total_cents: o.grandTotal - 500 });
    expect(lowered.body.result.refund.parts).toMatchObject({ amount: o.grandTotal - 500, lines: [] });
  });
});

describe('personal data', () => {
  it('a customer downloads everything held about them, as JSON', async () => {
    const c = await customer(api, 'exporter');
    const o = await place({ token: c.accessToken, email: c.email });
    await api.database.query(
      `INSERT INTO newsletter_subscribers (email, status, confirm_code) VALUES ($1, 'subscribed', 'x')`,
      [c.email],
    );
    await api.database.query(
      `INSERT INTO contact_messages (name, email, phone, message) VALUES ('Jonas', $1, '+37060000001', 'Labas')`,
      [c.email],
    );
    expect((await api.call('/vsbridge/user/privacy/export')).status).toBe(401);
    const r = await api.call({ url: '/vsbridge/user/privacy/export', headers: bearer(c.accessToken) });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-disposition'])).toMatch(/attachment; filename="my-data-/);
    const data = r.body.result.data;
    expect(data.customers[0]).toMatchObject({ email: c.email });
    expect(data.customers[0]).not.toHaveProperty('password_hash');
    expect(data.orders.map((x: { increment_id: string }) => x.increment_id)).toEqual([o.orderNumber]);
    expect(data.newsletter_subscribers[0].email).toBe(c.email);
    expect(data.contact_messages[0].phone).toBe('+37060000001');
    expect(data.outbox.length).toBeGreaterThan(0);
    const [logged] = await api.database.query<{ kind: string; requested_by: string }>(
      'SELECT kind, requested_by FROM privacy_requests ORDER BY id DESC LIMIT 1',
    );
    expect(logged).toMatchObject({ kind: 'export', requested_by: 'customer' });
  });

  it('erasure keeps the invoice as it was and leaves no personal data anywhere else (every table, every text column)', async () => {
    const c = await customer(api, 'eraser');
    const email = c.email;
    const o = await place({ token: c.accessToken, email });
    const guest = await place({ email }); // a guest order with the same e-mail is the same person
    const [phone] = await itemIds(o.id);
    await api.call({
      method: 'POST',
      url: '/vsbridge/withdrawal',
      headers: bearer(c.accessToken),
      payload: { number: o.orderNumber, lines: [{ item_id: phone, qty: 1 }], confirm: true },
    });
    await api.database.query(
      `INSERT INTO newsletter_subscribers (email, status, confirm_code) VALUES ($1, 'subscribed', 'x')`,
      [email],
    );
    await api.database.query(
      `INSERT INTO stock_notifications (email, sku, product_id) VALUES ($1, 'PHN-2001', 1)`,
      [email],
    );
    await api.database.query(
      `INSERT INTO contact_messages (name, email, phone, message) VALUES ('Jonas Eraseraitis', $1, '+37069999999', 'x')`,
      [email],
    );
    await api.database.query(
      `INSERT INTO reviews (order_id, title, detail, nickname) VALUES ($1, 't', 'd', 'Eraseraitis')`,
      [o.id],
    );
    // a cash-on-delivery order is invoiced at handover to the carrier
    for (const action of ['confirm', 'ship'])
      expect(
        (await staff(`/orders/${guest.id}/transition`, { action, carrier: 'dpd', trackingNumber: 'T1' }))
          .status,
      ).toBe(200);
    const invoiceUrl = `/vsbridge/order/invoice?number=${guest.orderNumber}&orderToken=${encodeURIComponent(guest.orderToken)}`;
    const invoiceBefore = await api.call(invoiceUrl);
    expect(invoiceBefore.status).toBe(200);
    const textBefore = await pdfText(invoiceBefore.res.rawPayload);

    const wrong = await api.call({
      method: 'POST',
      url: '/vsbridge/user/privacy/erase?storeCode=en',
      headers: bearer(c.accessToken),
      payload: { password: 'nope' },
    });
    expect(wrong.status).toBe(403);
    const erased = await api.call({
      method: 'POST',
      url: '/vsbridge/user/privacy/erase',
      headers: bearer(c.accessToken),
      payload: { password: 'correct horse 1' },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.result.summary).toMatchObject({
      customers: 1,
      orders: 2,
      newsletter_subscribers: 1,
      contact_messages: 1,
      reviews: 1,
    });
    // the account is gone: its token opens nothing
    expect(
      (await api.call({ url: '/vsbridge/user/privacy/export', headers: bearer(c.accessToken) })).status,
    ).toBe(401);

    // the invoice: the same document (the order's accounting part is kept)
    const invoiceAfter = await api.call(invoiceUrl);
    expect(invoiceAfter.status).toBe(200);
    expect(await pdfText(invoiceAfter.res.rawPayload)).toBe(textBefore);

    // no trace of the person in any table but the orders' retained columns
    const retained = new Set(['orders.email', 'orders.billing_address', 'orders.personal_details']);
    const columns = await api.database.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type IN ('text', 'jsonb', 'json', 'character varying')`,
    );
    const found: string[] = [];
    for (const col of columns) {
      if (retained.has(`${col.table_name}.${col.column_name}`)) continue;
      const hits = await api.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${col.table_name}" WHERE position($1 in lower("${col.column_name}"::text)) > 0
           OR position('eraseraitis' in lower("${col.column_name}"::text)) > 0 OR position('37069999999' in "${col.column_name}"::text) > 0`,
        [email.toLowerCase()],
      );
      if (hits[0]!.n > 0) found.push(`${col.table_name}.${col.column_name}`);
    }
    expect(found).toEqual([]);
    const [order] = await api.database.query<{
      customer_id: number | null;
      shipping_address: Record<string, unknown>;
      anonymised_at: Date | null;
    }>('SELECT customer_id, shipping_address, anonymised_at FROM orders WHERE id = $1', [o.id]);
    expect(order).toMatchObject({ customer_id: null, shipping_address: { countryId: 'LT' } });
    expect(order!.anonymised_at).not.toBeNull();
  });

  it('the staff export and erase a guest by e-mail, audited without the e-mail', async () => {
    const email = 'guest-gdpr@example.com';
    const o = await place({ email });
    const exported = await staff(`/privacy/export?email=${encodeURIComponent(email)}`);
    expect(exported.status).toBe(200);
    expect(exported.body.result.data.orders[0].increment_id).toBe(o.orderNumber);
    expect((await staff('/privacy/erase', { email })).status).toBe(400); // confirm required
    const erased = await staff('/privacy/erase', { email, confirm: true });
    expect(erased.body.result.summary.orders).toBe(1);
    const audit = await api.database.query<{ action: string; target: string; details: unknown }>(
      "SELECT action, target, details FROM staff_audit_log WHERE action LIKE 'privacy.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(['privacy.export', 'privacy.erase']);
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(
      (await staff(`/privacy/export?email=${encodeURIComponent(email)}`)).body.result.data.outbox,
    ).toEqual([]);
  });
});
