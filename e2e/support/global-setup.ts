/**
 * Starts one shop for the browser journeys: a fresh embedded database in a temporary DATA_DIR,
 * the demo catalogue loaded on first start, on a free port. The journeys read SHOP_URL and DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { serverBundle } from '../../scripts/server-bundle.mjs';
import { LAUNCH_OPTIONS } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the shop exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the shop did not answer ${url}/healthz within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-'));
  // E2E_PORT: a port of the caller's choosing (machines where each runner keeps to its own ports)
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  // the server bundle, as `npm start` runs it (scripts/server-bundle.mjs)
  const child = spawn(process.execPath, [await serverBundle()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // the shop's origin in canonical links and e-mails (production warns when it is unset)
      PUBLIC_URL: url,
      // the account journey reads the password reset e-mail from the outbox (GET /vsbridge/mail/outbox)
      EXPOSE_OUTBOX: 'true',
      // a production shop refuses the exposed outbox unless told twice (apps/api/src/ops/start-checks.ts)
      EXPOSE_OUTBOX_IN_PRODUCTION: 'true',
      // every journey orders from 127.0.0.1, many with one e-mail: the hoarding caps and the order
      // rate limit would refuse the later journeys (they are tested in apps/api/test/stock-hoarding.test.ts)
      ORDERS_OPEN_MAX_PER_CUSTOMER: '0',
      ORDERS_OPEN_MAX_PER_EMAIL: '0',
      ORDERS_OPEN_MAX_PER_ADDRESS: '0',
      RATE_LIMIT_ORDER_ADDRESS: '0',
      // the journeys sign staff in again right after a wrong password on purpose; the growing delay
      // is tested in apps/api/test/staff-login-guard.test.ts
      STAFF_LOGIN_DELAY_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // one Chromium for the whole run, started while the shop boots (the files connect to it: browser.ts)
  const browserServer = chromium.launchServer(LAUNCH_OPTIONS);
  try {
    await waitForHealth(url, child, 240_000);
  } catch (err) {
    await browserServer.then((server) => server.close()).catch(() => {});
    throw err;
  }
  project.provide('shopUrl', url);
  project.provide('dataDir', dataDir);
  project.provide('browserWsEndpoint', (await browserServer).wsEndpoint());

  return async () => {
    await (await browserServer).close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    dataDir: string;
    /** the run's Chromium (chromium.launchServer), which launchBrowser() connects to */
    browserWsEndpoint: string | undefined;
  }
}
