import type { CookieOptions, Request, Response, Router } from 'express';
import { z } from 'zod';
import {
  AUTH_COOKIE_NAME, adminUserListQuerySchema, adminUserPatchSchema, requestPasswordResetSchema, resetPasswordRequestSchema,
  setAccessLevelSchema, signInRequestSchema, signUpRequestSchema, userSearchQuerySchema, verifyEmailQuerySchema,
} from '@crucible/proto';
import { NotFoundError, ServiceUnavailableError, authenticate, parseWith, principalOf, requireAdmin, type TokenVerifier } from '@crucible/platform';
import { renderDevMailbox } from '../mailer.ts';
import type { OidcLogin } from '../oidc/oidc-login.ts';
import * as accounts from '../use-cases/accounts.ts';
import * as adminUsers from '../use-cases/admin-users.ts';
import type { AuthContext, RequestMeta } from '../use-cases/context.ts';
import * as directory from '../use-cases/directory.ts';
import { signInWithExternalIdentity } from '../use-cases/external-sign-in.ts';
import type { StartedSession } from '../use-cases/sessions.ts';

const userIdSchema = z.uuid();

function metaOf(req: Request): RequestMeta {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}

/** An id that is not a uuid names no user: 404, not a database error. */
function userIdParam(req: Request): string {
  const parsed = userIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw new NotFoundError('User not found');
  return parsed.data;
}

export function registerAuthRoutes(router: Router, deps: { ctx: AuthContext; verifier: TokenVerifier; oidcLogin?: OidcLogin }): void {
  const { ctx, verifier, oidcLogin } = deps;
  const cookieOptions: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.SECURE_COOKIES ?? ctx.config.PUBLIC_URL.startsWith('https:'),
    path: '/',
  };
  const setSessionCookie = (res: Response, session: StartedSession) => res.cookie(AUTH_COOKIE_NAME, session.token, { ...cookieOptions, expires: session.expiresAt });
  const signedIn = authenticate(verifier, { required: true });
  const maybeSignedIn = authenticate(verifier, { required: false });
  const adminActor = (req: Request) => ({ principal: requireAdmin(req), meta: metaOf(req) });

  router.post('/api/auth/signup', async (req, res) => {
    const { message, emailSent, session } = await accounts.signUp(ctx, parseWith(signUpRequestSchema, req.body), metaOf(req));
    setSessionCookie(res, session);
    res.status(201).json({ message, emailSent, token: session.token });
  });

  router.post('/api/auth/signin', async (req, res) => {
    const { message, session } = await accounts.signIn(ctx, parseWith(signInRequestSchema, req.body), metaOf(req));
    setSessionCookie(res, session);
    res.json({ message, token: session.token });
  });

  router.get('/api/auth/user', signedIn, async (req, res) => {
    res.json(await accounts.currentUser(ctx, principalOf(req).userId));
  });

  router.post('/api/auth/signout', maybeSignedIn, async (req, res) => {
    await accounts.signOut(ctx, req.principal);
    res.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    res.json({ message: 'Signed out' });
  });

  router.post('/api/auth/request-password-reset', async (req, res) => {
    const { message } = await accounts.requestPasswordReset(ctx, parseWith(requestPasswordResetSchema, req.body).email, metaOf(req));
    res.json({ message });
  });

  router.post('/api/auth/reset-password', async (req, res) => {
    res.json(await accounts.resetPassword(ctx, parseWith(resetPasswordRequestSchema, req.body)));
  });

  router.get('/api/auth/verify-email', async (req, res) => {
    const parsed = verifyEmailQuerySchema.safeParse(req.query);
    const verified = parsed.success && (await accounts.verifyEmail(ctx, parsed.data.token));
    res.redirect(303, verified ? '/?verified=1' : '/signin?verified=0');
  });

  router.get('/api/auth/jwks', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(ctx.signer.jwks());
  });

  router.get('/api/auth/dev-mailbox', (req, res) => {
    if (ctx.mailer.kind !== 'dev-mailbox' || ctx.config.NODE_ENV === 'production') throw new NotFoundError();
    const mails = ctx.mailer.recent();
    if (req.accepts(['json', 'html']) === 'html') res.type('html').send(renderDevMailbox(mails));
    else res.json(mails);
  });

  router.get('/api/login', async (_req, res) => {
    if (!oidcLogin) throw new ServiceUnavailableError('External sign-in is not configured');
    res.redirect(302, await oidcLogin.start());
  });

  router.get('/api/callback', async (req, res) => {
    if (!oidcLogin) throw new ServiceUnavailableError('External sign-in is not configured');
    try {
      const identity = await oidcLogin.finish(new URL(req.originalUrl, ctx.config.PUBLIC_URL));
      const session = await signInWithExternalIdentity(ctx, identity, metaOf(req));
      setSessionCookie(res, session);
      res.redirect(302, `/auth/callback?token=${encodeURIComponent(session.token)}`);
    } catch (error) {
      req.log?.warn({ err: error }, 'external sign-in failed');
      const message = error instanceof Error && 'statusCode' in error ? error.message : 'External sign-in failed';
      res.redirect(302, `/signin?error=${encodeURIComponent(message)}`);
    }
  });

  router.get('/api/users/search', signedIn, async (req, res) => {
    res.json(await directory.searchUsers(ctx, parseWith(userSearchQuerySchema, req.query).q));
  });
  router.get('/api/users/count', signedIn, async (_req, res) => {
    res.json(await directory.countUsers(ctx));
  });
  router.get('/api/users/core', signedIn, async (_req, res) => {
    res.json(await directory.listCoreUsers(ctx));
  });

  router.get('/api/admin/users', signedIn, async (req, res) => {
    requireAdmin(req);
    res.json(await adminUsers.listUsers(ctx, parseWith(adminUserListQuerySchema, req.query)));
  });
  router.patch('/api/admin/users/:id', signedIn, async (req, res) => {
    const actor = adminActor(req);
    res.json(await adminUsers.updateUser(ctx, actor, userIdParam(req), parseWith(adminUserPatchSchema, req.body)));
  });
  router.delete('/api/admin/users/:id', signedIn, async (req, res) => {
    await adminUsers.deleteUser(ctx, adminActor(req), userIdParam(req));
    res.status(204).end();
  });
  router.patch('/api/admin/users/:id/access-level', signedIn, async (req, res) => {
    const actor = adminActor(req);
    res.json(await adminUsers.setAccessLevel(ctx, actor, userIdParam(req), parseWith(setAccessLevelSchema, req.body).accessLevel));
  });
  router.post('/api/admin/users/:id/password-reset', signedIn, async (req, res) => {
    res.json(await adminUsers.sendAdminPasswordReset(ctx, adminActor(req), userIdParam(req)));
  });
}
