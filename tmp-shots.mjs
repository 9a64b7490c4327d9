// temporary (not committed): screenshots and axe of the back office
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[390, 844], [1366, 900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/admin/login');
  await page.screenshot({ path: `/tmp/shots-staff/login-lt-${w}.png`, fullPage: true });
  await page.getByLabel('El. paštas').fill('boss@shop.lt');
  await page.getByLabel('Slaptažodis').fill('admin password 1234');
  await page.getByRole('button', { name: 'Prisijungti' }).click();
  await page.waitForURL(base + '/admin');
  for (const lang of ['lt', 'en']) {
    const p = lang === 'en' ? '/en/admin' : '/admin';
    const orders = await page.evaluate(() => 0);
    for (const [name, path] of [['orders', ''], ['reviews', '/reviews'], ['messages', '/messages'], ['subscribers', '/subscribers'], ['accounts', '/accounts']]) {
      await page.goto(base + p + path);
      await page.screenshot({ path: `/tmp/shots-staff/${name}-${lang}-${w}.png`, fullPage: true });
      await page.evaluate(axeSource);
      const res = await page.evaluate(() => window.axe.run());
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(w, lang, name, 'axe:', res.violations.map((v) => `${v.id}(${v.nodes.length}): ${v.nodes[0]?.target}`).join('; ') || 'clean', 'hscroll', scroll);
    }
    await page.goto(base + p);
    await page.locator('tbody a').first().click();
    await page.waitForSelector('h1');
    await page.screenshot({ path: `/tmp/shots-staff/order-${lang}-${w}.png`, fullPage: true });
    await page.evaluate(axeSource);
    const res = await page.evaluate(() => window.axe.run());
    console.log(w, lang, 'order', 'axe:', res.violations.map((v) => `${v.id}(${v.nodes.length}): ${v.nodes[0]?.target}`).join('; ') || 'clean', 'hscroll', await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
  }
  console.log('errors', errors);
  await ctx.close();
}
await browser.close();
