import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  connectBlobStore,
  createDevMailbox,
  createHttpApp,
  createRateLimit,
  createSessionLookup,
  createSmtpMailer,
  createTokenVerifier,
  openServiceStore,
  type Cache,
  type RunningService,
  type ServiceDeps,
} from '@crucible/platform';
import type { AuthConfig } from './config.ts';
import { authEvents } from './events.ts';
import { PrismaClient } from './generated/prisma/client.ts';
import { loopbackOnly } from './http/loopback-only.ts';
import { registerDataExportRoutes } from './http/data-export-routes.ts';
import { registerAuthRoutes } from './http/routes.ts';
import { lazyDevIdentityProvider } from './oidc/dev-identity-provider.ts';
import { createOidcLogin, type OidcLogin } from './oidc/oidc-login.ts';
import { createPasswordHasher } from './passwords.ts';
import { createAccessTokenSigner } from './signing-keys.ts';
import { ensureInitialAdmin } from './use-cases/accounts.ts';
import { eraseAccountsPastGrace } from './use-cases/account-deletion.ts';
import { createMailSender } from './use-cases/mail-sender.ts';
import { AUTH_SCHEMA, type AuthContext, type AuthRateLimits } from './use-cases/context.ts';
import { createDataExportBuilder } from './use-cases/data-exports.ts';
import { findSessionPrincipal } from './use-cases/sessions.ts';

export const AUTH_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));
export const DEV_IDENTITY_PROVIDER_PATH = '/api/auth/oidc';

export type AuthDeps = ServiceDeps;

function createRateLimits(cache: Cache, config: AuthConfig): AuthRateLimits {
  const durationSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  return {
    signInPerIp: createRateLimit(cache, {
      name: 'signin-ip',
      points: config.RATE_LIMIT_SIGNIN_PER_IP,
      durationSeconds,
    }),
    signInFailuresPerAccount: createRateLimit(cache, {
      name: 'signin-failures-account',
      points: config.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      durationSeconds,
    }),
    signInFailuresPerAccountAndIp: createRateLimit(cache, {
      name: 'signin-failures-account-ip',
      points: config.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT_AND_IP,
      durationSeconds,
    }),
    signUpPerIp: createRateLimit(cache, {
      name: 'signup-ip',
      points: config.RATE_LIMIT_SIGNUP_PER_IP,
      durationSeconds,
    }),
    passwordResetPerIp: createRateLimit(cache, {
      name: 'reset-ip',
      points: config.RATE_LIMIT_PASSWORD_RESET_PER_IP,
      durationSeconds,
    }),
    passwordResetPerAccount: createRateLimit(cache, {
      name: 'reset-account',
      points: config.RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT,
      durationSeconds,
    }),
    twoFactorFailuresPerAccount: createRateLimit(cache, {
      name: 'two-factor-failures-account',
      points: config.RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT,
      durationSeconds,
    }),
  };
}

/**
 * External sign-in: the configured provider, else (outside production) the development provider
 * served by this service itself, so one-machine mode has a real OIDC login too.
 */
function externalSignIn(config: AuthConfig, cache: Cache) {
  const redirectUri = `${config.PUBLIC_URL}/api/callback`;
  if (config.EXTERNAL_SIGN_IN === 'off') return { login: undefined, devProvider: undefined };
  if (config.OIDC_ISSUER_URL) {
    return {
      login: createOidcLogin({
        issuerUrl: config.OIDC_ISSUER_URL,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        redirectUri,
        cache,
      }),
      devProvider: undefined,
    };
  }
  if (config.NODE_ENV === 'production') return { login: undefined, devProvider: undefined };
  const issuerUrl = `${config.PUBLIC_URL}${DEV_IDENTITY_PROVIDER_PATH}`;
  const clientSecret = randomBytes(24).toString('base64url');
  return {
    login: createOidcLogin({
      issuerUrl,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret,
      redirectUri,
      cache,
      development: true,
    }),
    devProvider: lazyDevIdentityProvider({
      issuer: issuerUrl,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret,
      redirectUris: [redirectUri],
    }),
  };
}

