import { ACCOUNT_DELETION_MESSAGES } from '@crucible/proto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

/** The Security page of a signed-in member whose deletion requests `deleteAccount` answers. */
function securityPageWith(deleteAccount: (body: unknown) => { status: number; body?: unknown }) {
  let signedIn = true;
  stubApi({
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
  it('states the grace period and what stays before anything is sent', async () => {
    securityPageWith(() => ({ status: 500 }));
    expect(await screen.findByText(/After 7 days it is deleted for good/)).toBeTruthy();
    expect(screen.getByText(/Sign in within 7 days and your account is restored/)).toBeTruthy();
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
    expect(await screen.findByText(/Your account is deactivated and will be deleted in 7 days/)).toBeTruthy();
    expect(sent).toEqual([{ password: 'my passphrase', confirmation: 'DELETE' }]);
  });
});
