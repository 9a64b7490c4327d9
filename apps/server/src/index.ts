export { startServer } from './main.ts';
export { loadServerConfig, type ServerConfig } from './config.ts';
