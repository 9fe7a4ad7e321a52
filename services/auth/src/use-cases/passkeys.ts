import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_SECURITY_MESSAGES as MESSAGES,
  displayName,
  type AddPasskeyRequest,
  type Passkey,
  type PasskeyCeremony,
  type PasskeySignInRequest,
} from '@crucible/proto';
import { BadRequestError, NotFoundError, UnauthorizedError, type Caller } from '@crucible/platform';
import { passkeyRepository, webauthnChallengeRepository, type WebauthnPurpose } from '../repositories/passkeys.ts';
import { userRepository } from '../repositories/users.ts';
import type { AuthContext, RequestMeta } from './context.ts';
import { startSession, welcomeMessage, type StartedSession } from './sessions.ts';

const CEREMONY_TTL_MINUTES = 5;
const RP_NAME = 'Crucible';

/**
 * The relying party is where members open the product (PUBLIC_URL): its host is the passkeys' scope
 * and its origin the only one a browser's answer may come from. WebAuthn takes host names, not IP
 * addresses, so one-machine mode is opened at http://localhost for passkeys.
 */
function relyingParty(ctx: AuthContext): { rpID: string; origin: string } {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

function toPasskey(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function newCeremony(
  ctx: AuthContext,
  challenge: string,
  purpose: WebauthnPurpose,
  userId: string | null,
): Promise<string> {
  await webauthnChallengeRepository.deleteExpired(ctx.prisma, new Date(Date.now() - 3_600_000));
  const row = await webauthnChallengeRepository.issue(ctx.prisma, {
    challenge,
    purpose,
    userId,
    ttlMinutes: CEREMONY_TTL_MINUTES,
  });
  return row.id;
}

export async function listPasskeys(ctx: AuthContext, caller: Caller): Promise<Passkey[]> {
  return (await passkeyRepository.listOfUser(ctx.prisma, caller.userId)).map(toPasskey);
}

export async function registrationOptions(ctx: AuthContext, caller: Caller): Promise<PasskeyCeremony> {
  const user = await userRepository.findById(ctx.prisma, caller.userId);
  if (!user) throw new UnauthorizedError();
  const existing = await passkeyRepository.listOfUser(ctx.prisma, user.id);
  const { rpID } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: displayName(user, { withEmail: true }),
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // Discoverable, so the sign-in page can offer passkeys before anyone types an e-mail.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  return { challengeId: await newCeremony(ctx, options.challenge, 'registration', user.id), options: { ...options } };
}

export async function addPasskey(ctx: AuthContext, caller: Caller, input: AddPasskeyRequest): Promise<Passkey> {
  const ceremony = await webauthnChallengeRepository.redeem(
    ctx.prisma,
    input.challengeId,
    'registration',
    caller.userId,
  );
  if (!ceremony) throw new BadRequestError(MESSAGES.passkeyFailed);
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new BadRequestError(MESSAGES.passkeyFailed);
  const { credential } = verification.registrationInfo;
  const created = await passkeyRepository.create(ctx.prisma, {
    userId: caller.userId,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name,
  });
  return toPasskey(created);
}

export async function renamePasskey(ctx: AuthContext, caller: Caller, id: string, name: string): Promise<Passkey> {
  const renamed = await passkeyRepository.rename(ctx.prisma, caller.userId, id, name);
  if (!renamed) throw new NotFoundError(MESSAGES.passkeyNotFound);
  return toPasskey(renamed);
}

export async function removePasskey(ctx: AuthContext, caller: Caller, id: string): Promise<void> {
  if (!(await passkeyRepository.remove(ctx.prisma, caller.userId, id)))
    throw new NotFoundError(MESSAGES.passkeyNotFound);
}

export async function signInOptions(ctx: AuthContext, meta: RequestMeta): Promise<PasskeyCeremony> {
  // The same per-address limit as password sign-ins: each ceremony is a row.
  await ctx.limits.signInPerIp.consume(meta.ipAddress ?? 'unknown');
  const options = await generateAuthenticationOptions({ rpID: relyingParty(ctx).rpID, userVerification: 'preferred' });
  return { challengeId: await newCeremony(ctx, options.challenge, 'sign_in', null), options: { ...options } };
}

type StoredPasskey = NonNullable<Awaited<ReturnType<typeof passkeyRepository.findByCredentialId>>>;

/**
 * Checks a passkey's signature over the challenge (from this product's origin) and records its use
 * and signature counter; false when it does not verify.
 */
async function verifyAssertion(
  ctx: AuthContext,
  passkey: StoredPasskey,
  challenge: string,
  response: PasskeySignInRequest['response'],
): Promise<boolean> {
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  await passkeyRepository.recordUse(ctx.prisma, passkey.id, verification.authenticationInfo.newCounter);
  return true;
}

/**
 * A challenge for the member to confirm their account's deletion with one of their passkeys: it is
 * bound to them and to this purpose, so it cannot sign anyone in, and a sign-in challenge cannot
 * confirm a deletion. Only their own passkeys are offered.
 */
export async function deletionConfirmationOptions(ctx: AuthContext, caller: Caller): Promise<PasskeyCeremony> {
  const own = await passkeyRepository.listOfUser(ctx.prisma, caller.userId);
  if (own.length === 0) throw new BadRequestError(ACCOUNT_DELETION_MESSAGES.noPasskeys);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'preferred',
    allowCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  return {
    challengeId: await newCeremony(ctx, options.challenge, 'account_deletion', caller.userId),
    options: { ...options },
  };
}

/**
 * True when the member's own passkey answered a deletion challenge issued to them (once, unexpired).
 * The challenge is spent whatever the outcome, so a failed answer needs a fresh one.
 */
export async function confirmDeletionWithPasskey(
  ctx: AuthContext,
  userId: string,
  assertion: { challengeId: string; response: PasskeySignInRequest['response'] },
): Promise<boolean> {
  const ceremony = await webauthnChallengeRepository.redeem(
    ctx.prisma,
    assertion.challengeId,
    'account_deletion',
    userId,
  );
  if (!ceremony) return false;
  const passkey = await passkeyRepository.findByCredentialId(ctx.prisma, assertion.response.id);
  if (!passkey || passkey.userId !== userId) return false;
  return verifyAssertion(ctx, passkey, ceremony.challenge, assertion.response);
}

/**
 * A passkey is both factors (something held, unlocked on the device), so it signs in without the
 * password and without a TOTP code, as GitHub and Google do.
 */
export async function signInWithPasskey(
  ctx: AuthContext,
  input: PasskeySignInRequest,
  meta: RequestMeta,
): Promise<{ message: string; session: StartedSession }> {
  const ceremony = await webauthnChallengeRepository.redeem(ctx.prisma, input.challengeId, 'sign_in', null);
  if (!ceremony) throw new UnauthorizedError(MESSAGES.passkeyFailed);
  const passkey = await passkeyRepository.findByCredentialId(ctx.prisma, input.response.id);
  if (!passkey) throw new UnauthorizedError(MESSAGES.passkeyNotRecognized);
  if (!(await verifyAssertion(ctx, passkey, ceremony.challenge, input.response)))
    throw new UnauthorizedError(MESSAGES.passkeyFailed);
  const session = await startSession(ctx, passkey.user, meta);
  return { message: welcomeMessage(passkey.user, session), session };
}
