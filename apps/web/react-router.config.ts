import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest as one module, not a partial one built into every page by matching the
  // URL's prefixes (~1 ms of a rendered page's CPU) and fetched from /__manifest before navigations
  // (docs/decisions/0022-every-route-is-listed-up-front.md).
  routeDiscovery: { mode: 'initial' },
  // Tests build into a temporary folder so they never race with the real build.
  buildDirectory: process.env.VITRINA_WEB_BUILD_DIR ?? 'build',
} satisfies Config;
