/**
 * New passwords against the real service: the common-password list at sign-up, reset and change,
 * the change-password call (current password, ending other sessions) and the mail after a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authRoutes as routes, type CallInput } from '@crucible/proto';
import { callsWith, linkIn, type TestCall } from '@crucible/test-kit';
import { TEST_PASSWORD, startAuthHarness, uniqueEmail, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
});

afterAll(async () => {
  await auth?.stop();
});

/** Changes the password as the session of `token`, expecting 200 unless `expect` names another status. */
const changePassword = (token: string, body: CallInput<typeof routes.changePassword>['body'], expect?: number) =>
  call(routes.changePassword, { body, token, expect });

describe('common passwords', () => {
  it.each(['password', '12345678', 'Password1'])('refuses %s at sign-up with a clear message', async (password) => {
    const email = uniqueEmail();
    const refused = await call(routes.signUp, {
      body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
      expect: 400,
    });
    expect(refused.message).toBe(AUTH_MESSAGES.passwordTooCommon);
    expect(await auth.sql('SELECT id FROM users WHERE email = $1', [email])).toEqual([]);
  });

  it('refuses a common password at reset and leaves the link usable', async () => {
    const member = await auth.signUp();
    await call(routes.requestPasswordReset, { body: { email: member.email } });
    const mail = await auth.smtp.waitForMail(member.email, /reset/i);
    const token = new URL(linkIn(mail, `${auth.url}/reset-password?token=`)).searchParams.get('token')!;
    const common = await call(routes.resetPassword, { body: { token, password: 'Password1' }, expect: 400 });
    expect(common.message).toBe(AUTH_MESSAGES.passwordTooCommon);
    await call(routes.resetPassword, { body: { token, password: 'a fresh passphrase' } });
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
    expect(done.message).toBe(AUTH_MESSAGES.passwordChanged);
    await call(routes.currentUser, { token: second });
    const signIn = (password: string, expect?: number) =>
      call(routes.signIn, { body: { email: member.email, password }, expect });
    await signIn(member.password, 401);
    await signIn('a brand new passphrase');
    const mail = await auth.smtp.waitForMail(member.email, /password was changed/i);
    expect(mail.text).toMatch(/If it was not you, reset your password now/);
  });

  it('ends every other session on request, not the caller', async () => {
    const member = await auth.signUp();
    const other = await auth.signIn(member.email, member.password);
    await changePassword(member.token, {
      currentPassword: member.password,
      newPassword: 'another strong passphrase',
      signOutOtherSessions: true,
    });
    await call(routes.currentUser, { token: member.token });
    await call(routes.currentUser, { token: other, expect: 401 });
  });

  it('refuses a wrong current password with 400 and keeps the old password', async () => {
    const member = await auth.signUp();
    const wrong = await changePassword(
      member.token,
      { currentPassword: 'not my password', newPassword: 'another strong passphrase' },
      400,
    );
    expect(wrong.message).toBe(AUTH_MESSAGES.currentPasswordWrong);
    expect(await auth.signIn(member.email, TEST_PASSWORD)).toBeTruthy();
  });

  it('refuses a common new password and asks a signed-out caller to sign in', async () => {
    const member = await auth.signUp();
    const common = await changePassword(
      member.token,
      { currentPassword: member.password, newPassword: '12345678' },
      400,
    );
    expect(common.message).toBe(AUTH_MESSAGES.passwordTooCommon);
    await call(routes.changePassword, {
      body: { currentPassword: member.password, newPassword: 'another strong passphrase' },
      expect: 401,
    });
  });
});
