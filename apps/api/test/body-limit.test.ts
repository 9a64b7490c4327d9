/**
 * Oversized bodies over a real socket: a client that sends 5 MB of JSON to an
 * endpoint of the 1 MB API_BODY_LIMIT reads a 413 in the API's envelope naming the limit. Before,
 * the API answered and closed the connection while the body was still arriving, so a client that
 * sends its whole request before reading the answer (Python's urllib, curl on a slow link, a browser
 * on a real network) got "connection reset" / "broken pipe" and never saw the 413.
 * `inject` has no socket, so the API listens on 127.0.0.1 here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net, { type AddressInfo } from 'node:net';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as AddressInfo).port;
});
afterAll(() => api.close());

const FIVE_MB = 5 * 1024 * 1024;
/** a JSON body of about `bytes` bytes */
const bigJson = (bytes: number) => JSON.stringify({ cartItem: { sku: 'x', note: 'a'.repeat(bytes) } });

/**
 * An HTTP/1.1 client of the plainest kind: writes the whole request, and only then reads the answer
 * (the socket is not read while sending, as a blocking client does). Answers the status and body, or
 * the socket error that ended it.
 */
function sendThenRead(
  path: string,
  body: string,
  chunked = false,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const chunks: Buffer[] = [];
    let failed: string | undefined;
    socket.on('error', (err: NodeJS.ErrnoException) => (failed ??= err.code ?? err.message));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(text);
      resolve(
        m
          ? { status: Number(m[1]), body: m[2] ?? '' }
          : { error: failed ?? `no answer: ${text.slice(0, 80)}` },
      );
    });
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(body)}`;
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\nConnection: close\r\n\r\n`;
    const payload = chunked ? inChunks(body) : body;
    socket.write(head + payload, () => {
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.resume();
    });
  });
}

/** `text` in the chunked transfer coding, 64 KB a chunk (ASCII text: characters are bytes) */
function inChunks(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 65_536) {
    const chunk = text.slice(i, i + 65_536);
    parts.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
  }
  return `${parts.join('')}0\r\n\r\n`;
}

describe('a body above API_BODY_LIMIT', () => {
  it('reaches a client that sends the whole body before reading: 413 envelope naming the limit', async () => {
    const answer = await sendThenRead('/vsbridge/cart/create', bigJson(FIVE_MB));
    expect(answer).toMatchObject({ status: 413 });
    const body = JSON.parse((answer as { body: string }).body) as { code: number; result: string };
    expect(body.code).toBe(413);
    expect(body.result).toContain('1048576');
  });

  it('reaches it too when the body has no declared length (chunked: refused midway)', async () => {
    const answer = await sendThenRead('/vsbridge/cart/create', bigJson(FIVE_MB), true);
    expect(answer).toMatchObject({ status: 413 });
    expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ code: 413 });
  });

  it('reaches fetch too, in the store view language', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/vsbridge/cart/create?storeCode=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bigJson(FIVE_MB),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 413,
      result: 'The request body is too large: at most 1048576 bytes.',
    });
  });

  it('keeps serving afterwards', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
