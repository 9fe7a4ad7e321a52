import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createDevMailbox } from '@crucible/platform';
import { passwordResetMail, verificationMail } from './use-cases/mails.ts';

function loggerInto(lines: string[], level: string) {
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  return pino({ level }, sink);
}

describe('the dev mailbox', () => {
  it('keeps verify and reset links out of the log at LOG_LEVEL=info, and keeps the mails for its page', async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({ logger: loggerInto(lines, 'info') });
    await mailbox.send(verificationMail('http://localhost:5000', 'ann@example.org', 'Ann', 'verify-secret-token'));
    await mailbox.send(passwordResetMail('http://localhost:5000', 'ann@example.org', 'Ann', 'reset-secret-token', 60));
    const log = lines.join('');
    expect(log).toContain('ann@example.org');
    expect(log).not.toContain('secret-token');
    expect(log).not.toContain('token=');
    expect(
      mailbox
        .recent()
        .map((mail) => mail.text)
        .join(''),
    ).toContain('reset-secret-token');
  });
});
