import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_SESSION_CLAIM, RPC, type AccessLevel, type SessionPrincipal } from '@crucible/proto';
import {
  ACCESS_TOKEN_ALGORITHM,
  createTokenVerifier,
  type EventBus,
  type Subscription,
  type TokenVerifier,
} from '@crucible/platform';
import { uniqueTag } from './event-collector.ts';

export interface TestPrincipal {
  userId: string;
  accessLevel: AccessLevel;
  /** Defaults to whether the level is Admin. */
  isAdmin?: boolean;
  isModerator?: boolean;
  emailVerified?: boolean;
}

/**
 * Stands in for auth in a service's integration tests: real EdDSA access tokens, checked by the
 * platform's own verifier, resolved to sessions the test sets. The service's rules see exactly the
 * principal a gateway would pass, without starting auth.
 */
export interface TestTokenIssuer {
  /** The verifier to hand the service under test (`deps.verifier`). */
  readonly verifier: TokenVerifier;
  /** Opens a session for `principal` and signs an access token for it (valid for an hour). */
  issue(principal: TestPrincipal): Promise<{ token: string; sessionId: string }>;
  /** Ends a session: its tokens are refused from the next request. */
  revoke(sessionId: string): void;
  /** Changes the level of every session of `userId`, as an admin's level change does. */
  setAccessLevel(userId: string, accessLevel: AccessLevel): void;
  /**
   * Answers on `bus` what services ask auth to check tokens (its keys, its sessions), for a service
   * that runs in a process of its own and so checks tokens as in production.
   */
  answerAuthQuestions(bus: EventBus): Promise<Subscription[]>;
}

export async function createTestTokenIssuer(options: { issuer: string; audience: string }): Promise<TestTokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519' });
  const kid = `test-${uniqueTag()}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' }] };
  const sessions = new Map<string, SessionPrincipal>();
  return {
    verifier: createTokenVerifier({
      issuer: options.issuer,
      audience: options.audience,
      loadKeys: async () => jwks,
      loadSession: async (sessionId) => sessions.get(sessionId) ?? null,
    }),
    async issue(principal) {
      const sessionId = randomUUID();
      sessions.set(sessionId, {
        userId: principal.userId,
        sessionId,
        accessLevel: principal.accessLevel,
        isAdmin: principal.isAdmin ?? principal.accessLevel === 'Admin',
        isModerator: principal.isModerator ?? false,
        emailVerified: principal.emailVerified ?? true,
      });
      const token = await new SignJWT({ [ACCESS_TOKEN_SESSION_CLAIM]: sessionId })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid })
        .setSubject(principal.userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      return { token, sessionId };
    },
    revoke(sessionId) {
      sessions.delete(sessionId);
    },
    setAccessLevel(userId, accessLevel) {
      for (const session of sessions.values()) if (session.userId === userId) session.accessLevel = accessLevel;
    },
    answerAuthQuestions(bus) {
      return Promise.all([
        bus.reply(RPC.authJwks, async () => jwks),
        bus.reply(RPC.authSession, async ({ sessionId }) => sessions.get(sessionId) ?? null),
      ]);
    },
  };
}
