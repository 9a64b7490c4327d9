import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, outbox, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ EXPOSE_OUTBOX: 'true', MAIL_OUTBOX_INTERVAL_MS: '0', RATE_LIMIT_NEWSLETTER_ADDRESS: '4/3600' });
});
afterAll(async () => api?.close());

/** the stored status (GET /mailer/subscribe answers only the address's owner: see below) */
const status = async (email: string) => {
  const [row] = await api.database.query<{ status: string }>('SELECT status FROM newsletter_subscribers WHERE email = $1', [email]);
  return { code: 200, result: row?.status ?? 'unsubscribed' };
};
const subscribe = (email: string, storeCode = 'en', remoteAddress = uniqueAddress()) =>
  api.call({ method: 'POST', url: `/vsbridge/mailer/subscribe?storeCode=${storeCode}`, remoteAddress, payload: { email } });
const confirmGet = (email: string, code: string, storeCode = 'en') =>
  api.call(`/vsbridge/mailer/mail-confirmation?storeCode=${storeCode}&email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`);

/** the code of the newest confirmation e-mail's link `/newsletter/{email}/{code}` */
async function confirmationCode(email: string): Promise<string> {
  const [mail] = await outbox(api, { kind: 'mail.newsletter-confirmation', to: email });
  const m = /\/newsletter\/([^/]+)\/([\w-]+)$/.exec(mail?.link ?? '');
  expect(m, mail?.link ?? 'no e-mail').not.toBeNull();
  expect(decodeURIComponent(m?.[1] ?? '')).toBe(email);
  return m?.[2] ?? '';
}

