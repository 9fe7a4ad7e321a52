import { randomUUID } from 'node:crypto';
import {
  SUBJECTS,
  canSeeForumLevel,
  displayName,
  forumLevelOf,
  type AccessLevel,
  type MentionCreatedPayload,
} from '@crucible/proto';
import { excerptOf } from '../content/render.ts';
import { mentionsIn } from '../content/mentions.ts';
import { mentionRepository } from '../repositories/mentions.ts';
import { userReplica, type KnownUser } from '../repositories/users.ts';
import type { Emit, Tx } from './context.ts';

export interface MentionSource {
  content: string;
  author: { id: string; name: string };
  discussion: { id: string; title: string; accessLevel: AccessLevel };
  replyId: string | null;
}

/**
 * Records the members a post mentions and tells each once (mention.created), leaving out the
 * author, members who cannot see the post, and members this post already mentioned.
 */
export async function recordMentions(tx: Tx, emit: Emit, source: MentionSource): Promise<void> {
  const targets = mentionsIn(source.content);
  if (targets.userIds.length === 0 && targets.emails.length === 0) return;
  const [byId, byEmail, already] = await Promise.all([
    userReplica.findMany(tx, targets.userIds),
    userReplica.findByEmails(tx, targets.emails),
    mentionRepository.mentionedUserIds(tx, source.discussion.id, source.replyId),
  ]);
  const skip = new Set([source.author.id, ...already]);
  const mentioned = new Map<string, KnownUser>();
  for (const user of [...byId, ...byEmail]) {
    if (!skip.has(user.id) && canSeeForumLevel(forumLevelOf(user), source.discussion.accessLevel))
      mentioned.set(user.id, user);
  }
  if (mentioned.size === 0) return;
  const context = excerptOf(source.content);
  const rows = [...mentioned.keys()].map((mentionedUserId) => ({
    id: randomUUID(),
    mentionedUserId,
    mentionedBy: source.author.id,
    discussionId: source.discussion.id,
    replyId: source.replyId,
    context,
  }));
  await mentionRepository.createMany(tx, rows);
  for (const row of rows) {
    const payload: MentionCreatedPayload = {
      mentionId: row.id,
      mentionedUserId: row.mentionedUserId,
      mentionedBy: source.author.id,
      mentionedByName: source.author.name,
      discussionId: source.discussion.id,
      discussionTitle: source.discussion.title,
      replyId: source.replyId,
      context,
    };
    await emit(SUBJECTS.forumMentionCreated, payload);
  }
}

/**
 * 'Ada Lovelace', else 'Unknown User', never the e-mail: this name travels in events to other members
 * (mentions, replies to watchers), who may not see the address (contact-information privacy).
 */
export async function authorOf(tx: Tx, userId: string): Promise<{ id: string; name: string }> {
  return { id: userId, name: displayName(await userReplica.findById(tx, userId)) };
}
