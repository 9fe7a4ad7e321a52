import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Component and unit tests of the web app, in jsdom. Paths are relative to the repo root like the other projects. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('..', import.meta.url)),
    environment: 'jsdom',
    include: ['web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['web/src/test/setup.ts'],
    // Above the 5 s that findBy* may wait (see setup.ts), so a slow render fails with its own message.
    testTimeout: 20_000,
  },
});
