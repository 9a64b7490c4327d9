/**
 * database-thread-exit.test.ts runs this: the shop's database opened as `npm start` opens it (in its
 * thread, PGLITE_THREAD=1), then the thread ended as a crash would end it. Nothing else keeps this
 * process alive: without the shop's handler it would end with code 0.
 */
import Fastify from 'fastify';
import { threadOf } from '@vitrina/db/testing';
import { openShopDatabase } from '../src/bootstrap.ts';
import { loadServerConfig } from '../src/config.ts';

const config = {
  ...loadServerConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', PGLITE_THREAD: '1' }),
  dataDir: 'memory://',
};
const database = await openShopDatabase(config, Fastify({ logger: true }).log);
await database.query('SELECT 1');
console.log('database open');
await threadOf(database)!.terminate();
