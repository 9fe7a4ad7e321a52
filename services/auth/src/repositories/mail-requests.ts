import type { EmailTokenPurpose, MailRequest, Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export type { MailRequest };

export const mailRequestRepository = {
  enqueue: (db: Db, request: { purpose: EmailTokenPurpose; email: string }) => db.mailRequest.create({ data: request }),
  /**
   * Takes the oldest due request and leases it for `leaseSeconds` (a sender that dies mid-send
   * leaves it to be taken again then); SKIP LOCKED keeps replicas off each other's rows.
   */
  async claimNext(db: Db, leaseSeconds: number): Promise<MailRequest | undefined> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      UPDATE auth.mail_requests SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      WHERE id = (SELECT id FROM auth.mail_requests WHERE next_attempt_at <= now() ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    const claimed = rows[0];
    return claimed ? ((await db.mailRequest.findUnique({ where: { id: claimed.id } })) ?? undefined) : undefined;
  },
  remove: (db: Db, id: string) => db.mailRequest.deleteMany({ where: { id } }),
};
