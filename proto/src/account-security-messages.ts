/** The texts of a member's own security (two-factor, sessions); zod-free, so the sign-in page can use them. */
export const ACCOUNT_SECURITY_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  twoFactorRequired: 'Enter the code from your authenticator app to finish signing in',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  noPendingSetup: 'Start the set-up again: scan a new QR code first',
  passwordIncorrect: 'Your password is not correct',
  externalAccount: 'Your account signs in with an external provider, which owns its second factor',
  sessionNotFound: 'Session not found',
  twoFactorOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor sign-in is off',
  setUpTwoFactor: 'Your community asks Admin and Core members to use two-factor sign-in. Please set it up now.',
} as const;
