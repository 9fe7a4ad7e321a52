/**
 * New passwords against the real service: the common-password list at sign-up, reset and change,
 * the change-password call (current password, ending other sessions) and the mail after a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@crucible/proto';
import { linkIn } from '@crucible/platform/testing';
import { TEST_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;

beforeAll(async () => {
  auth = await startAuthHarness();
});

afterAll(async () => {
  await auth?.stop();
});

async function answer(response: Response): Promise<{ status: number; message?: string }> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { status: response.status, message: body.message };
}

const changePassword = (token: string, body: Record<string, unknown>) =>
  auth.request('/api/auth/change-password', { token, json: body });

describe('common passwords', () => {
  it.each(['password', '12345678', 'Password1'])('refuses %s at sign-up with a clear message', async (password) => {
    const email = uniqueEmail();
    const response = await auth.request('/api/auth/signup', {
      json: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(await answer(response)).toEqual({ status: 400, message: AUTH_MESSAGES.passwordTooCommon });
    expect(await auth.sql('SELECT id FROM users WHERE email = $1', [email])).toEqual([]);
  });

  it('refuses a common password at reset and leaves the link usable', async () => {
    const member = await auth.signUp();
    await auth.request('/api/auth/request-password-reset', { json: { email: member.email } });
    const mail = await auth.smtp.waitForMail(member.email, /reset/i);
    const token = new URL(linkIn(mail, `${auth.url}/reset-password?token=`)).searchParams.get('token')!;
    const common = await auth.request('/api/auth/reset-password', { json: { token, password: 'Password1' } });
    expect(await answer(common)).toEqual({ status: 400, message: AUTH_MESSAGES.passwordTooCommon });
    const fine = await auth.request('/api/auth/reset-password', { json: { token, password: 'a fresh passphrase' } });
    expect(fine.status).toBe(200);
    const changed = await auth.smtp.waitForMail(member.email, /password was changed/i);
    expect(changed.text).toContain(`${auth.url}/forgot-password`);
  });
});

describe('change password', () => {
  it('changes the password with the current one, keeps every session by default and mails the member', async () => {
    const member = await auth.signUp();
    const second = await auth.signIn(member.email, member.password);
    const done = await changePassword(member.token, {
      currentPassword: member.password,
      newPassword: 'a brand new passphrase',
    });
    expect(await answer(done)).toEqual({ status: 200, message: AUTH_MESSAGES.passwordChanged });
    expect((await auth.request('/api/auth/user', { token: second })).status).toBe(200);
    const signIn = (password: string) => auth.request('/api/auth/signin', { json: { email: member.email, password } });
    expect((await signIn(member.password)).status).toBe(401);
    expect((await signIn('a brand new passphrase')).status).toBe(200);
    const mail = await auth.smtp.waitForMail(member.email, /password was changed/i);
    expect(mail.text).toMatch(/If it was not you, reset your password now/);
  });

  it('ends every other session on request, not the caller', async () => {
    const member = await auth.signUp();
    const other = await auth.signIn(member.email, member.password);
    const done = await changePassword(member.token, {
      currentPassword: member.password,
      newPassword: 'another strong passphrase',
      signOutOtherSessions: true,
    });
    expect(done.status).toBe(200);
    expect((await auth.request('/api/auth/user', { token: member.token })).status).toBe(200);
    expect((await auth.request('/api/auth/user', { token: other })).status).toBe(401);
  });

  it('refuses a wrong current password with 400 and keeps the old password', async () => {
    const member = await auth.signUp();
    const wrong = await changePassword(member.token, {
      currentPassword: 'not my password',
      newPassword: 'another strong passphrase',
    });
    expect(await answer(wrong)).toEqual({ status: 400, message: AUTH_MESSAGES.currentPasswordWrong });
    expect(await auth.signIn(member.email, TEST_PASSWORD)).toBeTruthy();
  });

  it('refuses a common new password and asks a signed-out caller to sign in', async () => {
    const member = await auth.signUp();
    const common = await changePassword(member.token, { currentPassword: member.password, newPassword: '12345678' });
    expect(await answer(common)).toEqual({ status: 400, message: AUTH_MESSAGES.passwordTooCommon });
    const anonymous = await auth.request('/api/auth/change-password', {
      json: { currentPassword: member.password, newPassword: 'another strong passphrase' },
    });
    expect(anonymous.status).toBe(401);
  });
});
