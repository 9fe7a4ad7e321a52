import type { CookieOptions, Request, Response, Router } from 'express';
import { AUTH_COOKIE_NAME, authRoutes as routes, verifyEmailQuerySchema } from '@crucible/proto';
import {
  BadRequestError,
  NotFoundError,
  ServiceUnavailableError,
  authenticate,
  createRouteMounter,
  principalOf,
  type TokenVerifier,
  renderDevMailbox,
} from '@crucible/platform';
import { loopbackOnly } from './loopback-only.ts';
import type { OidcLogin } from '../oidc/oidc-login.ts';
import * as accounts from '../use-cases/accounts.ts';
import { accountDeletionStatus, deleteOwnAccount } from '../use-cases/account-deletion.ts';
import * as activeSessions from '../use-cases/active-sessions.ts';
import * as adminUsers from '../use-cases/admin-users.ts';
import type { AuthContext, RequestMeta } from '../use-cases/context.ts';
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

function metaOf(req: Request): RequestMeta {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
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
  const adminActor = (req: Request) => ({ principal: principalOf(req), meta: metaOf(req) });

  mount.raw(routes.signUp, async ({ body }, req, res) => {
    const { message, emailSent, session } = await accounts.signUp(ctx, body, metaOf(req));
    if (session) setSessionCookie(res, session);
    res.status(201).json({ message, emailSent, token: session?.token });
  });

  mount.raw(routes.signIn, async ({ body }, req, res) => {
    const outcome = await accounts.signIn(ctx, body, metaOf(req));
    if ('challenge' in outcome) {
      res.json({ message: outcome.message, twoFactorRequired: true, challenge: outcome.challenge });
      return;
    }
    setSessionCookie(res, outcome.session);
    res.json({ message: outcome.message, token: outcome.session.token });
  });

  mount.raw(routes.signInWithTwoFactor, async ({ body }, req, res) => {
    const { message, session } = await twoFactor.signInWithTwoFactor(ctx, body, metaOf(req));
    setSessionCookie(res, session);
    res.json({ message, token: session.token });
  });

  mount.raw(routes.passkeySignInOptions, async (_input, req, res) => {
    res.json(await passkeys.signInOptions(ctx, metaOf(req)));
  });
  mount.raw(routes.signInWithPasskey, async ({ body }, req, res) => {
    const { message, session } = await passkeys.signInWithPasskey(ctx, body, metaOf(req));
    setSessionCookie(res, session);
    res.json({ message, token: session.token });
  });
  mount.raw(routes.listPasskeys, async (_input, req, res) => {
    res.json(await passkeys.listPasskeys(ctx, principalOf(req)));
  });
  mount.raw(routes.passkeyRegistrationOptions, async (_input, req, res) => {
    res.json(await passkeys.registrationOptions(ctx, principalOf(req)));
  });
  mount.raw(routes.addPasskey, async ({ body }, req, res) => {
    res.status(201).json(await passkeys.addPasskey(ctx, principalOf(req), body));
  });
  mount.raw(routes.renamePasskey, async ({ params, body }, req, res) => {
    res.json(await passkeys.renamePasskey(ctx, principalOf(req), params.id, body.name));
  });
  mount.raw(routes.removePasskey, async ({ params }, req, res) => {
    await passkeys.removePasskey(ctx, principalOf(req), params.id);
    res.status(204).end();
  });

  mount.raw(routes.currentUser, async (_input, req, res) => {
    const principal = principalOf(req);
    const [user] = await Promise.all([
      accounts.currentUser(ctx, principal.userId),
      activeSessions.noteSessionSeen(ctx, principal.sessionId),
    ]);
    res.json(user);
  });

  mount.raw(routes.twoFactorStatus, async (_input, req, res) => {
    res.json(await twoFactor.twoFactorStatus(ctx, principalOf(req)));
  });
  mount.raw(routes.startTwoFactorSetup, async (_input, req, res) => {
    res.json(await twoFactor.startTwoFactorSetup(ctx, principalOf(req)));
  });
  mount.raw(routes.enableTwoFactor, async ({ body }, req, res) => {
    res.json(await twoFactor.enableTwoFactor(ctx, principalOf(req), body.code));
  });
  mount.raw(routes.regenerateRecoveryCodes, async ({ body }, req, res) => {
    res.json(await twoFactor.regenerateRecoveryCodes(ctx, principalOf(req), body.code));
  });
  mount.raw(routes.disableTwoFactor, async ({ body }, req, res) => {
    res.json(await twoFactor.disableTwoFactor(ctx, principalOf(req), body));
  });

  mount.raw(routes.listSessions, async (_input, req, res) => {
    res.json(await activeSessions.listSessions(ctx, principalOf(req)));
  });
  mount.raw(routes.endOtherSessions, async (_input, req, res) => {
    res.json(await activeSessions.endOtherSessions(ctx, principalOf(req)));
  });
  mount.raw(routes.endSession, async ({ params }, req, res) => {
    await activeSessions.endSession(ctx, principalOf(req), params.id);
    res.status(204).end();
  });

  mount.raw(
    routes.signOut,
    async (_input, req, res) => {
      await accounts.signOut(ctx, req.principal);
      res.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
      res.json({ message: 'Signed out' });
    },
    { before: [maybeSignedIn] },
  );

  mount.raw(routes.requestPasswordReset, async ({ body }, req, res) => {
    const { message } = await accounts.requestPasswordReset(ctx, body.email, metaOf(req));
    res.json({ message });
  });

  mount.raw(routes.resetPassword, async ({ body }, _req, res) => {
    res.json(await accounts.resetPassword(ctx, body));
  });

  mount.raw(routes.changePassword, async ({ body }, req, res) => {
    res.json(await accounts.changePassword(ctx, principalOf(req), body, metaOf(req)));
  });
  mount.raw(routes.accountDeletionStatus, async (_input, req, res) => {
    res.json(await accountDeletionStatus(ctx, principalOf(req)));
  });
  mount.raw(routes.accountDeletionPasskeyOptions, async (_input, req, res) => {
    res.json(await passkeys.deletionConfirmationOptions(ctx, principalOf(req)));
  });
  mount.raw(routes.deleteOwnAccount, async ({ body }, req, res) => {
    const scheduled = await deleteOwnAccount(ctx, principalOf(req), body, metaOf(req));
    res.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    res.json(scheduled);
  });

  // A broken link is answered like an expired one: the sign-in page says so, not a JSON 400.
  mount.raw(
    routes.verifyEmail,
    async (_input, req, res) => {
      const parsed = verifyEmailQuerySchema.safeParse(req.query);
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

  mount.raw(routes.oidcCallback, async (_input, req, res) => {
    if (!oidcLogin) throw new ServiceUnavailableError('External sign-in is not configured');
    try {
      const callbackUrl = new URL(req.originalUrl, ctx.config.PUBLIC_URL);
      res.clearCookie(OIDC_ATTEMPT_COOKIE, { ...cookieOptions, path: '/api/callback' });
      if (!callbackUrl.searchParams.get('state') || attemptCookieOf(req) !== callbackUrl.searchParams.get('state')) {
        throw new BadRequestError('This sign-in was not started in this browser. Please try again.');
      }
      const { identity, browserState } = await oidcLogin.finish(callbackUrl);
      const session = await signInWithExternalIdentity(ctx, identity, metaOf(req));
      setSessionCookie(res, session);
      const landing = new URLSearchParams({ token: session.token, ...(browserState ? { state: browserState } : {}) });
      res.redirect(302, `/auth/callback?${landing}`);
    } catch (error) {
      req.log?.warn({ err: error, reqId: req.id }, 'external sign-in failed');
      const message = error instanceof Error && 'statusCode' in error ? error.message : 'External sign-in failed';
      res.redirect(302, `/signin?error=${encodeURIComponent(message)}`);
    }
  });

  mount.raw(routes.searchUsers, async ({ query }, req, res) => {
    res.json(await directory.searchUsers(ctx, principalOf(req), query));
  });
  mount.raw(routes.countUsers, async (_input, _req, res) => {
    res.json(await directory.countUsers(ctx));
  });
  mount.raw(routes.coreUsers, async (_input, req, res) => {
    res.json(await directory.listCoreUsers(ctx, principalOf(req)));
  });

  mount.raw(routes.listAdminUsers, async ({ query }, req, res) => {
    res.json(await adminUsers.listUsers(ctx, principalOf(req), query));
  });
  mount.raw(routes.getAdminUser, async ({ params }, req, res) => {
    res.json(await adminUsers.getUser(ctx, principalOf(req), params.id));
  });
  mount.raw(routes.updateAdminUser, async ({ params, body }, req, res) => {
    res.json(await adminUsers.updateUser(ctx, adminActor(req), params.id, body));
  });
  mount.raw(routes.deleteAdminUser, async ({ params }, req, res) => {
    await adminUsers.deleteUser(ctx, adminActor(req), params.id);
    res.status(204).end();
  });
  mount.raw(routes.setAccessLevel, async ({ params, body }, req, res) => {
    res.json(await adminUsers.setAccessLevel(ctx, adminActor(req), params.id, body.accessLevel));
  });
  mount.raw(routes.deactivateAdminUser, async ({ params }, req, res) => {
    res.json(await adminUsers.setActive(ctx, adminActor(req), params.id, false));
  });
  mount.raw(routes.suspendAdminUser, async ({ params, body }, req, res) => {
    res.json(await adminUsers.suspendUser(ctx, adminActor(req), params.id, body));
  });
  mount.raw(routes.reactivateAdminUser, async ({ params }, req, res) => {
    res.json(await adminUsers.setActive(ctx, adminActor(req), params.id, true));
  });
  mount.raw(routes.adminPasswordReset, async ({ params }, req, res) => {
    res.json(await adminUsers.sendAdminPasswordReset(ctx, adminActor(req), params.id));
  });
  mount.raw(routes.getSecurityPolicy, async (_input, req, res) => {
    res.json(await twoFactor.getSecurityPolicy(ctx, principalOf(req)));
  });
  mount.raw(routes.updateSecurityPolicy, async ({ body }, req, res) => {
    res.json(await twoFactor.setSecurityPolicy(ctx, adminActor(req), body));
  });
}
