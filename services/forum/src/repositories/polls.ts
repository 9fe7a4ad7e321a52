import { randomUUID } from 'node:crypto';
import type { Poll } from '@crucible/proto';
import type { Tx } from './db.ts';
import { iso, isoOrNull, type Sql } from './sql.ts';

interface PollRow {
  id: string;
  discussion_id: string;
  question: string;
  allow_multiple: boolean;
  expires_at: Date | null;
  created_at: Date;
  options: { id: string; text: string; voteCount: number }[];
  user_vote: string | null;
}

export const pollReads = {
  /** The poll with its options in order, the total, and the viewer's own vote. */
  async ofDiscussion(sql: Sql, discussionId: string, viewerId: string): Promise<Poll | null> {
    const [row] = await sql<PollRow>(
      `SELECT p.id, p.discussion_id, p.question, p.allow_multiple, p.expires_at, p.created_at,
         json_agg(json_build_object('id', o.id, 'text', o.text, 'voteCount', o.vote_count) ORDER BY o.position) AS options,
         (SELECT v.option_id FROM poll_votes v WHERE v.poll_id = p.id AND v.user_id = $2::uuid) AS user_vote
       FROM polls p JOIN poll_options o ON o.poll_id = p.id
       WHERE p.discussion_id = $1::uuid GROUP BY p.id`,
      [discussionId, viewerId],
    );
    if (!row) return null;
    return {
      id: row.id,
      discussionId: row.discussion_id,
      question: row.question,
      options: row.options,
      totalVotes: row.options.reduce((total, option) => total + option.voteCount, 0),
      userVote: row.user_vote,
      allowMultiple: row.allow_multiple,
      expiresAt: isoOrNull(row.expires_at),
      createdAt: iso(row.created_at),
    };
  },
};

export const pollWrites = {
  async create(
    tx: Tx,
    discussionId: string,
    poll: { question: string; options: string[]; expiresAt?: string },
  ): Promise<void> {
    await tx.poll.create({
      data: {
        id: randomUUID(),
        discussionId,
        question: poll.question,
        expiresAt: poll.expiresAt ? new Date(poll.expiresAt) : null,
        options: { create: poll.options.map((text, position) => ({ id: randomUUID(), text, position })) },
      },
    });
  },

  /** Locks the poll: votes on one poll are applied one at a time, so the counts stay exact. */
  async lock(tx: Tx, discussionId: string): Promise<{ id: string; expiresAt: Date | null } | null> {
    const [row] = await tx.$queryRaw<
      { id: string; expires_at: Date | null }[]
    >`SELECT id, expires_at FROM polls WHERE discussion_id = ${discussionId}::uuid FOR UPDATE`;
    return row ? { id: row.id, expiresAt: row.expires_at } : null;
  },

  /** Under the poll's lock: records the member's vote (or moves it) and adjusts both counts. */
  async castVote(
    tx: Tx,
    vote: { pollId: string; optionId: string; userId: string; ipAddress: string | null },
  ): Promise<{ previousOptionId: string | null }> {
    const existing = await tx.pollVote.findUnique({
      where: { pollId_userId: { pollId: vote.pollId, userId: vote.userId } },
      select: { id: true, optionId: true },
    });
    if (existing?.optionId === vote.optionId) return { previousOptionId: vote.optionId };
    if (existing) {
      await tx.pollVote.update({
        where: { id: existing.id },
        data: { optionId: vote.optionId, ipAddress: vote.ipAddress },
      });
      await tx.pollOption.update({ where: { id: existing.optionId }, data: { voteCount: { decrement: 1 } } });
    } else {
      await tx.pollVote.create({
        data: {
          id: randomUUID(),
          pollId: vote.pollId,
          optionId: vote.optionId,
          userId: vote.userId,
          ipAddress: vote.ipAddress,
        },
      });
    }
    await tx.pollOption.update({ where: { id: vote.optionId }, data: { voteCount: { increment: 1 } } });
    return { previousOptionId: existing?.optionId ?? null };
  },

  async pollOfOption(tx: Tx, optionId: string): Promise<string | null> {
    return (await tx.pollOption.findUnique({ where: { id: optionId }, select: { pollId: true } }))?.pollId ?? null;
  },

  countVotes: (tx: Tx, pollId: string) => tx.pollVote.count({ where: { pollId } }),
};
