/**
 * The content journey: a catalogue manager made on the command line writes a page in Markdown in
 * the back office (a script and an onerror attribute pasted into it), in Lithuanian and English; the
 * storefront's CMS route shows it without them at 1366x900 and 390x844; unpublished, it answers 404.
 * axe finds nothing on the list, the editor (with a field error) and the page; keyboard only in the form.
 */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { addStaff } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const dataDir = inject('dataDir');
const browser = useBrowser();

const EMAIL = `editor-${Date.now().toString(36)}@shop.lt`;
const PASSWORD = 'a long staff password 42';
const SLUG = `shipping-faq-${Date.now().toString(36)}`;

describe('content in the back office', () => {
  it('a catalogue manager writes a page in Markdown; the shop shows it sanitised, and not once unpublished', async () => {
    const made = await addStaff(dataDir, EMAIL, PASSWORD, 'catalog');
    expect(made.code, made.output).toBe(0);

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${shopUrl}/en/admin/login`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.waitForURL(`${shopUrl}/en/admin/content/pages`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'New item' }).click();
    await page.waitForURL(/\/content\/pages\/new$/);

    // keyboard only: each field is reached with Tab, the form sent with Enter on its button
    await page.getByLabel('Identifier').focus();
    await page.keyboard.type(SLUG);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Shipping FAQ');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bad Slug');
    await page.keyboard.press('Tab');
    await page.keyboard.type(
      '## When does it ship?\n\nWithin **one** working day.\n\n<script>alert(1)</script><img src="/x.png" onerror="alert(2)">',
    );
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Create' }).press('Enter');
    await expect
      .poll(() => page.locator('#slug-error').textContent())
      .toBe('Use lower-case letters, digits and single hyphens only, e.g. delivery-terms.');
    expect(await page.getByLabel('Address (slug)').getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Address (slug)').fill(SLUG);
    await page.getByRole('button', { name: 'Create' }).press('Enter');
    await page.waitForURL(/\/content\/pages\/\d+\?store=en&saved=1$/);
    await page.getByRole('link', { name: 'Lithuanian (lt)' }).click();
    await page.waitForURL(/store=lt$/);
    await page.getByLabel('Title', { exact: true }).fill('Siuntimo DUK');
    await page.getByLabel('Address (slug)').fill(`lt-${SLUG}`);
    await page.getByLabel('Text', { exact: true }).fill('## Kada išsiunčiate?\n\nPer **vieną** darbo dieną.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/store=lt&saved=1$/);
    expect(await axeViolations(page)).toEqual([]);
    const editor = page.url();

    const shop = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    for (const [url, heading] of [
      [`${shopUrl}/en/i/${SLUG}`, 'Shipping FAQ'],
      [`${shopUrl}/i/lt-${SLUG}`, 'Siuntimo DUK'],
    ] as const) {
      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await shop.setViewportSize(viewport);
        expect((await shop.goto(url))?.status()).toBe(200);
        expect(await shop.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        const html = await shop.locator('article.cms').innerHTML();
        expect(html).toContain('<strong>');
        expect(html).not.toMatch(/<script|onerror/i);
        expect(await axeViolations(shop)).toEqual([]);
      }
    }

    await page.goto(editor);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.waitForURL(/saved=1$/);
    expect((await shop.goto(`${shopUrl}/en/i/${SLUG}`))?.status()).toBe(404);
  }, 60_000);
});
