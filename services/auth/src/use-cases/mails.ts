import escapeHtml from 'escape-html';
import type { Mail } from '@crucible/platform';

export function linkMail(
  to: string,
  subject: string,
  greeting: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): Mail {
  return {
    to,
    subject,
    text: `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export const greet = (firstName: string | null) => `Hello ${firstName?.trim() || 'there'},`;

export function verificationMail(publicUrl: string, to: string, firstName: string | null, token: string): Mail {
  const link = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    'Verify your Crucible email address',
    greet(firstName),
    'Welcome to Crucible. Please confirm this is your email address.',
    'Verify email',
    link,
    'If you did not create an account, you can ignore this email.',
  );
}

export function passwordResetMail(
  publicUrl: string,
  to: string,
  firstName: string | null,
  token: string,
  ttlMinutes: number,
): Mail {
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return linkMail(
    to,
    'Reset your Crucible password',
    greet(firstName),
    `Someone asked to reset the password of this account. The link works once, for ${ttlMinutes} minutes.`,
    'Reset password',
    link,
    'If it was not you, ignore this email: your password stays as it is.',
  );
}

/** After a change or a reset: who did not do it learns at once how to take the account back. */
export function passwordChangedMail(publicUrl: string, to: string, firstName: string | null): Mail {
  return linkMail(
    to,
    'Your Crucible password was changed',
    greet(firstName),
    'The password of your Crucible account was just changed. If you did this, there is nothing more to do.',
    'If it was not you, reset your password now',
    `${publicUrl}/forgot-password`,
    'Resetting the password signs out every device. If you cannot reset it, contact an administrator.',
  );
}
