import type { Cache, Logger, OutboxRelay, RateLimit, SqlExecutor } from '@crucible/platform';
import { enqueueEvent, newEvent } from '@crucible/platform';
import type { AuthConfig } from '../config.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import type { Mailer } from '../mailer.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { AccessTokenSigner } from '../signing-keys.ts';

export const AUTH_SCHEMA = 'auth';

export interface AuthRateLimits {
  signInPerIp: RateLimit;
  signInPerAccount: RateLimit;
  signUpPerIp: RateLimit;
  passwordResetPerIp: RateLimit;
  passwordResetPerAccount: RateLimit;
}

/** Everything the use cases need, built once by createService. */
export interface AuthContext {
  config: AuthConfig;
  prisma: PrismaClient;
  cache: Cache;
  hasher: PasswordHasher;
  signer: AccessTokenSigner;
  mailer: Mailer;
  relay: OutboxRelay;
  logger: Logger;
  limits: AuthRateLimits;
}

/** Request facts kept with sessions and audit events. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

export type Emit = (subject: string, payload: unknown) => Promise<void>;

/**
 * Runs a state change and the events it emits in one transaction (the outbox), then wakes the
 * relay so the events leave at once rather than at its next poll.
 */
export async function inTransaction<T>(ctx: AuthContext, work: (tx: Prisma.TransactionClient, emit: Emit) => Promise<T>): Promise<T> {
  const result = await ctx.prisma.$transaction(async (tx) => {
    const emit: Emit = (subject, payload) => enqueueEvent(tx as SqlExecutor, AUTH_SCHEMA, newEvent(subject, payload));
    return work(tx, emit);
  });
  ctx.relay.kick();
  return result;
}
