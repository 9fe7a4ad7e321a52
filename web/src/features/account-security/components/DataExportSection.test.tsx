import type { DataExport } from '@crucible/proto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

const building: DataExport = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-001122334455',
  status: 'running',
  partsDone: 2,
  partsTotal: 6,
  createdAt: '2026-01-05T10:00:00.000Z',
  completedAt: null,
  expiresAt: null,
  sizeBytes: null,
  error: null,
};
const ready: DataExport = {
  ...building,
  status: 'ready',
  partsDone: 6,
  completedAt: '2026-01-05T10:00:05.000Z',
  expiresAt: '2026-01-06T10:00:05.000Z',
  sizeBytes: 48_000,
};

/** The security page with the export answers in `states`, one list answer per poll after a start. */
function securityPageWithExports(states: DataExport[][]) {
  let polls = 0;
  let started = false;
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: aMember() }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/auth/two-factor': () => ({
      status: 200,
      body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, setupRequired: false, available: true },
    }),
    'GET /api/auth/sessions': () => ({ status: 200, body: [] }),
    'GET /api/auth/passkeys': () => ({ status: 200, body: [] }),
    'GET /api/auth/data-exports': () => ({
      status: 200,
      body: started ? states[Math.min(polls++, states.length - 1)] : [],
    }),
    'POST /api/auth/data-exports': () => {
      started = true;
      return { status: 202, body: { ...building, status: 'pending', partsDone: 0 } };
    },
    [`POST /api/auth/data-exports/${building.id}/download-link`]: () => ({
      status: 200,
      body: { url: '#export-download', fileName: 'crucible-data-2026-01-05.zip', linkExpiresAt: ready.expiresAt },
    }),
  });
}

describe('download my data', () => {
  it('starts an export, shows its progress while polling, then asks for a download link', async () => {
    const api = securityPageWithExports([[building], [ready]]);
    renderApp('/settings/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Export My Data' }));
    expect(await screen.findByText('Gathering your data: 2 of 6 parts.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe('33');
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }, { timeout: 5000 }));
    // The page follows the signed link it was given (here an in-page one jsdom can follow).
    await expect.poll(() => window.location.hash).toBe('#export-download');
    expect(api.mock.calls.filter(([input]) => String(input).endsWith('/download-link'))).toHaveLength(1);
  });

  it('offers no new export while one is being built', async () => {
    securityPageWithExports([[building]]);
    renderApp('/settings/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Export My Data' }));
    await screen.findByText('Gathering your data: 2 of 6 parts.');
    expect(screen.getByRole('button', { name: 'Export My Data' }).hasAttribute('disabled')).toBe(true);
  });
});
