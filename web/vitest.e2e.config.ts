import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Browser tests: Chromium against the product started as `npm start` starts it; one file at a time, one shared product. */
export default defineProject({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['web/e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
    globalSetup: ['web/e2e/build-web.ts'],
  },
});