describe('newsletter: /mailer/subscribe and /mailer/mail-confirmation', () => {
  it('subscribes as pending with a confirmation e-mail; confirming answers a personal single-use 10 % coupon, once', async () => {
    const shopper = await customer(api, 'news');
    const email = shopper.email;
    expect(await status(email)).toEqual({ code: 200, result: 'unsubscribed' });
    const r = await subscribe(email);
    expect(r.body).toEqual({ code: 200, result: 'pending' });
    expect(await status(email)).toEqual({ code: 200, result: 'pending' });
    const [mail] = await outbox(api, { kind: 'mail.newsletter-confirmation', to: email });
    expect(mail?.subject).toBe('Confirm your newsletter subscription');
    expect(mail?.link).toMatch(new RegExp(`^http://localhost:3000/en/newsletter/${encodeURIComponent(email).replace(/[.]/g, '\\.')}/[\\w-]+$`));
    const code = await confirmationCode(email);
    // the code is stored hashed
    const [row] = await api.database.query<{ confirm_code: string }>('SELECT confirm_code FROM newsletter_subscribers WHERE email = $1', [email]);
    expect(row?.confirm_code).not.toBe(code);

    const wrong = await confirmGet(email, 'not-the-code');
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('This url is not valid or you have already subscribed to our newsletter!');

    const ok = await confirmGet(email, code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result).toEqual({ status: 'subscribed', coupon: { code: expect.stringMatching(/^NEWS10-[0-9A-Z]{10}$/), type: 'percent', value: 10 } });
    const couponCode = ok.body.result.coupon.code as string;
    const [coupon] = await api.database.query<Record<string, unknown>>('SELECT type, value, uses_per_coupon, times_used, is_active FROM coupons WHERE code = $1', [couponCode]);
    expect(coupon).toEqual({ type: 'percent', value: 10, uses_per_coupon: 1, times_used: 0, is_active: true });
    const [couponMail] = await outbox(api, { kind: 'mail.newsletter-coupon', to: email });
    expect(couponMail?.text).toContain(couponCode);
    expect(await status(email)).toEqual({ code: 200, result: 'subscribed' });

    // the link again: refused with the spec's message (lt too)
    const again = await confirmGet(email, code, 'lt');
    expect(again.status).toBe(400);
    expect(again.body.result).toBe('Ši nuoroda negalioja arba jūs jau užsiprenumeravote mūsų naujienlaiškį!');
    // subscribing while subscribed: no new e-mail, and to anyone but the owner the answer of a new address
    expect((await subscribe(email)).body.result).toBe('pending');
    expect(await outbox(api, { kind: 'mail.newsletter-confirmation', to: email })).toHaveLength(1);

    // the coupon works in a cart
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result;
    await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}`, payload: { cartItem: { sku: 'PHN-2001', qty: 1 } } });
    expect((await api.call({ method: 'POST', url: `/vsbridge/cart/apply-coupon?cartId=${cart}&coupon=${couponCode}` })).status).toBe(200);

    // unsubscribe, then subscribe and confirm again: subscribed, but never a second coupon
    const del = await api.call({ method: 'DELETE', url: '/vsbridge/mailer/subscribe', headers: bearer(shopper.accessToken), payload: { email } });
    expect(del.body).toEqual({ code: 200, result: 'unsubscribed' });
    expect((await status(email)).result).toBe('unsubscribed');
    await subscribe(email);
    const post = await api.call({ method: 'POST', url: '/vsbridge/mailer/mail-confirmation', payload: { email, code: await confirmationCode(email) } });
    expect(post.body).toEqual({ code: 200, result: { status: 'subscribed', coupon: null } });
    const coupons = await api.database.query<{ n: number }>("SELECT count(*)::int AS n FROM coupons WHERE code LIKE 'NEWS10-%' AND code IN (SELECT coupon_code FROM newsletter_subscribers WHERE email = $1)", [email]);
    expect(coupons[0]?.n).toBe(1);
    expect(await outbox(api, { kind: 'mail.newsletter-coupon', to: email })).toHaveLength(1);
  });

  it("tells an address's status to its owner only", async () => {
    const owner = await customer(api, 'owner');
    const other = await customer(api, 'other');
    const ask = (email: string, token?: string) =>
      api.call({ url: `/vsbridge/mailer/subscribe?storeCode=en&email=${encodeURIComponent(email)}`, headers: token ? bearer(token) : {} });
    await subscribe(owner.email);
    await confirmGet(owner.email, await confirmationCode(owner.email));

    expect((await ask(owner.email, owner.accessToken)).body).toEqual({ code: 200, result: 'subscribed' });
    expect((await ask(owner.email.toUpperCase(), owner.accessToken)).body.result).toBe('subscribed');
    expect((await ask(other.email, other.accessToken)).body).toEqual({ code: 200, result: 'unsubscribed' });
    const guest = await ask(owner.email);
    expect(guest.status).toBe(401);
    expect(JSON.stringify(guest.body)).not.toContain('subscribed');
    const stranger = await ask(owner.email, other.accessToken);
    expect(stranger.status).toBe(403);
    expect(stranger.body.result).toBe('You can only see the newsletter status of your own e-mail address');
    expect(JSON.stringify(stranger.body)).not.toContain('subscribed');

    // subscribing tells a stranger nothing either; the owner learns the truth
    const strangerSubscribe = await api.call({
      method: 'POST',
      url: '/vsbridge/mailer/subscribe?storeCode=en',
      remoteAddress: uniqueAddress(),
      headers: bearer(other.accessToken),
      payload: { email: owner.email },
    });
    expect(strangerSubscribe.body).toEqual({ code: 200, result: 'pending' });
    const ownerSubscribe = await api.call({
      method: 'POST',
      url: '/vsbridge/mailer/subscribe?storeCode=en',
      remoteAddress: uniqueAddress(),
      headers: bearer(owner.accessToken),
      payload: { email: owner.email },
    });
    expect(ownerSubscribe.body).toEqual({ code: 200, result: 'subscribed' });
    expect(await outbox(api, { kind: 'mail.newsletter-confirmation', to: owner.email })).toHaveLength(1);
  });

  it('a newer subscription replaces the code of the older e-mail', async () => {
    const email = uniqueEmail('twice');
    await subscribe(email);
    const old = await confirmationCode(email);
    await subscribe(email);
    const fresh = await confirmationCode(email);
    expect(fresh).not.toBe(old);
    expect((await confirmGet(email, old)).status).toBe(400);
    expect((await confirmGet(email, fresh)).status).toBe(200);
  });

  it("adds the coupon to a registered customer's loyalty card claims", async () => {
    const c = await customer(api, 'loyal');
    expect((await api.call({ url: '/vsbridge/user/claims', headers: bearer(c.accessToken) })).body).toEqual({ code: 200, result: [] });
    await subscribe(c.email, 'lt');
    const ok = await api.call(`/vsbridge/mailer/mail-confirmation?email=${encodeURIComponent(c.email)}&code=${await confirmationCode(c.email)}`);
    const claims = await api.call({ url: '/vsbridge/user/claims', headers: bearer(c.accessToken) });
    expect(claims.body.result).toEqual([
      { code: ok.body.result.coupon.code, value: '10%', description: 'Naujienlaiškio prenumeratos nuolaida', created_at: expect.any(String) },
    ]);
    expect((await api.call('/vsbridge/user/claims')).status).toBe(401);
  });

  it("unsubscribes an address for its owner only: a guest or another customer cannot take someone's subscription away", async () => {
    const owner = await customer(api, 'leaver');
    const other = await customer(api, 'meddler');
    await subscribe(owner.email);
    await confirmGet(owner.email, await confirmationCode(owner.email));
    const leave = (email: string, token?: string, byQuery = false) =>
      api.call({
        method: 'DELETE',
        url: `/vsbridge/mailer/subscribe?storeCode=en${byQuery ? `&email=${encodeURIComponent(email)}` : ''}`,
        headers: token ? bearer(token) : {},
        ...(byQuery ? {} : { payload: { email } }),
      });

    const guest = await leave(owner.email);
    expect(guest.status).toBe(401);
    const stranger = await leave(owner.email, other.accessToken, true);
    expect(stranger.status).toBe(403);
    expect(stranger.body.result).toBe('You can only unsubscribe your own e-mail address from the newsletter');
    expect((await status(owner.email)).result).toBe('subscribed');

    const own = await leave(owner.email.toUpperCase(), owner.accessToken);
    expect(own.body).toEqual({ code: 200, result: 'unsubscribed' });
    expect((await status(owner.email)).result).toBe('unsubscribed');
  });

  it('validates the e-mail and the confirmation fields, naming them', async () => {
    const bad = await api.call({ method: 'POST', url: '/vsbridge/mailer/subscribe?storeCode=en', payload: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Please provide valid e-mail address.' }]);
    expect((await api.call('/vsbridge/mailer/subscribe')).body.errors[0].field).toBe('email');
    const noEmail = await api.call({ method: 'DELETE', url: '/vsbridge/mailer/subscribe?storeCode=en' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors).toEqual([{ field: 'email', message: 'Field is required' }]);
    const q = await customer(api, 'q');
    const byQuery = await api.call({ method: 'DELETE', url: `/vsbridge/mailer/subscribe?email=${encodeURIComponent(q.email)}`, headers: bearer(q.accessToken) });
    expect(byQuery.body.result).toBe('unsubscribed');
    const noCode = await api.call({ method: 'POST', url: '/vsbridge/mailer/mail-confirmation', payload: { email: uniqueEmail('c') } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.errors[0].field).toBe('code');
    const unknown = await confirmGet(uniqueEmail('never'), 'whatever');
    expect(unknown.body.result).toBe('This url is not valid or you have already subscribed to our newsletter!');
  });

  it('is rate-limited per client address and per e-mail', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 4; i++) expect((await subscribe(uniqueEmail('flood'), 'en', address)).status).toBe(200);
    const refused = await subscribe(uniqueEmail('flood'), 'en', address);
    expect(refused.status).toBe(429);
    expect(refused.body.result).toMatch(/^Too many attempts/);
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(200);
    expect((await subscribe(email)).status).toBe(429);
    expect(await outbox(api, { kind: 'mail.newsletter-confirmation', to: email })).toHaveLength(3);
  });
});
