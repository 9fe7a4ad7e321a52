import { defineConfig } from 'vitest/config';

/**
 * One runner for the repo. `unit` needs nothing running; `integration` talks to the real
 * PostgreSQL, NATS and Redis named by DATABASE_URL, NATS_URL and REDIS_URL; `web` runs in jsdom;
 * `e2e` drives Chromium against the product started as `npm start` starts it.
 *
 * `unit` and `integration` files share their worker's module graph (isolate: false): most of their
 * time was importing the same services again for each file (unit 177 s -> 44 s, dm's integration
 * files 141 s -> 42 s on this 2-core machine). Each file still opens its own database, namespace and
 * servers, and no test of theirs mocks a module; web tests (jsdom) keep a fresh graph per file.
 */
export default defineConfig({
  test: {
    reporters: ['default', './.ci/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'proto/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'deploy/test/**/*.test.ts',
            'web/scripts/**/*.test.ts',
            'eslint.config.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/*/src/**/*.int.test.ts', 'gateway/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      './web/vitest.config.ts',
      './web/vitest.e2e.config.ts',
    ],
  },
});
