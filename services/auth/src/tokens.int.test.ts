/**
 * Access tokens: the service is given a signing key the test also holds (AUTH_SIGNING_KEY), so the
 * test forges every kind of bad token itself. Each one is a 401, never a 500, here and in the
 * verifier other services build.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWTPayload } from 'jose';
import { authRoutes as routes } from '@crucible/proto';
import type { TokenVerifier } from '@crucible/platform';
import { callsWith, type TestCall } from '@crucible/test-kit';
import {
  startAuthHarness,
  testSigningJwk,
  verifiedElsewhereSoon,
  verifyElsewhere,
  type AuthHarness,
  type SignedUp,
} from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;
let otherService: TokenVerifier;
let serviceKey: CryptoKey;
let member: SignedUp;
let claims: { sub: string; sid: string };

const KID = testSigningJwk().kid!;
const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
  otherService = await auth.otherServiceVerifier();
  serviceKey = (await importJWK(testSigningJwk(), 'EdDSA')) as CryptoKey;
  member = await auth.signUp();
  const decoded = decodeJwt(member.token);
  claims = { sub: String(decoded.sub), sid: String(decoded.sid) };
});

afterAll(async () => {
  await auth?.stop();
});

/** A token signed with the service's own key; `payload` replaces the claims named in it. */
async function signed(
  payload: JWTPayload & Record<string, unknown>,
  options: { key?: CryptoKey; kid?: string; drop?: string[] } = {},
): Promise<string> {
  const body: Record<string, unknown> = {
    sub: claims.sub,
    sid: claims.sid,
    iss: auth.config.JWT_ISSUER,
    aud: auth.config.JWT_AUDIENCE,
    iat: Math.floor(Date.now() / 1000),
    exp: inAnHour(),
    ...payload,
  };
  for (const claim of options.drop ?? []) delete body[claim];
  return new SignJWT(body)
    .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? serviceKey);
}

function hs256(payload: Record<string, unknown>, secret: string | Buffer): string {
  const head = base64url({ alg: 'HS256', typ: 'JWT', kid: KID });
  const body = base64url(payload);
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

async function expectRefused(token: string): Promise<void> {
  expect(await call(routes.currentUser, { token, expect: 401 })).toEqual({ statusCode: 401, message: 'Unauthorized' });
  await call(routes.currentUser, { cookie: `crucible_token=${encodeURIComponent(token)}`, expect: 401 });
  // Another process learns of a change by broadcast: refused within a second, not at the same instant.
  await verifiedElsewhereSoon(otherService, token).toBe(401);
}

describe('access tokens', () => {
  it('accepts a token the test signs with the configured key (the refusals below are about the token, not the key)', async () => {
    const token = await signed({});
    expect(await auth.currentUser(token)).toMatchObject({ id: member.id });
    expect(await verifyElsewhere(otherService, token)).toMatchObject({ userId: member.id, sessionId: claims.sid });
    const jwks = await call(routes.jwks, {});
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kid: KID, kty: 'OKP', crv: 'Ed25519', x: testSigningJwk().x }),
    ]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('refuses an expired token', async () => {
    await expectRefused(
      await signed({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 60 }),
    );
  });

  it('refuses a token not valid yet', async () => {
    await expectRefused(await signed({ nbf: inAnHour() }));
  });

  it('refuses a token for another audience', async () => {
    await expectRefused(await signed({ aud: 'someone-else' }));
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(await signed({ iss: 'https://evil.example' }));
  });

  it('refuses a token without a session id, subject or expiry', async () => {
    await expectRefused(await signed({}, { drop: ['sid'] }));
    await expectRefused(await signed({}, { drop: ['sub'] }));
    await expectRefused(await signed({}, { drop: ['exp'] }));
  });

  it('refuses a token whose session id is not a uuid, or not a string', async () => {
    await expectRefused(await signed({ sid: 'not-a-uuid' }));
    await expectRefused(await signed({ sid: 12345 }));
    await expectRefused(await signed({ sid: { $ne: null } }));
  });

  it('refuses a token naming a session that does not exist', async () => {
    await expectRefused(await signed({ sid: '00000000-0000-4000-8000-000000000000' }));
  });

  it("refuses a token pairing one member's session with another member's id", async () => {
    const other = await auth.signUp();
    await expectRefused(await signed({ sub: other.id }));
  });

  it('refuses HS256 tokens, whether keyed with a secret or with the public key', async () => {
    const payload = {
      sub: claims.sub,
      sid: claims.sid,
      iss: auth.config.JWT_ISSUER,
      aud: auth.config.JWT_AUDIENCE,
      exp: inAnHour(),
    };
    await expectRefused(hs256(payload, 'some shared secret'));
    await expectRefused(hs256(payload, Buffer.from(testSigningJwk().x!, 'base64url')));
    await expectRefused(hs256(payload, JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: testSigningJwk().x })));
  });

  it('refuses an unsigned token (alg none)', async () => {
    const payload = {
      sub: claims.sub,
      sid: claims.sid,
      iss: auth.config.JWT_ISSUER,
      aud: auth.config.JWT_AUDIENCE,
      exp: inAnHour(),
    };
    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`);
    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT', kid: KID })}.${base64url(payload)}.`);
  });

  it('refuses a token signed by another Ed25519 key, under our key id or its own', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    await expectRefused(await signed({}, { key: privateKey }));
    const otherJwk = await exportJWK(privateKey);
    await expectRefused(await signed({}, { key: privateKey, kid: `${otherJwk.x}` }));
  });

  it('refuses a token whose signature or payload was altered', async () => {
    const token = await signed({});
    const [head, body, signature] = token.split('.') as [string, string, string];
    // A character in the middle carries six bits of the signature (the last one partly padding, which
    // decoders ignore): changing it always changes the signature.
    const middle = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
    await expectRefused(`${head}.${body}.${flipped}`);
    const promoted = base64url({ ...decodeJwt(token), sub: '00000000-0000-4000-8000-000000000001' });
    await expectRefused(`${head}.${promoted}.${signature}`);
  });

  it('refuses garbage', async () => {
    for (const garbage of [
      'garbage',
      'a.b.c',
      '...',
      'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.',
      `${'x'.repeat(8000)}.${'y'.repeat(8000)}.z`,
      '%E0%A4%A',
    ]) {
      await expectRefused(garbage);
    }
    await call(routes.currentUser, { headers: { authorization: 'Bearer    ' }, expect: 401 });
    await call(routes.currentUser, { headers: { authorization: 'Basic dXNlcjpwYXNz' }, expect: 401 });
  });

  it('refuses a valid token once its session was revoked', async () => {
    const token = await auth.signIn(member.email, member.password);
    expect(await auth.currentUser(token)).toMatchObject({ id: member.id });
    expect(await verifyElsewhere(otherService, token)).toMatchObject({ userId: member.id });
    await call(routes.signOut, { token });
    await expectRefused(token);
    // The same session, re-signed by the key holder, is still over.
    await expectRefused(await signed({ sid: String(decodeJwt(token).sid) }));
  });

  it('refuses a token whose session expired in the database although the token has not', async () => {
    const token = await auth.signIn(member.email, member.password);
    const sid = String(decodeJwt(token).sid);
    await auth.sql("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [sid]);
    // The shared cache still holds the live principal for a while; drop it as its TTL would.
    await auth.cache.delete(`session:${sid}`);
    await expectRefused(token);
  });
});
