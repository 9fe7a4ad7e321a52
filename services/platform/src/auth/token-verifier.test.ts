import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SESSION_CLAIM, type SessionPrincipal } from '@crucible/proto';
import { ACCESS_TOKEN_ALGORITHM, TOKEN_ISSUED_AT_SKEW_SECONDS, createTokenVerifier } from './token-verifier.ts';

const issuer = 'crucible-test';
const audience = 'crucible-test-api';
const sessionId = randomUUID();
const principal: SessionPrincipal = {
  userId: randomUUID(),
  sessionId,
  accessLevel: 'Core',
  isAdmin: false,
  isModerator: false,
  emailVerified: true,
};

let sign: (issuedAt: number | undefined) => Promise<string>;
let verifier: ReturnType<typeof createTokenVerifier>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519' });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: ACCESS_TOKEN_ALGORITHM }] };
  verifier = createTokenVerifier({
    issuer,
    audience,
    loadKeys: async () => jwks,
    loadSession: async (id) => (id === sessionId ? principal : null),
  });
  sign = (issuedAt) => {
    const jwt = new SignJWT({ [ACCESS_TOKEN_SESSION_CLAIM]: sessionId })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: 'k1' })
      .setSubject(principal.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 7200);
    if (issuedAt !== undefined) jwt.setIssuedAt(issuedAt);
    return jwt.sign(privateKey);
  };
});

const now = () => Math.floor(Date.now() / 1000);

describe('token verification and the issue time', () => {
  it('accepts a token issued now or a few seconds ahead (clock drift)', async () => {
    await expect(verifier.verify(await sign(now()))).resolves.toEqual(principal);
    await expect(verifier.verify(await sign(now() + 5))).resolves.toEqual(principal);
  });

  it('refuses a token issued further in the future than the skew allows', async () => {
    const token = await sign(now() + TOKEN_ISSUED_AT_SKEW_SECONDS + 60);
    await expect(verifier.verify(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses a token without an issue time', async () => {
    await expect(verifier.verify(await sign(undefined))).rejects.toMatchObject({ statusCode: 401 });
  });
});
