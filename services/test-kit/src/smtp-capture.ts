import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail to `address` (optionally matching the subject) that arrives. */
  waitForMail(address: string, subject?: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free port that keeps every mail it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = [parsed.to]
            .flat()
            .flatMap((address) => address?.value.map((entry) => entry.address?.toLowerCase() ?? '') ?? []);
          mails.push({ to: recipients, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find(
          (candidate) => candidate.to.includes(address.toLowerCase()) && (!subject || subject.test(candidate.subject)),
        );
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms (got ${mails.length} other mails)`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in a mail's text that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
