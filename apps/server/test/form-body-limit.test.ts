/**
 * Forms posted to pages are read up to FORM_BODY_LIMIT (64 KiB): before, a form content type passed
 * Fastify's body limit untouched and the page's action buffered whatever came (a 256 MB multipart
 * post to /admin/login answered 200 and took the process from 442 MB to 1 GB). Now a larger form
 * answers 413 with a page the browser shows, in the store view's language, whether its length is
 * declared or it arrives chunked; a form within the limit still reaches its action.
 * The real production build on the real API over a real socket (a client that sends its whole
 * request before reading, as a browser on a slow link does).
 */
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront } from '../src/ssr.ts';

let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const build = await buildStorefront('form-limit');
  removeBuild = build.remove;
  database = await createTestDatabase();
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    ADMIN_TOKEN: 'test-admin-token-0123456789-abcdefghij',
  });
  app = await buildApi({ database, config });
  await registerStorefront(app, {
    buildDir: build.dir,
    apiFetch: createInProcessFetch(app),
    publicUrl: 'http://127.0.0.1',
    formBodyLimit: config.formBodyLimit,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  removeBuild?.();
});

type Answer = { status: number; headers: string; body: string } | { error: string };

/** writes the whole request, then reads the answer (a blocking client) */
function post(path: string, contentType: string, body: Buffer, chunked = false): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const chunks: Buffer[] = [];
    let failed: string | undefined;
    socket.on('error', (err: NodeJS.ErrnoException) => (failed ??= err.code ?? err.message));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      resolve(
        m
          ? { status: Number(m[1]), headers: m[2] ?? '', body: m[3] ?? '' }
          : { error: failed ?? `no answer: ${text.slice(0, 80)}` },
      );
    });
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n${length}\r\nConnection: close\r\n\r\n`;
    const payload = chunked ? inChunks(body) : body;
    socket.write(Buffer.concat([Buffer.from(head), payload]), () => {
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.resume();
    });
  });
}

function inChunks(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < body.length; i += 65_536) {
    const chunk = body.subarray(i, i + 65_536);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

const BOUNDARY = '----vitrina-test-boundary';
/** a multipart form with an e-mail, a password and a field of `padding` bytes */
function multipart(padding: number): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.from(
    field('email', 'nobody@example.com') +
      field('password', 'wrong-password') +
      field('pad', 'x'.repeat(padding)) +
      `--${BOUNDARY}--\r\n`,
  );
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe('a form above FORM_BODY_LIMIT', () => {
  it('a 4 MB multipart login post answers 413 with a page, not the action', async () => {
    const answer = await post('/admin/login', MULTIPART, multipart(4 * 1024 * 1024));
    expect(answer).toMatchObject({ status: 413 });
    const { headers, body } = answer as { headers: string; body: string };
    expect(headers).toMatch(/content-type: text\/html; charset=utf-8/i);
    expect(body).toContain('<html lang="lt">');
    expect(body).toContain('Forma per didelė');
    expect(body).toContain('64 KiB');
  });

  it('a chunked urlencoded post (no declared length) answers 413 too, in the store view of the page', async () => {
    const form = Buffer.from(`email=a%40b.lt&comment=${'y'.repeat(512 * 1024)}`);
    const answer = await post('/en/contact', 'application/x-www-form-urlencoded', form, true);
    expect(answer).toMatchObject({ status: 413 });
    const { body } = answer as { body: string };
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('Form too large');
  });

  it('a body just above 64 KiB is refused; a form within it still reaches the login action', async () => {
    const over = await post('/admin/login', MULTIPART, multipart(64 * 1024));
    expect(over).toMatchObject({ status: 413 });
    const within = await post('/admin/login', MULTIPART, multipart(1000));
    expect(within).toMatchObject({ status: 200 });
    // the action ran: the API refused the credentials and the login page says so
    expect((within as { body: string }).body).toMatch(/nobody@example\.com/);
  });
});
