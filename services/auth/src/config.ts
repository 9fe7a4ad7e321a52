import { z } from 'zod';
import { ACCOUNT_DELETION, SERVICES } from '@crucible/proto';
import {
  blobStoreConfigSchema,
  configFields,
  databaseServiceFields,
  metricsConfigSchema,
  requireS3Credentials,
  tokenConfigSchema,
} from '@crucible/platform';

/**
 * Per-IP and per-account limits on the credential endpoints (a window of `*_WINDOW_SECONDS`).
 * Sign-in follows OWASP: attempts per address are limited, failures per account and address pair
 * block that pair, and failures per account from any address only slow the account's sign-ins down,
 * so nobody can lock a member out by failing on purpose.
 */
export const authRateLimitConfigSchema = z.object({
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Failures of one account from any address before its sign-ins wait (SIGNIN_SLOWDOWN_*). */
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failures of one account from one address before that pair gets 429 for the rest of the window. */
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().min(1).default(10),
  /** Wrong two-factor codes an account takes per window, from any challenge, before a 429. */
  RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_SLOWDOWN_BASE_MS: z.coerce.number().int().min(0).default(1000),
  SIGNIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).default(10_000),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PASSWORD_RESET_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export const authConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.auth.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(10),
    /** Where members open the product; links in e-mails and OIDC redirects start here. */
    PUBLIC_URL: configFields.url('http://localhost:5000'),
    /** Private Ed25519 JWK (JSON). Without it, auth keeps a generated key in its database. */
    AUTH_SIGNING_KEY: z.string().optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    /** Cookies only over HTTPS; defaults on when PUBLIC_URL is https. */
    SECURE_COOKIES: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    SMTP_URL: configFields.optionalUrl,
    MAIL_FROM: z.string().default('Crucible <no-reply@crucible.local>'),
    OIDC_ISSUER_URL: configFields.optionalUrl,
    OIDC_CLIENT_ID: z.string().default('crucible'),
    OIDC_CLIENT_SECRET: z.string().optional(),
    /** `off`: no external sign-in at all, not even the development provider outside production. */
    EXTERNAL_SIGN_IN: z.enum(['on', 'off']).default('on'),
    /** The first admin: created verified at start-up when both are set and the account does not exist. */
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    /** argon2id cost (OWASP: m=19456 KiB, t=2, p=1 at minimum). */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
    ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),
    /**
     * Days between a member deleting their own account and its erasure everywhere; a sign-in within
     * them restores the account. Fractions are allowed (a test may wait seconds, not days).
     */
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().min(0).max(365).default(ACCOUNT_DELETION.defaultGraceDays),
    /** How often each replica looks for accounts whose grace period is over. */
    ACCOUNT_ERASURE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
    /** The durable consumer that applies name and picture changes made on the profile; replicas share it. */
    AUTH_PROFILE_CONSUMER: configFields.consumerName('auth-profile-identity'),
  })
  .extend(authRateLimitConfigSchema.shape)
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape)
  // Where members' data exports are kept (S3_* or DATA_DIR, BLOB_SIGNING_SECRET), as forum keeps attachments.
  .extend(blobStoreConfigSchema.shape)
  .superRefine(requireS3Credentials);
export type AuthConfig = z.infer<typeof authConfigSchema>;
