/**
 * Oversized request bodies. Fastify refuses a body above the route's limit
 * (FST_ERR_CTP_BODY_TOO_LARGE) as soon as it knows: from the declared length, before reading any of
 * it, or midway through a chunked body. It then answers 413 with `Connection: close`, and Node
 * closes the socket while the client is still sending: the rest of the body meets a closed socket,
 * the kernel answers with a reset, and a client that sends its whole request before reading (most
 * blocking clients; any client on a slow link) sees "connection reset" or "broken pipe", never the
 * 413. So the rest of the body is read and thrown away first, then the 413 goes out and the
 * connection closes cleanly.
 */
import type { FastifyError, FastifyRequest } from 'fastify';

/**
 * At most this much of an oversized body is read and discarded so that the client can read the 413.
 * Beyond it the answer goes out at once and the connection is dropped: a client sending that much to
 * a refusing server is not owed the courtesy, and the bytes would only cost bandwidth.
 */
export const OVERSIZED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;

/** requests drained already: the hook may be registered twice (the API's, the storefront's) */
const drained = new WeakSet<object>();

/**
 * `onError` hook: lets an oversized body finish arriving (up to the drain cap) before the 413. A
 * callback hook: every other error (each refusal of the API) passes it in the same turn, without the
 * promise and the microtask an async hook costs.
 */
export function drainOversizedBody(
  req: FastifyRequest,
  _reply: unknown,
  error: FastifyError,
  done: () => void,
): void {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return done();
  const raw = req.raw;
  if (raw.complete || raw.destroyed || drained.has(raw)) return done();
  drained.add(raw);
  if (Number(raw.headers['content-length']) > OVERSIZED_BODY_DRAIN_BYTES) return done();
  let read = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    raw.off('data', onData);
    raw.off('end', finish);
    raw.off('error', finish);
    raw.off('close', finish);
    done();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > OVERSIZED_BODY_DRAIN_BYTES) finish();
  };
  raw.on('data', onData);
  raw.once('end', finish);
  raw.once('error', finish);
  raw.once('close', finish);
  raw.resume();
}
