import { defineConfig } from 'vitest/config';

/**
 * One runner for the repo. `unit` needs nothing running; `integration` talks to the real
 * PostgreSQL, NATS and Redis named by DATABASE_URL, NATS_URL and REDIS_URL; `web` runs in jsdom;
 * `e2e` drives Chromium against the product started as `npm start` starts it.
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
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/*/src/**/*.int.test.ts', 'gateway/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vitest.config.ts',
      './web/vitest.e2e.config.ts',
    ],
  },
});
