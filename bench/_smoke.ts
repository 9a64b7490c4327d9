import { chromium } from 'playwright-core';
import { startShopProcess } from '/work/wt/preact/bench/shop-process.ts';
const server = await startShopProcess();
const base = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.slice(0,800)));
  for (const p of ['/', '/c/kompiuteriai', '/p/PHN-2988/samsung-galaxy-z-fold5-256gb-black-atn', '/en/search?q=lenovo']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    console.log(p, await page.title());
  }
  await page.getByRole('button', { name: /Add to cart|Į krepšelį/i }).first().click().catch((e) => console.log('click fail', e.message));
  await page.waitForTimeout(2000);
  console.log((await page.locator('body').innerText()).slice(0, 400));
} finally { await browser.close(); await server.close(); }
