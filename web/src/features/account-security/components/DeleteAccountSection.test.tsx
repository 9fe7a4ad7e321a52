import { ACCOUNT_DELETION_MESSAGES } from '@crucible/proto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

type Answer = { status: number; body?: unknown };

/**
 * The Security page of a signed-in member whose deletion requests `deleteAccount` answers; the
 * service is configured with `graceDays` and the member has a password and perhaps passkeys.
 */
function securityPageWith(
  deleteAccount: (body: unknown) => Answer,
  options: { graceDays?: number; hasPasskeys?: boolean; passkeyOptions?: () => Answer } = {},
) {
  let signedIn = true;
  stubApi({
    'GET /api/auth/account/deletion': () => ({
      status: 200,
      body: { graceDays: options.graceDays ?? 7, hasPassword: true, hasPasskeys: options.hasPasskeys ?? false },
    }),
    'POST /api/auth/account/delete/passkey-options': () => options.passkeyOptions?.() ?? { status: 500 },
    'GET /api/auth/user': () => (signedIn ? { status: 200, body: aMember() } : { status: 401 }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/auth/two-factor': () => ({
      status: 200,
      body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, setupRequired: false, available: true },
    }),
    'GET /api/auth/sessions': () => ({ status: 200, body: [] }),
    'GET /api/auth/passkeys': () => ({ status: 200, body: [] }),
    'POST /api/auth/account/delete': ({ body }) => {
      const answer = deleteAccount(body);
      if (answer.status === 200) signedIn = false;
      return answer;
    },
  });
  renderApp('/settings/security');
}

async function confirmWith(password: string, typed: string) {
  await userEvent.type(await screen.findByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm by typing DELETE/), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('deleting one’s account', () => {
  it('states the grace period the service is configured with, and what stays, before anything is sent', async () => {
    securityPageWith(() => ({ status: 500 }), { graceDays: 30 });
    expect(await screen.findByText(/After 30 days it is deleted for good/)).toBeTruthy();
    expect(screen.getByText(/Sign in within 30 days and your account is restored/)).toBeTruthy();
    expect(screen.queryByText(/7 days/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
  });

  it('offers a passkey to a member who has one, and asks the service for a deletion challenge with only the typed word', async () => {
    let challenges = 0;
    const sent: unknown[] = [];
    securityPageWith(
      (body) => {
        sent.push(body);
        return { status: 200 };
      },
      {
        hasPasskeys: true,
        passkeyOptions: () => {
          challenges += 1;
          return { status: 400, body: { statusCode: 400, message: ACCOUNT_DELETION_MESSAGES.noPasskeys } };
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm with a passkey' }));
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.confirmationWrong)).toBeTruthy();
    expect(challenges).toBe(0);

    await userEvent.type(screen.getByLabelText(/^Confirm by typing DELETE/), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm with a passkey' }));
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.noPasskeys)).toBeTruthy();
    expect(challenges).toBe(1);
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Use my password instead' }));
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy();
  });

  it('asks for the typed word and sends nothing without it', async () => {
    const sent: unknown[] = [];
    securityPageWith((body) => {
      sent.push(body);
      return { status: 200 };
    });
    await confirmWith('my passphrase', 'delete');
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.confirmationWrong)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the service's refusal of a wrong password", async () => {
    securityPageWith(() => ({
      status: 400,
      body: { statusCode: 400, message: ACCOUNT_DELETION_MESSAGES.passwordIncorrect },
    }));
    await confirmWith('not my passphrase', 'DELETE');
    expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.passwordIncorrect)).toBeTruthy();
  });

  it('sends the password and the word, then signs the member out to the sign-in page, which says what happens next', async () => {
    const sent: unknown[] = [];
    securityPageWith((body) => {
      sent.push(body);
      return {
        status: 200,
        body: { message: ACCOUNT_DELETION_MESSAGES.scheduled, erasureAt: '2026-12-04T12:00:00.000Z' },
      };
    });
    await confirmWith('my passphrase', 'DELETE');
    expect(await screen.findByText(/Your account is deactivated and will be deleted on .*2026/)).toBeTruthy();
    expect(sent).toEqual([{ password: 'my passphrase', confirmation: 'DELETE' }]);
  });
});
