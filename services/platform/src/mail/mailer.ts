import escapeHtml from 'escape-html';
import nodemailer from 'nodemailer';
import type { Logger } from '../logging/logger.ts';

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
      // The text holds verify and reset links, which open accounts: only a debug log may show it.
      options.logger.info(
        { to: mail.to, subject: mail.subject },
        'dev mailbox: mail written (read it at /api/auth/dev-mailbox)',
      );
      options.logger.debug({ to: mail.to, subject: mail.subject, text: mail.text }, 'dev mailbox: mail text');
      return true;
    },
    recent: () => [...mails],
  };
}

/** The dev mailbox as a page: newest first, each mail's text with its links clickable. */
export function renderDevMailbox(mails: ReturnType<Mailer['recent']>): string {
  const items = mails
    .map((mail) => {
      const body = escapeHtml(mail.text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} at ${escapeHtml(mail.sentAt)}</p><pre>${body}</pre></article>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><main><h1>Dev mailbox</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`;
}
