/**
 * Staff accounts kept in the back office: an admin made with `npm run staff` invites a colleague in
 * the browser → the invitation's e-mailed link opens the password page → the colleague sets a
 * password and logs in; the admin then disables the colleague. axe finds nothing on the accounts and
 * password pages, at 1366 and 768 pixels wide, in English and Lithuanian; everything is reached by
 * its label (keyboard and screen-reader names).
 */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { Secret, TOTP } from 'otpauth';
import { addStaff, outbox } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();

const stamp = Date.now().toString(36);
const ADMIN = `owner-${stamp}@shop.lt`;
const COLLEAGUE = `colleague-${stamp}@shop.lt`;
const PASSWORD = 'a long staff password 42';

describe('staff accounts in the back office', () => {
  it('an admin invites a colleague, whose e-mailed link sets a password once; the admin disables them', async () => {
    const made = await addStaff(dataDir, ADMIN, PASSWORD, 'admin');
    expect(made.code, made.output).toBe(0);

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/admin/login`);
    await page.getByLabel('E-mail').fill(ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shopUrl}/en/admin`);
    await page.goto(`${shopUrl}/en/admin/accounts`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'E-mail' }).fill(COLLEAGUE);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('catalog');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(`Invitation sent to ${COLLEAGUE}.`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/staffweb-accounts-en-1366.png', fullPage: true });
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/staffweb-accounts-en-768.png', fullPage: true });
    await page.goto(`${shopUrl}/admin/accounts`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/staffweb-accounts-lt-768.png', fullPage: true });

    const [mail] = await outbox(shopUrl, 'mail.staff-invite', COLLEAGUE);
    expect(mail?.link).toContain('/en/admin/password?token=');
    const invitee = await browser.newPage({ viewport: { width: 768, height: 900 } });
    const inviteeErrors = watchErrors(invitee);
    await invitee.goto(mail!.link!.replace(/^https?:\/\/[^/]+/, shopUrl).replace('/en/admin', '/admin'));
    await expect
      .poll(() => invitee.getByRole('heading', { level: 1 }).textContent())
      .toBe('Nustatykite slaptažodį');
    expect(await axeViolations(invitee)).toEqual([]);
    await invitee.screenshot({ path: '/tmp/staffweb-password-lt-768.png', fullPage: true });
    await invitee.goto(mail!.link!.replace(/^https?:\/\/[^/]+/, shopUrl));
    await invitee.setViewportSize({ width: 1366, height: 900 });
    await invitee.getByLabel('New password (at least 12 characters)').fill('the colleague password 7');
    await invitee.getByLabel('Repeat the password').fill('the colleague password 7');
    await invitee.keyboard.press('Enter');
    await expect
      .poll(() => invitee.getByRole('status').textContent())
      .toBe('Your password is set. You can log in now.');
    expect(await axeViolations(invitee)).toEqual([]);
    // the link works once
    await invitee.goto(mail!.link!.replace(/^https?:\/\/[^/]+/, shopUrl));
    await expect.poll(() => invitee.getByRole('alert').textContent()).toMatch(/expired or was used/);
    await invitee.goto(`${shopUrl}/en/admin/login`);
    await invitee.getByLabel('E-mail').fill(COLLEAGUE);
    await invitee.getByLabel('Password').fill('the colleague password 7');
    await invitee.getByRole('button', { name: 'Log in' }).click();
    await invitee.waitForURL(`${shopUrl}/en/admin/products`);

    await page.goto(`${shopUrl}/en/admin/accounts`);
    await page.getByRole('button', { name: `Disable: ${COLLEAGUE}` }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe(`${COLLEAGUE} is disabled; their sessions ended.`);
    await expect.poll(() => page.getByRole('button', { name: `Enable: ${COLLEAGUE}` }).count()).toBe(1);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${shopUrl}/admin/accounts`);
    await page.screenshot({ path: '/tmp/staffweb-accounts-lt-1366.png', fullPage: true });
    expect(errors).toEqual([]);
    expect(inviteeErrors).toEqual([]);
  });

  it('a staff member sets up a two-factor login; the login then asks for the code after the password', async () => {
    const email = `twofa-${stamp}@shop.lt`;
    expect((await addStaff(dataDir, email, PASSWORD)).code).toBe(0);
    const page = await browser.newPage({ viewport: { width: 768, height: 900 } });
    const errors = watchErrors(page);
    const logIn = async () => {
      await page.goto(`${shopUrl}/en/admin/login`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
    };
    await logIn();
    await page.waitForURL(`${shopUrl}/en/admin`);
    await page.getByRole('link', { name: 'Two-factor login' }).click();
    await page.getByRole('button', { name: 'Set up two-factor login' }).click();
    const secret = (await page.locator('dd code').first().textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/staffweb-2fa-en-768.png', fullPage: true });
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('Code from the app (6 digits)').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Recovery codes' }).count()).toBe(1);
    expect(await page.locator('.admin-codes li').count()).toBe(10);
    expect(await axeViolations(page)).toEqual([]);

    await page.context().clearCookies();
    await logIn();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Enter the code from your authenticator app.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/staffweb-login-code-en-768.png', fullPage: true });
    // the next step's code: the enrolment took the current one, and a code is never accepted twice
    await page
      .getByLabel('Code from the authenticator app (or a recovery code)')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shopUrl}/en/admin`);
    expect(errors).toEqual([]);
  });
});
