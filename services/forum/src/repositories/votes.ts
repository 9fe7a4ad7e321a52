import { randomUUID } from 'node:crypto';
import type { PostVoteType } from '@crucible/proto';
import type { Tx } from './db.ts';
import { sqlInTransaction, type Sql } from './sql.ts';

/** What a vote is on: a discussion or a reply (the votes row names one of them). */
export type VotedPostKind = 'discussion' | 'reply';
export interface VotedPost {
  kind: VotedPostKind;
  id: string;
}

/** The post's table and the votes column that points at it (fixed names, never input). */
const TABLES = {
  discussion: { posts: 'discussions', column: 'discussion_id' },
  reply: { posts: 'replies', column: 'reply_id' },
} as const;

export interface PostVoteCounts {
  upvotes: number;
  downvotes: number;
}

/** A vote the member purge removed, with the post's author (whose counts it leaves). */
export interface WithdrawnVote {
  discussionId: string | null;
  replyId: string | null;
  authorId: string;
  voteType: PostVoteType;
}

const isUp = (vote: PostVoteType | null) => (vote === 'up' ? 1 : 0);
const isDown = (vote: PostVoteType | null) => (vote === 'down' ? 1 : 0);

export const voteReads = {
  /** The viewer's votes on some posts of one kind, by post id. */
  async mineOn(sql: Sql, viewerId: string, kind: VotedPostKind, postIds: string[]): Promise<Map<string, PostVoteType>> {
    if (postIds.length === 0) return new Map();
    const { column } = TABLES[kind];
    const rows = await sql<{ post_id: string; vote_type: PostVoteType }>(
      `SELECT ${column} AS post_id, vote_type FROM votes WHERE user_id = $1::uuid AND ${column} = ANY($2::uuid[])`,
      [viewerId, postIds],
    );
    return new Map(rows.map((row) => [row.post_id, row.vote_type]));
  },
};

export const voteWrites = {
  /**
   * Locks the reply row for the rest of the transaction: votes on one reply are applied one at a
   * time, so its counters always equal its votes (a discussion's votes lock its row: lockPlace).
   */
  async lockReply(
    tx: Tx,
    replyId: string,
  ): Promise<{ discussionId: string; authorId: string; isApproved: boolean } | null> {
    const [row] = await sqlInTransaction(tx)<{ discussion_id: string; author_id: string; is_approved: boolean }>(
      `SELECT discussion_id, author_id, (is_approved AND deleted_at IS NULL) AS is_approved FROM replies WHERE id = $1::uuid FOR UPDATE`,
      [replyId],
    );
    return row ? { discussionId: row.discussion_id, authorId: row.author_id, isApproved: row.is_approved } : null;
  },

  async voteOf(tx: Tx, userId: string, post: VotedPost): Promise<PostVoteType | null> {
    const [row] = await sqlInTransaction(tx)<{ vote_type: PostVoteType }>(
      `SELECT vote_type FROM votes WHERE user_id = $1::uuid AND ${TABLES[post.kind].column} = $2::uuid`,
      [userId, post.id],
    );
    return row?.vote_type ?? null;
  },

  async counts(tx: Tx, post: VotedPost): Promise<PostVoteCounts> {
    const [row] = await sqlInTransaction(tx)<PostVoteCounts>(
      `SELECT upvotes, downvotes FROM ${TABLES[post.kind].posts} WHERE id = $1::uuid`,
      [post.id],
    );
    return row!;
  },

  /**
   * Under the post's lock: records the member's vote as `next` (null deletes it) and moves the
   * post's counters by the difference from `previous`, answering the new counts.
   */
  async change(
    tx: Tx,
    userId: string,
    post: VotedPost,
    previous: PostVoteType | null,
    next: PostVoteType | null,
  ): Promise<PostVoteCounts> {
    const sql = sqlInTransaction(tx);
    const { posts, column } = TABLES[post.kind];
    if (next === null) {
      await sql(`DELETE FROM votes WHERE user_id = $1::uuid AND ${column} = $2::uuid`, [userId, post.id]);
    } else if (previous === null) {
      await sql(`INSERT INTO votes (id, user_id, ${column}, vote_type) VALUES ($1::uuid, $2::uuid, $3::uuid, $4)`, [
        randomUUID(),
        userId,
        post.id,
        next,
      ]);
    } else {
      await sql(`UPDATE votes SET vote_type = $3 WHERE user_id = $1::uuid AND ${column} = $2::uuid`, [
        userId,
        post.id,
        next,
      ]);
    }
    const [row] = await sql<PostVoteCounts>(
      `UPDATE ${posts} SET upvotes = upvotes + $2, downvotes = downvotes + $3 WHERE id = $1::uuid RETURNING upvotes, downvotes`,
      [post.id, isUp(next) - isUp(previous), isDown(next) - isDown(previous)],
    );
    return row!;
  },

  /**
   * Deletes every vote of a member and takes each off its post's counters, in one statement (each
   * post's row is updated in place, so concurrent votes by others still add up). A member holds
   * at most one vote per post.
   */
  async deleteAllOf(tx: Tx, userId: string): Promise<WithdrawnVote[]> {
    const rows = await sqlInTransaction(tx)<{
      discussion_id: string | null;
      reply_id: string | null;
      author_id: string;
      vote_type: PostVoteType;
    }>(
      `WITH gone AS (
         DELETE FROM votes WHERE user_id = $1::uuid RETURNING discussion_id, reply_id, vote_type
       ), discussion_counts AS (
         UPDATE discussions d SET upvotes = d.upvotes - (g.vote_type = 'up')::int, downvotes = d.downvotes - (g.vote_type = 'down')::int
         FROM gone g WHERE d.id = g.discussion_id
         RETURNING d.id AS discussion_id, NULL::uuid AS reply_id, d.author_id, g.vote_type
       ), reply_counts AS (
         UPDATE replies r SET upvotes = r.upvotes - (g.vote_type = 'up')::int, downvotes = r.downvotes - (g.vote_type = 'down')::int
         FROM gone g WHERE r.id = g.reply_id
         RETURNING NULL::uuid AS discussion_id, r.id AS reply_id, r.author_id, g.vote_type
       )
       SELECT * FROM discussion_counts UNION ALL SELECT * FROM reply_counts`,
      [userId],
    );
    return rows.map((row) => ({
      discussionId: row.discussion_id,
      replyId: row.reply_id,
      authorId: row.author_id,
      voteType: row.vote_type,
    }));
  },
};
