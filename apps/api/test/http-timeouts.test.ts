/**
 * Slow-loris: a client that sends its request a byte now and then must not hold a connection for
 * long. Fastify turns Node's request timeout off unless told, and Node's own header timeout is a
 * minute, checked every 30 s; now HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS end such a
 * request with 408 and close the connection. `inject` has no socket, so the API listens here.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await startApi({ HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_REQUEST_TIMEOUT_MS: '1200' });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as AddressInfo).port;
});
afterAll(() => api.close());

/** sends `first`, then `next` every `everyMs` until the server closes; answers what came back and when */
function trickle(
  first: string,
  next: string,
  everyMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.write(first);
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded) return;
      socket.write(next);
    }, everyMs);
    // a server that never closes it: given up after 5 s
    const giveUp = setTimeout(() => socket.destroy(), 5000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started });
    });
  });
}

describe('a request that arrives a byte at a time', () => {
  it('headers never finished: 408 and closed within the headers timeout (plus a check interval)', async () => {
    const head = 'GET /vsbridge/store/info HTTP/1.1\r\nHost: 127.0.0.1\r\n';
    const { answer, closedAfterMs } = await trickle(head, 'X-a: b\r\n', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(2000);
  });

  it('a body that trickles in: closed within the request timeout', async () => {
    const head =
      'POST /vsbridge/cart/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const { closedAfterMs } = await trickle(head, ' ', 100);
    expect(closedAfterMs).toBeLessThan(3000);
  });
});

describe('HTTP_HEADERS_TIMEOUT_MS', () => {
  it('defaults to 10 s and may not exceed the request timeout', () => {
    expect(loadApiConfig({}).httpTimeouts).toEqual({ requestMs: 120_000, headersMs: 10_000 });
    expect(() => loadApiConfig({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '2000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });
});
