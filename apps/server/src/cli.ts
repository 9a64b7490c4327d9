/** `npm start`: run the shop until SIGINT/SIGTERM. */
import { startServer } from './main.ts';

const server = await startServer();
server.app.log.info(`Vitrina is serving http://localhost:${server.port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error(err);
        process.exit(1);
      },
    );
  });
}
