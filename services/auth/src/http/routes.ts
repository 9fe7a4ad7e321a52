import type { CookieOptions, Request, Response, Router } from 'express';
import { AUTH_COOKIE_NAME, authRoutes as routes, verifyEmailQuerySchema } from '@crucible/proto';
import {
  BadRequestError,
  NotFoundError,
  ServiceUnavailableError,
  authenticate,
  createRouteMounter,
  type TokenVerifier,
  renderDevMailbox,
} from '@crucible/platform';
import { loopbackOnly } from './loopback-only.ts';
import type { OidcLogin } from '../oidc/oidc-login.ts';
import * as accounts from '../use-cases/accounts.ts';
import { accountDeletionStatus, deleteOwnAccount } from '../use-cases/account-deletion.ts';
import * as activeSessions from '../use-cases/active-sessions.ts';
import * as adminUsers from '../use-cases/admin-users.ts';
import type { AuthContext } from '../use-cases/context.ts';
import * as directory from '../use-cases/directory.ts';
import * as passkeys from '../use-cases/passkeys.ts';
import { signInWithExternalIdentity } from '../use-cases/external-sign-in.ts';
import type { StartedSession } from '../use-cases/sessions.ts';
import * as twoFactor from '../use-cases/two-factor.ts';

const OIDC_ATTEMPT_COOKIE = 'crucible_oidc_attempt';

function attemptCookieOf(req: Request): string | undefined {
  const prefix = `${OIDC_ATTEMPT_COOKIE}=`;
  return req
    .get('cookie')
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
}

