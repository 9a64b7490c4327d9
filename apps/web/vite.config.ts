import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // @vitrina/domain declares `sideEffects: false`, so the client bundle keeps only what it imports
  // (its zod schemas stay out of the browser unless a form needs them).
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
  },
  server: {
    // In dev the API may run elsewhere; the shop server normally serves both.
    proxy: {
      '/vsbridge': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/api/url': process.env.API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
