import { z } from 'zod';
import { ACCOUNT_SECURITY_MESSAGES } from './account-security-messages.ts';
import { webAuthnAuthenticationSchema } from './account-security.ts';

/**
 * A member deleting their own account (on /settings/security). The account is
 * deactivated at once and erased everywhere after the grace period; a sign-in within it restores it.
 */
export const ACCOUNT_DELETION = {
  /** The grace period auth uses unless configured otherwise (ACCOUNT_DELETION_GRACE_DAYS). */
  defaultGraceDays: 7,
  /** What the member types to confirm; the page says so. */
  confirmationWord: 'DELETE',
  /** A member without a password confirms by having signed in (with their provider) this recently. */
  recentSignInMinutes: 10,
} as const;

/** How a deleted member's kept posts and messages name them (as Discourse keeps a thread whole). */
export const FORMER_MEMBER_NAME = 'Former member';

/** The texts of self-deletion; zod-free, so the sign-in page can use them. */
export const ACCOUNT_DELETION_MESSAGES = {
  confirmationWrong: `Type ${ACCOUNT_DELETION.confirmationWord} to confirm`,
  passwordRequired: 'Enter your password to confirm',
  passwordIncorrect: 'Your password is not correct',
  signInAgain: `Sign in again, then delete your account within ${ACCOUNT_DELETION.recentSignInMinutes} minutes`,
  scheduled: 'Your account is deactivated and will be deleted',
  restored: 'Welcome back! Your account is no longer scheduled for deletion.',
  passkeyFailed: ACCOUNT_SECURITY_MESSAGES.passkeyFailed,
  noPasskeys: 'You have no passkeys; confirm with your password',
  confirmWithOne: 'Confirm with your password or a passkey, not both',
} as const;

/** What the page needs before the member confirms: the configured grace period and how they can confirm. */
export const accountDeletionStatusSchema = z.object({
  /** ACCOUNT_DELETION_GRACE_DAYS: days between the request and the erasure (fractions in tests). */
  graceDays: z.number(),
  /** The member has a password to confirm with (else a recent external sign-in confirms). */
  hasPassword: z.boolean(),
  /** The member has passkeys, so the page offers 'Confirm with a passkey'. */
  hasPasskeys: z.boolean(),
});
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;

/** A passkey's answer to a challenge auth issued for this deletion (and only for it). */
export const deletionPasskeyAssertionSchema = z.strictObject({
  challengeId: z.uuid(ACCOUNT_SECURITY_MESSAGES.passkeyFailed),
  response: webAuthnAuthenticationSchema,
});

export const deleteAccountRequestSchema = z.strictObject({
  /** Required of members who have one; members of an external provider confirm by a recent sign-in. */
  password: z.string().max(256).optional(),
  /** Instead of the password: the member's passkey answering a deletion challenge. */
  passkey: deletionPasskeyAssertionSchema.optional(),
  confirmation: z
    .string()
    .trim()
    .refine((value) => value === ACCOUNT_DELETION.confirmationWord, ACCOUNT_DELETION_MESSAGES.confirmationWrong),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
/** The page's form for a member who has a password (it is required of them). */
export const deleteAccountFormSchema = deleteAccountRequestSchema.extend({
  password: z.string().min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired).max(256),
});

/** The page's form when the member confirms with a passkey: only the typed word is theirs to enter. */
export const deleteAccountWithPasskeyFormSchema = z.object({
  confirmation: deleteAccountRequestSchema.shape.confirmation,
});

export const accountDeletionScheduledSchema = z.object({
  message: z.string(),
  /** When the account and what the member holds everywhere are erased unless they sign in before. */
  erasureAt: z.string(),
});
export type AccountDeletionScheduled = z.infer<typeof accountDeletionScheduledSchema>;
