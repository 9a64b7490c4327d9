import { chromium } from 'playwright-core';
import { startShopProcess } from './shop-process.ts';
const server = await startShopProcess();
const base = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setPauseOnExceptions', { state: 'uncaught' });
  cdp.on('Debugger.paused', async (ev: any) => {
    console.log('PAUSED', ev.reason, ev.data?.description?.slice(0, 100));
    for (const f of ev.callFrames.slice(0, 25)) console.log('  at', f.functionName, f.url.split('/').pop(), f.location.lineNumber + 1, f.location.columnNumber);
    const r: any = await cdp.send('Debugger.evaluateOnCallFrame', { callFrameId: ev.callFrames[2].callFrameId, expression: `(() => { let out=[]; let v=arguments[1]; for (let i=0;v&&i<40;i++){ const t=v.type; out.push(typeof t==='function'?(t.displayName||t.name||'anon'):String(t)); v=v.__; } out.push("SRC "+String(arguments[1].type).slice(0,600)); return out.join(' < '); })()` }).catch((e: any) => ({ err: e.message }));
    console.log('chain', JSON.stringify(r).slice(0, 3000));
    const r2: any = await cdp.send('Debugger.evaluateOnCallFrame', { callFrameId: ev.callFrames[1].callFrameId, expression: `arguments[1].type.toString().slice(0,1500) + ' PROPS ' + Object.keys(arguments[1].props||{}).join(',') + ' ARG2 ' + (arguments[2] && arguments[2].type && (arguments[2].type.name||String(arguments[2].type)))` });
    console.log('args', JSON.stringify(r2));
    await cdp.send('Debugger.resume');
  });
  await page.goto(base + '/c/kompiuteriai', { waitUntil: 'networkidle' });
} finally { await browser.close(); await server.close(); }
