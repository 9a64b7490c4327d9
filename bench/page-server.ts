/**
 * Pages the bench serves itself (the Lighthouse warm-up's, the interactions' floors) on 127.0.0.1 and a
 * free port, each answer as it is: no cache, no service worker.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  origin: string;
  close: () => Promise<void>;
}

export async function servePages(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<PageServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
