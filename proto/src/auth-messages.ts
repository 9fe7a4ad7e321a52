import { LIMITS } from './limits.ts';

/*
 * The auth texts and rules that need no zod, apart from the schemas in auth.ts: the signed-out screens
 * check their forms with these and so load without zod (the sign-in page's weight budget).
 */

/** Exact texts of the sign-in screens' validation and error messages. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  resetPasswordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: `Password must be at most ${LIMITS.password.max} characters`,
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Must be ${LIMITS.name.max} characters or less`,
  passwordsDontMatch: "Passwords don't match",
  noResetToken: 'No reset token found',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetRequested: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetTokenInvalid: 'The password reset link is invalid or has expired.',
  verificationInvalid: 'The verification link is invalid or has expired.',
  signedOut: 'Signed out',
  unauthorized: 'Unauthorized',
  searchTooShort: `Search needs at least ${LIMITS.userSearch.minChars} characters`,
  externalProviderNoReset: 'Password reset is only available for accounts that sign in with email',
  accountDeactivated: 'This account has been deactivated. Contact an administrator.',
  cannotDeactivateYourself: 'You cannot deactivate your own account',
  passwordTooCommon: 'This password is too common and easy to guess. Please choose a different one.',
  currentPasswordWrong: 'Your current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  externalProviderNoPasswordChange: 'Password change is only available for accounts that sign in with email',
  passwordChanged: 'Your password has been changed.',
  cannotSuspendYourself: 'You cannot suspend your own account',
  lastAdmin: 'This is the last admin: make someone else an admin first',
  userFilterInvalid:
    'Filter by a known tier, status (active, suspended, deactivated, unverified) or role (admin, member), and sort by joined, name or last_seen',
  suspensionEndInPast: 'The suspension must end in the future',
  suspensionReasonRequired: 'Reason is required',
} as const;

/** What an e-mail address must look like: zod's own default pattern, named so a check without zod uses it too. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The claims of an access token beyond iss/aud/exp/sub. */
export const ACCESS_TOKEN_SESSION_CLAIM = 'sid';
export const AUTH_COOKIE_NAME = 'crucible_token';
/**
 * A state change signed in by the cookie alone must carry this header: an HTML form on another
 * site of the same host (another port) can send the cookie but not a header. Any value will do.
 */
export const CSRF_HEADER_NAME = 'x-requested-with';
