import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Every text part, decoded: enough to find the links a mail carries. */
  text: string;
}

export interface MailServer {
  url: string;
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

function parseHeaders(block: string): Record<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeTransferEncoding(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const separator = /\r?\n\r?\n/.exec(raw);
  if (!separator) return { headers: parseHeaders(raw), body: '' };
  return {
    headers: parseHeaders(raw.slice(0, separator.index)),
    body: raw.slice(separator.index + separator[0].length),
  };
}

/** Decodes a raw MIME message, descending into multipart bodies. */
export function decodeMimeText(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return decodeTransferEncoding(body, headers['content-transfer-encoding']);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => decodeMimeText(part.replace(/^\r?\n/, '')))
    .join('\n');
}

/** A real SMTP server on a free local port that keeps what it receives, for SMTP_URL. */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: a self-signed STARTTLS offer would only make the sender refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: splitMessage(raw).headers.subject ?? '',
          text: decodeMimeText(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    async waitForMail(to, subject, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.find(
          (candidate) => candidate.to.includes(to.toLowerCase()) && subject.test(candidate.subject),
        );
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        `No mail to ${to} with a subject like ${subject} within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`,
      );
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`The mail "${mail.subject}" has no link to ${pathPrefix}:\n${mail.text}`);
  return link;
}