export async function createAuthService(
  config: AuthConfig,
  deps: AuthDeps,
): Promise<RunningService & { context: AuthContext; oidc: OidcLogin | undefined }> {
  const { logger, bus, cache } = deps;
  // First, so a bad blob store stops start-up before anything is opened that would need closing.
  const blobs = await connectBlobStore(config);
  const store = await openServiceStore({
    config,
    deps,
    schema: AUTH_SCHEMA,
    migrationsDir: AUTH_MIGRATIONS_DIR,
    openClient: (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
    requireEvents: true,
  });
  const { prisma, relay } = store;
  // A key that cannot be read or stored stops start-up with nothing left open.
  const signer = await createAccessTokenSigner({
    prisma,
    configuredKey: config.AUTH_SIGNING_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const mailer =
    deps.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
      : createDevMailbox({ logger }));
  const mailSender = createMailSender({ prisma, mailer, config, logger });
  const ctx: AuthContext = {
    config,
    prisma,
    cache,
    bus,
    signer,
    mailer,
    mailSender,
    relay,
    logger,
    hasher: createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, iterations: config.ARGON2_ITERATIONS }),
    limits: createRateLimits(cache, config),
  };
  const loadSession = createSessionLookup(cache, bus, (sessionId) => findSessionPrincipal(ctx, sessionId));
  const verifier = createTokenVerifier({
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    loadKeys: async () => signer.jwks(),
    loadSession,
  });
  const external = externalSignIn(config, cache);
  const exportBuilder = createDataExportBuilder({ auth: ctx, bus, blobs: blobs.store });
  const exportsCtx = { auth: ctx, bus, blobs: blobs.store, builder: exportBuilder };

  const app = createHttpApp({
    service: 'auth',
    logger,
    collectProcessMetrics: deps.collectProcessMetrics,
    metricsToken: config.METRICS_TOKEN,
    gatewaySecret: config.GATEWAY_SECRET,
    readiness: () => [
      ...store.readiness,
      { name: 'cache', check: () => cache.isHealthy() },
      { name: 'blobs', check: () => blobs.store.isHealthy() },
    ],
    routes: (router) => {
      if (external.devProvider) router.use(DEV_IDENTITY_PROVIDER_PATH, loopbackOnly, external.devProvider);
      registerAuthRoutes(router, { ctx, verifier, oidcLogin: external.login });
      registerDataExportRoutes(router, { ctx: exportsCtx, verifier });
    },
  });

  await store.start(authEvents(ctx, bus, signer));
  mailSender.start();
  exportBuilder.start();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureInitialAdmin(ctx, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info({ email: config.ADMIN_EMAIL, outcome }, 'initial admin checked');
  }

  // Every replica looks; each account is erased by the one transaction that still finds it due.
  const erasureSweep = setInterval(() => {
    eraseAccountsPastGrace(ctx).catch((error: unknown) =>
      logger.warn({ err: error }, 'the erasure of accounts past their grace period failed; the next pass retries'),
    );
  }, config.ACCOUNT_ERASURE_INTERVAL_SECONDS * 1000).unref();
  return {
    name: 'auth',
    app,
    context: ctx,
    oidc: external.login,
    components: [
      blobs.report,
      { component: 'mail', kind: mailer.kind, location: mailer.location },
      {
        component: 'oidc',
        kind:
          external.login && config.OIDC_ISSUER_URL ? 'external' : external.devProvider ? 'dev-provider' : 'disabled',
        location:
          (external.login && config.OIDC_ISSUER_URL) ||
          (external.devProvider
            ? `${config.PUBLIC_URL}${DEV_IDENTITY_PROVIDER_PATH} (this machine only; never opens accounts with a password or admin rights)`
            : '-'),
      },
    ],
    async stop() {
      clearInterval(erasureSweep);
      await mailSender.stop();
      await exportBuilder.stop();
      await store.close();
    },
  };
}
