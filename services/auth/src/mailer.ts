import nodemailer from 'nodemailer';
import type { Logger } from '@crucible/platform';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  readonly location: string;
  /** Resolves true when the mail was handed to the transport. */
  send(mail: Mail): Promise<boolean>;
  /** The mails kept for the dev mailbox page; empty for SMTP. */
  recent(): (Mail & { sentAt: string })[];
}

const DEV_MAILBOX_SIZE = 50;

export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  const location = new URL(options.url);
  return {
    kind: 'smtp',
    location: `smtp://${location.host}`,
    async send(mail) {
      try {
        await transport.sendMail({ from: options.from, ...mail });
        return true;
      } catch (error) {
        options.logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent');
        return false;
      }
    },
    recent: () => [],
  };
}

/** Without SMTP, mails go to the log and a bounded in-memory mailbox shown at /api/auth/dev-mailbox. */
export function createDevMailbox(options: { logger: Logger }): Mailer {
  const mails: (Mail & { sentAt: string })[] = [];
  return {
    kind: 'dev-mailbox',
    location: '/api/auth/dev-mailbox',
    async send(mail) {
      mails.unshift({ ...mail, sentAt: new Date().toISOString() });
      mails.length = Math.min(mails.length, DEV_MAILBOX_SIZE);
      options.logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'dev mailbox: mail written');
      return true;
    },
    recent: () => [...mails],
  };
}
