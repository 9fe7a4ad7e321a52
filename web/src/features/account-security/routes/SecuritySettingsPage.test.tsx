import { AUTH_MESSAGES } from '@crucible/proto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';

function signedInWith(changePassword: (body: unknown) => { status: number; body?: unknown }) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: aMember() }),
    'GET /api/direct-messages/unread-count': () => ({ status: 200, body: { count: 0 } }),
    'POST /api/auth/change-password': ({ body }) => changePassword(body),
    'GET /api/auth/two-factor': () => ({
      status: 200,
      body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, setupRequired: false, available: true },
    }),
    'GET /api/auth/sessions': () => ({ status: 200, body: [] }),
    'GET /api/auth/passkeys': () => ({ status: 200, body: [] }),
  });
}

async function fillIn(current: string, chosen: string, confirmed = chosen) {
  await userEvent.type(await screen.findByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), chosen);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirmed);
}

describe('security settings page', () => {
  it('sends the current and new password with the sign-out choice', async () => {
    const sent: unknown[] = [];
    signedInWith((body) => {
      sent.push(body);
      return { status: 200, body: { message: AUTH_MESSAGES.passwordChanged } };
    });
    renderApp('/settings/security');
    await fillIn('my old passphrase', 'my new passphrase');
    await userEvent.click(screen.getByLabelText('Sign out of all other devices'));
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordChanged)).toBeTruthy();
    expect(sent).toEqual([
      { currentPassword: 'my old passphrase', newPassword: 'my new passphrase', signOutOtherSessions: true },
    ]);
  });

  it("says the passwords don't match and sends nothing", async () => {
    const sent: unknown[] = [];
    signedInWith((body) => {
      sent.push(body);
      return { status: 200 };
    });
    renderApp('/settings/security');
    await fillIn('my old passphrase', 'my new passphrase', 'something else');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDontMatch)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the service's refusal of a common password", async () => {
    signedInWith(() => ({ status: 400, body: { statusCode: 400, message: AUTH_MESSAGES.passwordTooCommon } }));
    renderApp('/settings/security');
    await fillIn('my old passphrase', 'Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooCommon)).toBeTruthy();
  });
});
