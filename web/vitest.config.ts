import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { interSubset } from './scripts/vite-inter-subset.ts';

/** Component and unit tests of the web app, in jsdom. Paths are relative to the repo root like the other projects. */
export default defineProject({
  // The app's modules import the font as the build does (jsdom does not load it).
  plugins: [react(), interSubset()],
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
