import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Small first-load JS: no inline source maps, modern targets only.
    target: 'es2022',
    cssCodeSplit: false,
  },
  server: {
    // In dev the API runs elsewhere (the lead's Fastify process); proxy its paths.
    proxy: {
      '/vsbridge': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/api/url': process.env.API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
