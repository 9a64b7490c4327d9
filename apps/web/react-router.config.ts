import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Tests build into a temporary folder so they never race with the real build.
  buildDirectory: process.env.VITRINA_WEB_BUILD_DIR ?? 'build',
} satisfies Config;
