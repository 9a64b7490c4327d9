import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * @vitrina/domain is pure (no I/O, no import-time effects) but does not declare `sideEffects:
 * false`, so a bundler keeps modules it cannot prove pure, such as its zod schemas. Declaring it
 * here lets the client bundle drop what the storefront does not import (zod included).
 */
function domainIsPure(): Plugin {
  return {
    name: 'vitrina:domain-is-pure',
    transform(code, id) {
      if (/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id))
        return { code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [domainIsPure(), reactRouter()],
  build: {
    target: 'es2022',
  },
  server: {
    // In dev the API may run elsewhere; the lead's server normally serves both.
    proxy: {
      '/vsbridge': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/api/url': process.env.API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
