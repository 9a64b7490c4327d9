/** `npm start`: run the shop until SIGINT/SIGTERM, as `config.workers` processes when it is more than one. */
import cluster from 'node:cluster';
import { runPrimary } from './cluster.ts';
import { loadServerConfig } from './config.ts';
import { startServer } from './main.ts';

const config = loadServerConfig(process.env);
if (cluster.isPrimary && config.workers > 1) {
  await runPrimary(config);
} else {
  const server = await startServer(config);
  if (cluster.isPrimary) server.app.log.info(`Vitrina is serving http://localhost:${server.port}`);
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
}
