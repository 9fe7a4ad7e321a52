import { FORUM_MESSAGES } from '@crucible/proto';
import { ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import { discussionReads, type DiscussionPlace } from '../repositories/discussions.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { canSee, moderates, moderationScopeOf } from './access.ts';
import type { ForumContext } from './context.ts';

/** A discussion the viewer may see, and what they may do with it. */
export interface DiscussionAccess {
  place: DiscussionPlace;
  viewerId: string;
  isAuthor: boolean;
  /** Whether the viewer moderates this discussion (asked at most once). */
  canModerate(): Promise<boolean>;
}

/**
 * A discussion above the viewer's level, hidden from them, or missing all answer the same 404,
 * so nothing about what exists above a member's level leaks.
 */
export async function accessTo(
  ctx: ForumContext,
  viewer: Caller,
  place: DiscussionPlace | null,
): Promise<DiscussionAccess> {
  if (!place || !canSee(viewer, place.accessLevel)) throw new NotFoundError(FORUM_MESSAGES.discussionNotFound);
  let moderator: Promise<boolean> | undefined;
  const access: DiscussionAccess = {
    place,
    viewerId: viewer.userId,
    isAuthor: place.authorId === viewer.userId,
    canModerate: () => (moderator ??= moderationScopeOf(ctx, viewer).then((scope) => moderates(scope, place))),
  };
  if (place.isHidden && !access.isAuthor && !(await access.canModerate()))
    throw new NotFoundError(FORUM_MESSAGES.discussionNotFound);
  return access;
}

export async function visibleDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
): Promise<DiscussionAccess> {
  return accessTo(ctx, viewer, await discussionReads.placeOf(sqlOnPool(ctx.pool), discussionId));
}

export async function requireModerator(access: DiscussionAccess): Promise<void> {
  if (!(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.moderatorsOnly);
}

export async function requireAuthorOrModerator(access: DiscussionAccess): Promise<void> {
  if (!access.isAuthor && !(await access.canModerate())) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
}

/**
 * Who may edit a post: its author, the discussion's moderators and admins; in a locked discussion
 * only its moderators (and admins).
 */
export async function requireEditable(access: DiscussionAccess, authorId = access.place.authorId): Promise<void> {
  const canModerate = await access.canModerate();
  if (authorId !== access.viewerId && !canModerate) throw new ForbiddenError(FORUM_MESSAGES.notYourPost);
  if (access.place.isLocked && !canModerate) throw new ForbiddenError(FORUM_MESSAGES.discussionLocked);
}
