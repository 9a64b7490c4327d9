// temporary screenshot helper (not committed)
import { chromium } from 'playwright-core';
const url = process.env.SHOP;
const [email, password] = [process.env.EMAIL, process.env.PASS];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h] of [[1366, 900], [768, 1024]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(`${url}/en/admin/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  for (const lang of ['lt', 'en']) {
    const base = lang === 'lt' ? `${url}/admin` : `${url}/en/admin`;
    for (const [name, path] of [['categories', '/categories'], ['category', '/categories/' + (process.env.CAT ?? '3')], ['category-new', '/categories/new'], ['pickup', '/pickup-points'], ['pickup-point', '/pickup-points/' + (process.env.PP ?? 'omniva-LT-0001')], ['pickup-import', '/pickup-points/import']]) {
      await page.goto(base + path);
      await page.screenshot({ path: `/tmp/b-shots/${name}-${lang}-${w}.png`, fullPage: process.env.FULL === '1' });
    }
  }
  await ctx.close();
}
await browser.close();
