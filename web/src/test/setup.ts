import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait for a condition, not a time: a page whose lazy chunks load slowly on a
// busy machine (CI shares two cores with the database and browsers) still passes; one that never
// renders the thing still fails. The default of one second failed on a loaded run.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
