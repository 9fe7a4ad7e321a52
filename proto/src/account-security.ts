import { z } from 'zod';
import { oneLineText } from './text.ts';
import { ACCOUNT_SECURITY_MESSAGES } from './account-security-messages.ts';

/**
 * A member's own security: two-factor sign-in (TOTP with recovery codes), their active sessions,
 * and the community's policy requiring two-factor of Admin and Core members. The
 * page is /settings/security, linked from the member's own profile.
 */

/** Six digits from the app, or a recovery code as shown (`xxxxx-xxxxx`, case and dash optional). */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(1, ACCOUNT_SECURITY_MESSAGES.codeRequired)
  .max(32, ACCOUNT_SECURITY_MESSAGES.codeInvalid);

export const signInChallengeResponseSchema = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  /** Single use, minutes long; sent back with the code. */
  challenge: z.string(),
});
export type SignInChallengeResponse = z.infer<typeof signInChallengeResponseSchema>;

export const twoFactorSignInRequestSchema = z.strictObject({
  challenge: z
    .string()
    .min(1, ACCOUNT_SECURITY_MESSAGES.challengeExpired)
    .max(128, ACCOUNT_SECURITY_MESSAGES.challengeExpired),
  code: twoFactorCodeSchema,
});
export type TwoFactorSignInRequest = z.infer<typeof twoFactorSignInRequestSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The community requires two-factor of this member (Admin or Core) and it is not on yet. */
  setupRequired: z.boolean(),
  /** External (OIDC) accounts: the provider owns the second factor. */
  available: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (PNG data URL). */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableRequestSchema = z.strictObject({ code: twoFactorCodeSchema });
export const recoveryCodesSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(256),
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  /** The session that made this request. */
  current: z.boolean(),
  /** Browser and system read from the user agent, e.g. 'Chrome 131 on Linux'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const endedSessionsSchema = z.object({ ended: z.number().int() });

export const securityPolicySchema = z.object({
  requireTwoFactorForStaff: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;
export const securityPolicyPatchSchema = z.strictObject({ requireTwoFactorForStaff: z.boolean() });

const base64url = z.string().max(16_384);
const webAuthnCredentialFields = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(32).optional(),
};
/** A new credential as @simplewebauthn/browser hands it over (RegistrationResponseJSON). */
export const webAuthnRegistrationSchema = z.looseObject({
  ...webAuthnCredentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
/** A signed challenge as @simplewebauthn/browser hands it over (AuthenticationResponseJSON). */
export const webAuthnAuthenticationSchema = z.looseObject({
  ...webAuthnCredentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
/** The options a browser passes to navigator.credentials (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown());

const passkeyName = oneLineText('Name')
  .trim()
  .min(1, ACCOUNT_SECURITY_MESSAGES.passkeyNameRequired)
  .max(60, 'Must be 60 characters or less');

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const addPasskeyRequestSchema = z.strictObject({
  challengeId: z.uuid(ACCOUNT_SECURITY_MESSAGES.passkeyFailed),
  name: passkeyName,
  response: webAuthnRegistrationSchema,
});
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;
export const renamePasskeyRequestSchema = z.strictObject({ name: passkeyName });

export const passkeyCeremonySchema = z.object({ challengeId: z.string(), options: webAuthnOptionsSchema });
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

export const passkeySignInRequestSchema = z.strictObject({
  challengeId: z.uuid(ACCOUNT_SECURITY_MESSAGES.passkeyFailed),
  response: webAuthnAuthenticationSchema,
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;
