/**
 * A guest subscriber leaves the newsletter from the e-mail itself: every newsletter e-mail (the
 * confirmation and the coupon) carries a signed one-click unsubscribe link in its text and in its
 * List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058); GET asks to confirm, POST unsubscribes,
 * no account needed; a link made for another address, or changed, does nothing and tells nothing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { OutboxMailer } from '../src/mail/outbox.ts';
import { FileTransport } from '../src/mail/transport.ts';
import { startApi, type TestApi } from './helpers.ts';
import { outbox, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
let mailDir: string;
beforeAll(async () => {
  api = await startApi({
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    PUBLIC_URL: 'https://shop.example',
  });
  mailDir = await mkdtemp(path.join(tmpdir(), 'vitrina-unsub-'));
});
afterAll(async () => {
  await api?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

const status = async (email: string) =>
  (
    await api.database.query<{ status: string }>(
      'SELECT status FROM newsletter_subscribers WHERE email = $1',
      [email],
    )
  )[0]?.status ?? 'none';

/** a guest subscribes in `store` and confirms; answers the two e-mails' rows */
async function subscribedGuest(store: 'lt' | 'en' | 'ru') {
  const email = uniqueEmail(`guest-${store}`);
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/mailer/subscribe?storeCode=${store}`,
    remoteAddress: uniqueAddress(),
    payload: { email },
  });
  expect(r.body.result).toBe('pending');
  const [confirmation] = await outbox(api, { kind: 'mail.newsletter-confirmation', to: email });
  const code = /\/([\w-]+)$/.exec(confirmation?.link ?? '')?.[1] ?? '';
  const ok = await api.call(
    `/vsbridge/mailer/mail-confirmation?email=${encodeURIComponent(email)}&code=${code}`,
  );
  expect(ok.status).toBe(200);
  const [coupon] = await outbox(api, { kind: 'mail.newsletter-coupon', to: email });
  expect(await status(email)).toBe('subscribed');
  return { email, confirmation: confirmation!, coupon: coupon! };
}

/** the link's path and query, as the shop serves it */
const local = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe('https://shop.example');
  return u.pathname + u.search;
};

describe('the newsletter e-mails carry a signed unsubscribe link', () => {
  it.each([
    ['lt', 'Atsisakykite jo čia:'],
    ['en', 'Unsubscribe here:'],
    ['ru', 'Отпишитесь здесь:'],
  ] as const)('in the text of the confirmation and of the coupon e-mail (%s)', async (store, line) => {
    const { email, confirmation, coupon } = await subscribedGuest(store);
    for (const mail of [confirmation, coupon]) {
      const url = mail.payload.unsubscribeUrl as string;
      expect(url).toMatch(
        /^https:\/\/shop\.example\/vsbridge\/mailer\/unsubscribe\?storeCode=\w\w&email=[^&]+&sig=[\w-]{43}$/,
      );
      expect(new URL(url).searchParams.get('email')).toBe(email);
      expect(new URL(url).searchParams.get('storeCode')).toBe(store);
      expect(mail.text).toContain(`${line}\n${url}`);
    }
  });

  it('in the List-Unsubscribe and List-Unsubscribe-Post headers of the e-mail as sent (RFC 8058)', async () => {
    const { email, coupon } = await subscribedGuest('en');
    const mailer = new OutboxMailer(
      api.database,
      loadApiConfig({ MEDIA_DIR: api.mediaDir }),
      new FileTransport(mailDir),
      { warn: () => {}, error: () => {} },
    );
    while ((await mailer.processBatch(50)).sent > 0);
    const files = await Promise.all(
      (await readdir(mailDir)).map((f) => readFile(path.join(mailDir, f), 'utf8')),
    );
    const sent = files.filter((f) => f.includes(email));
    expect(sent).toHaveLength(2);
    const url = coupon.payload.unsubscribeUrl as string;
    for (const eml of sent) {
      const head = eml.slice(0, eml.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const header = /^List-Unsubscribe: (.*)$/m.exec(head)?.[1]?.replace(/\s+/g, '');
      expect(header).toBe(`<${url}>`);
    }
  });
});

describe('the unsubscribe link works without an account', () => {
  it('GET asks to confirm and unsubscribes nobody; POST of its form unsubscribes', async () => {
    const { email, coupon } = await subscribedGuest('lt');
    const link = local(coupon.payload.unsubscribeUrl as string);
    const page = await api.call(link);
    expect(page.status).toBe(200);
    expect(page.res.headers['content-type']).toMatch(/^text\/html/);
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await status(email)).toBe('subscribed');
    const html = page.res.body;
    expect(html).toContain('<html lang="lt">');
    expect(html).toContain(
      `<p>Ar tikrai norite atsisakyti naujienlaiškio adresu <strong>${email}</strong>?</p>`,
    );
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replaceAll('&#38;', '&');
    const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)];
    const body = new URLSearchParams(inputs.map((m) => [m[1]!, m[2]!] as [string, string])).toString();
    expect(body).toBe('List-Unsubscribe=One-Click');
    const done = await api.call({
      method: 'POST',
      url: action!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(done.status).toBe(200);
    expect(done.res.body).toContain('<h1>Naujienlaiškio atsisakėte</h1>');
    expect(await status(email)).toBe('unsubscribed');
  });

  it("a mail client's one-click POST (urlencoded or multipart) unsubscribes", async () => {
    const a = await subscribedGuest('en');
    const urlencoded = await api.call({
      method: 'POST',
      url: local(a.confirmation.payload.unsubscribeUrl as string),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(urlencoded.status).toBe(200);
    expect(await status(a.email)).toBe('unsubscribed');

    const b = await subscribedGuest('ru');
    const boundary = 'xYzBoundary';
    const multipart = await api.call({
      method: 'POST',
      url: local(b.coupon.payload.unsubscribeUrl as string),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.status).toBe(200);
    expect(multipart.res.body).toContain('<html lang="ru">');
    expect(await status(b.email)).toBe('unsubscribed');
  });

  it("another address's, a changed or a made-up link does nothing and answers alike for every address", async () => {
    const victim = await subscribedGuest('en');
    const mine = await subscribedGuest('en');
    const myUrl = new URL(mine.coupon.payload.unsubscribeUrl as string);
    const sig = myUrl.searchParams.get('sig')!;
    const tries = [
      // my signature on the victim's address
      `/vsbridge/mailer/unsubscribe?storeCode=en&email=${encodeURIComponent(victim.email)}&sig=${sig}`,
      // one character changed
      `/vsbridge/mailer/unsubscribe?storeCode=en&email=${encodeURIComponent(mine.email)}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      // an address nobody subscribed
      `/vsbridge/mailer/unsubscribe?storeCode=en&email=${encodeURIComponent(uniqueEmail('nobody'))}&sig=${sig}`,
    ];
    const answers: string[] = [];
    for (const url of tries) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await api.call({ method, url });
        expect(r.status, `${method} ${url}`).toBe(400);
        answers.push(r.res.body);
      }
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!).result).toBe(
      'This unsubscribe link is not valid. Please open the link in the latest e-mail you received.',
    );
    expect(await status(victim.email)).toBe('subscribed');
    expect(await status(mine.email)).toBe('subscribed');

    // a right link of an address that is not (or no longer) subscribed answers as any other
    const gone = await api.call({ method: 'POST', url: myUrl.pathname + myUrl.search });
    expect(gone.status).toBe(200);
    const again = await api.call({ method: 'POST', url: myUrl.pathname + myUrl.search });
    expect(again.res.body).toBe(gone.res.body);
  });

  it('names the field of a malformed link (4xx, never 500)', async () => {
    const noSig = await api.call(
      `/vsbridge/mailer/unsubscribe?email=${encodeURIComponent(uniqueEmail('x'))}`,
    );
    expect(noSig.status).toBe(400);
    expect(noSig.body.errors[0].field).toBe('sig');
    const badEmail = await api.call(`/vsbridge/mailer/unsubscribe?email=nope&sig=${'a'.repeat(43)}`);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors[0].field).toBe('email');
  });
});