export function registerAuthRoutes(
  router: Router,
  deps: { ctx: AuthContext; verifier: TokenVerifier; oidcLogin?: OidcLogin },
): void {
  const { ctx, verifier, oidcLogin } = deps;
  const mount = createRouteMounter(router, { verifier });
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.SECURE_COOKIES ?? ctx.config.PUBLIC_URL.startsWith('https:'),
    path: '/',
  };
  const setSessionCookie = (res: Response, session: StartedSession) =>
    res.cookie(AUTH_COOKIE_NAME, session.token, { ...cookieOptions, expires: session.expiresAt });
  const maybeSignedIn = authenticate(verifier, { required: false });

  // Sign-in answers set the session cookie: they write their own response.
  mount.raw(routes.signUp, async ({ body, meta }, _req, res) => {
    const { message, emailSent, session } = await accounts.signUp(ctx, body, meta);
    if (session) setSessionCookie(res, session);
    res.status(201).json({ message, emailSent, token: session?.token });
  });

  mount.raw(routes.signIn, async ({ body, meta }, _req, res) => {
    const outcome = await accounts.signIn(ctx, body, meta);
    if ('challenge' in outcome) {
      res.json({ message: outcome.message, twoFactorRequired: true, challenge: outcome.challenge });
      return;
    }
    setSessionCookie(res, outcome.session);
    res.json({ message: outcome.message, token: outcome.session.token });
  });

  mount.raw(routes.signInWithTwoFactor, async ({ body, meta }, _req, res) => {
    const { message, session } = await twoFactor.signInWithTwoFactor(ctx, body, meta);
    setSessionCookie(res, session);
    res.json({ message, token: session.token });
  });

  mount(routes.passkeySignInOptions, ({ meta }) => passkeys.signInOptions(ctx, meta));
  mount.raw(routes.signInWithPasskey, async ({ body, meta }, _req, res) => {
    const { message, session } = await passkeys.signInWithPasskey(ctx, body, meta);
    setSessionCookie(res, session);
    res.json({ message, token: session.token });
  });
  mount(routes.listPasskeys, ({ caller }) => passkeys.listPasskeys(ctx, caller));
  mount(routes.passkeyRegistrationOptions, ({ caller }) => passkeys.registrationOptions(ctx, caller));
  mount(routes.addPasskey, ({ body, caller }) => passkeys.addPasskey(ctx, caller, body));
  mount(routes.renamePasskey, ({ params, body, caller }) => passkeys.renamePasskey(ctx, caller, params.id, body.name));
  mount(routes.removePasskey, ({ params, caller }) => passkeys.removePasskey(ctx, caller, params.id));

  mount(routes.currentUser, ({ caller }) => accounts.currentUser(ctx, caller));

  mount(routes.twoFactorStatus, ({ caller }) => twoFactor.twoFactorStatus(ctx, caller));
  mount(routes.startTwoFactorSetup, ({ caller }) => twoFactor.startTwoFactorSetup(ctx, caller));
  mount(routes.enableTwoFactor, ({ body, caller }) => twoFactor.enableTwoFactor(ctx, caller, body.code));
  mount(routes.regenerateRecoveryCodes, ({ body, caller }) =>
    twoFactor.regenerateRecoveryCodes(ctx, caller, body.code),
  );
  mount(routes.disableTwoFactor, ({ body, caller }) => twoFactor.disableTwoFactor(ctx, caller, body));

  mount(routes.listSessions, ({ caller }) => activeSessions.listSessions(ctx, caller));
  mount(routes.endOtherSessions, ({ caller }) => activeSessions.endOtherSessions(ctx, caller));
  mount(routes.endSession, ({ params, caller }) => activeSessions.endSession(ctx, caller, params.id));

  mount.raw(
    routes.signOut,
    async ({ caller }, _req, res) => {
      await accounts.signOut(ctx, caller);
      res.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
      res.json({ message: 'Signed out' });
    },
    { before: [maybeSignedIn] },
  );

  mount(routes.requestPasswordReset, ({ body, meta }) => accounts.requestPasswordReset(ctx, body.email, meta));
  mount(routes.resetPassword, ({ body }) => accounts.resetPassword(ctx, body));
  mount(routes.changePassword, ({ body, caller }) => accounts.changePassword(ctx, caller, body));

  mount(routes.accountDeletionStatus, ({ caller }) => accountDeletionStatus(ctx, caller));
  mount(routes.accountDeletionPasskeyOptions, ({ caller }) => passkeys.deletionConfirmationOptions(ctx, caller));
  mount.raw(routes.deleteOwnAccount, async ({ body, caller }, _req, res) => {
    const scheduled = await deleteOwnAccount(ctx, caller, body);
    res.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    res.json(scheduled);
  });

  // A broken link is answered like an expired one: the sign-in page says so, not a JSON 400.
  mount.raw(
    routes.verifyEmail,
    async ({ query }, _req, res) => {
      const parsed = verifyEmailQuerySchema.safeParse(query);
      const verified = parsed.success && (await accounts.verifyEmail(ctx, parsed.data.token));
      res.redirect(303, verified ? '/?verified=1' : '/signin?verified=0');
    },
    { parse: false },
  );

  mount.raw(routes.jwks, (_input, _req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(ctx.signer.jwks());
  });

  mount.raw(
    routes.devMailbox,
    (_input, req, res) => {
      if (ctx.mailer.kind !== 'dev-mailbox' || ctx.config.NODE_ENV === 'production') throw new NotFoundError();
      const mails = ctx.mailer.recent();
      if (req.accepts(['json', 'html']) === 'html') res.type('html').send(renderDevMailbox(mails));
      else res.json(mails);
    },
    { before: [loopbackOnly] },
  );

  mount.raw(routes.oidcLogin, async ({ query }, _req, res) => {
    if (!oidcLogin) throw new ServiceUnavailableError('External sign-in is not configured');
    const browserState = query.state;
    const { url, state } = await oidcLogin.start(browserState);
    // Binds the attempt to this browser: a callback link sent to someone else finds no such cookie.
    res.cookie(OIDC_ATTEMPT_COOKIE, state, { ...cookieOptions, path: '/api/callback', maxAge: 10 * 60 * 1000 });
    res.redirect(302, url);
  });

  mount.raw(routes.oidcCallback, async ({ meta }, req, res) => {
    if (!oidcLogin) throw new ServiceUnavailableError('External sign-in is not configured');
    try {
      const callbackUrl = new URL(req.originalUrl, ctx.config.PUBLIC_URL);
      res.clearCookie(OIDC_ATTEMPT_COOKIE, { ...cookieOptions, path: '/api/callback' });
      if (!callbackUrl.searchParams.get('state') || attemptCookieOf(req) !== callbackUrl.searchParams.get('state')) {
        throw new BadRequestError('This sign-in was not started in this browser. Please try again.');
      }
      const { identity, browserState } = await oidcLogin.finish(callbackUrl);
      const session = await signInWithExternalIdentity(ctx, identity, meta);
      setSessionCookie(res, session);
      const landing = new URLSearchParams({ token: session.token, ...(browserState ? { state: browserState } : {}) });
      res.redirect(302, `/auth/callback?${landing}`);
    } catch (error) {
      req.log?.warn({ err: error, reqId: req.id }, 'external sign-in failed');
      const message = error instanceof Error && 'statusCode' in error ? error.message : 'External sign-in failed';
      res.redirect(302, `/signin?error=${encodeURIComponent(message)}`);
    }
  });

  mount(routes.searchUsers, ({ query, caller }) => directory.searchUsers(ctx, caller, query));
  mount(routes.countUsers, () => directory.countUsers(ctx));
  mount(routes.coreUsers, ({ caller }) => directory.listCoreUsers(ctx, caller));

  mount(routes.listAdminUsers, ({ query, caller }) => adminUsers.listUsers(ctx, caller, query));
  mount(routes.getAdminUser, ({ params, caller }) => adminUsers.getUser(ctx, caller, params.id));
  mount(routes.updateAdminUser, ({ params, body, caller }) => adminUsers.updateUser(ctx, caller, params.id, body));
  mount(routes.deleteAdminUser, ({ params, caller }) => adminUsers.deleteUser(ctx, caller, params.id));
  mount(routes.setAccessLevel, ({ params, body, caller }) =>
    adminUsers.setAccessLevel(ctx, caller, params.id, body.accessLevel),
  );
  mount(routes.deactivateAdminUser, ({ params, caller }) => adminUsers.setActive(ctx, caller, params.id, false));
  mount(routes.suspendAdminUser, ({ params, body, caller }) => adminUsers.suspendUser(ctx, caller, params.id, body));
  mount(routes.reactivateAdminUser, ({ params, caller }) => adminUsers.setActive(ctx, caller, params.id, true));
  mount(routes.adminPasswordReset, ({ params, caller }) => adminUsers.sendAdminPasswordReset(ctx, caller, params.id));
  mount(routes.getSecurityPolicy, ({ caller }) => twoFactor.getSecurityPolicy(ctx, caller));
  mount(routes.updateSecurityPolicy, ({ body, caller }) => twoFactor.setSecurityPolicy(ctx, caller, body));
}
