import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK, type JSONWebKeySet } from 'jose';
import { ACCESS_TOKEN_SESSION_CLAIM } from '@crucible/proto';
import { ACCESS_TOKEN_ALGORITHM } from '@crucible/platform';
import type { PrismaClient } from './generated/prisma/client.ts';
import { signingKeyRepository } from './repositories/signing-keys.ts';

export interface AccessTokenSigner {
  sign(claims: { userId: string; sessionId: string; expiresAt: Date }): Promise<string>;
  jwks(): JSONWebKeySet;
}

function publicPart(jwk: JWK): JWK {
  const { d: _private, ...rest } = jwk;
  return rest;
}

/** The configured key, else the newest stored one, else a new one stored for every replica to share. */
async function resolveSigningKey(prisma: PrismaClient, configuredKey: string | undefined): Promise<JWK> {
  if (configuredKey) {
    const jwk = JSON.parse(configuredKey) as JWK;
    return { ...jwk, kid: jwk.kid ?? 'configured', alg: ACCESS_TOKEN_ALGORITHM };
  }
  // Replicas starting together take turns here, so one generates and every other finds its key. (Each
  // storing its own left a second, newer key that a later start signed with, unknown to the first replica.)
  return prisma.$transaction(async (tx) => {
    await signingKeyRepository.lockForResolving(tx);
    const stored = await signingKeyRepository.newestPrivateJwk(tx);
    if (stored) return stored;
    const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const jwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
    await signingKeyRepository.store(tx, { kid: jwk.kid!, privateJwk: jwk, publicJwk: publicPart(jwk) });
    return jwk;
  });
}

export async function createAccessTokenSigner(options: {
  prisma: PrismaClient;
  configuredKey?: string;
  issuer: string;
  audience: string;
}): Promise<AccessTokenSigner> {
  const jwk = await resolveSigningKey(options.prisma, options.configuredKey);
  const key = await importJWK(jwk, ACCESS_TOKEN_ALGORITHM);
  const stored = await signingKeyRepository.publicJwks(options.prisma);
  const publicKeys = [publicPart(jwk), ...stored.filter((candidate) => candidate.kid !== jwk.kid)];
  return {
    sign: ({ userId, sessionId, expiresAt }) =>
      new SignJWT({ [ACCESS_TOKEN_SESSION_CLAIM]: sessionId })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: jwk.kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    jwks: () => ({ keys: publicKeys }),
  };
}
