import type { Mail } from '@crucible/platform';
import { greet, linkMail } from './mails.ts';

/** The export is ready: the link opens the security page, where the signed-in member downloads it. */
export function dataExportReadyMail(publicUrl: string, to: string, firstName: string | null, expiresAt: Date): Mail {
  return linkMail(
    to,
    'Your Crucible data export is ready',
    greet(firstName),
    `The export of your data you asked for is ready. It can be downloaded until ${expiresAt.toUTCString()}, then it is deleted.`,
    'Download your data',
    `${publicUrl}/settings/security`,
    'If you did not ask for it, change your password: someone signed in to your account did.',
  );
}
