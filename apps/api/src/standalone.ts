/**
 * The API on its own (`npm start -w @vitrina/api`): opens the database (PGlite in DATA_DIR, or
 * DATABASE_URL), migrates, and listens on PORT (default 3001). The shop server normally embeds it.
 */
import path from 'node:path';
import { migrate, openDatabase } from '@vitrina/db';
import { buildApi } from './app.ts';
import { loadApiConfig } from './config.ts';
import { assertProductionStart } from './ops/start-checks.ts';

const env = process.env;
const productionWarnings = assertProductionStart(env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR || 'var') });
await migrate(database);
const app = await buildApi({ database, config: loadApiConfig(env), logger: { level: env.LOG_LEVEL || 'info' }, compress: true });
const port = Number(env.PORT || 3001);
await app.listen({ port, host: env.HOST || '0.0.0.0' });
for (const warning of productionWarnings) app.log.warn(warning);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error(err);
          process.exit(1);
        },
      );
  });
}
