import { randomUUID } from 'node:crypto';
import {
  FORUM_MESSAGES,
  SUBJECTS,
  higherLevel,
  type AccessLevel,
  type DiscussionCreate,
  type DiscussionCreatedPayload,
  type DiscussionDetail,
  type DiscussionListQuery,
  type DiscussionPatch,
  type PostDelete,
} from '@crucible/proto';
import { BadRequestError, ForbiddenError, NotFoundError, type Caller } from '@crucible/platform';
import { renderContent } from '../content/render.ts';
import {
  discussionReads,
  discussionWrites,
  type DiscussionPage,
  type HiddenFilter,
} from '../repositories/discussions.ts';
import { attachmentRepository } from '../repositories/attachments.ts';
import { pollReads, pollWrites } from '../repositories/polls.ts';
import { replyRepository } from '../repositories/replies.ts';
import { decodeCursor, sqlInTransaction, sqlOnPool, type Sql } from '../repositories/sql.ts';
import { subcategoryRepository } from '../repositories/subcategories.ts';
import { setDiscussionTags } from '../repositories/tags.ts';
import { revisionRepository } from '../repositories/revisions.ts';
import { watchRepository } from '../repositories/watching.ts';
import { announceRemoval, moderationActionsOf, recordModeration } from './moderation-log.ts';
import {
  canSee,
  forumLevelOfCaller,
  isModeratorAnywhere,
  moderates,
  moderationScopeOf,
  requirePostableLevel,
} from './access.ts';
import { deleteBlobsLater, linkAttachments } from './attachments.ts';
import { inTransaction, type ForumContext } from './context.ts';
import { cachedListPage, cachedListScope, changedPayload, forgetPagesOf } from './first-pages.ts';
import { accessTo, requireAuthorOrModerator, requireEditable, requireModerator } from './discussion-access.ts';
import { authorOf, recordMentions } from './mentions.ts';
import { ensureUserKnown, withKnownAuthors } from './user-replica.ts';
import { withMyVotes } from './votes.ts';
import { withNewReplyCounts } from './visits.ts';

const EMPTY_PAGE: DiscussionPage = { items: [], nextCursor: null };

/** Hidden discussions show in lists only to those who moderate them, and only when asked for. */
async function hiddenFilterFor(ctx: ForumContext, viewer: Caller, includeHidden: boolean): Promise<HiddenFilter> {
  if (!includeHidden) return 'none';
  const scope = await moderationScopeOf(ctx, viewer);
  if (scope.everywhere) return 'all';
  return isModeratorAnywhere(scope) ? { categories: scope.categories, subcategoryIds: scope.subcategoryIds } : 'none';
}

export async function listDiscussions(
  ctx: ForumContext,
  viewer: Caller,
  query: DiscussionListQuery,
): Promise<DiscussionPage> {
  const level = forumLevelOfCaller(viewer);
  if (level === 'Public') return EMPTY_PAGE;
  // A filter above the viewer's level matches nothing, the same as a level with no discussions.
  if (query.category && !canSee(viewer, query.category)) return EMPTY_PAGE;
  const read = async () =>
    discussionReads.page(sqlOnPool(ctx.pool), {
      viewerLevel: level,
      hidden: await hiddenFilterFor(ctx, viewer, query.includeHidden),
      category: query.category,
      subcategoryId: query.subcategoryId,
      authorId: query.authorId,
      discussionType: query.discussionType,
      tag: query.tag,
      limit: query.limit,
      before: decodeCursor(query.before),
    });
  // A first page is the same for everyone at the viewer's level: cached per level.
  const scope = cachedListScope(query);
  const page = scope ? await cachedListPage(ctx, scope, level, read) : await read();
  const items = await withMyVotes(ctx, viewer, 'discussion', await withKnownAuthors(ctx, page.items));
  return { ...page, items: await withNewReplyCounts(ctx, viewer, items) };
}

/** `sql` is the pool's unless the caller reads inside its own transaction (a discussion it just created). */
export async function getDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  id: string,
  sql: Sql = sqlOnPool(ctx.pool),
): Promise<DiscussionDetail> {
  const found = await discussionReads.detail(sql, id, viewer.userId);
  const access = await accessTo(ctx, viewer, found?.summary ?? null);
  const { contentHtml, attachments, isWatched, lastVisitedAt } = found!;
  const [summary] = await withKnownAuthors(ctx, [found!.summary]);
  const poll = summary!.hasPoll ? await pollReads.ofDiscussion(sql, id, viewer.userId) : null;
  const canModerate = await access.canModerate();
  return { ...summary!, contentHtml, attachments, poll, isWatched, canModerate, lastVisitedAt };
}

interface Placement {
  category: AccessLevel;
  subcategoryId: string | null;
  parentCategoryId: string | null;
  accessLevel: AccessLevel;
}

/**
 * Where a new discussion goes and the level that sees it. A topic fixes the level; a parent
 * category entry and the minimum level can only raise it, never expose it below them.
 */
async function placementOf(ctx: ForumContext, viewer: Caller, input: DiscussionCreate): Promise<Placement> {
  let category = input.category as AccessLevel | undefined;
  let accessLevel = input.minAccessLevel;
  let subcategoryId: string | null = null;
  if (input.subcategoryId) {
    const topic = await subcategoryRepository.findById(ctx.prisma, input.subcategoryId);
    if (!topic || !canSee(viewer, topic.accessLevel) || (!topic.isActive && !viewer.isAdmin))
      throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
    category = topic.category;
    accessLevel = higherLevel(accessLevel, topic.accessLevel);
    subcategoryId = topic.id;
  }
  if (!category) throw new BadRequestError(FORUM_MESSAGES.accessLevelRequired);
  accessLevel = higherLevel(accessLevel, category);
  let parentCategoryId: string | null = null;
  if (input.parentCategoryId) {
    const parent = await discussionReads.placeOf(sqlOnPool(ctx.pool), input.parentCategoryId);
    if (!parent || parent.discussionType !== 'category' || !canSee(viewer, parent.accessLevel))
      throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
    accessLevel = higherLevel(accessLevel, parent.accessLevel);
    parentCategoryId = parent.id;
  }
  requirePostableLevel(viewer, accessLevel);
  return { category, subcategoryId, parentCategoryId, accessLevel };
}

export async function createDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  input: DiscussionCreate,
): Promise<DiscussionDetail> {
  if (forumLevelOfCaller(viewer) === 'Public') throw new ForbiddenError(FORUM_MESSAGES.forumsNeedLevel);
  if (input.discussionType === 'category' && !viewer.isAdmin)
    throw new ForbiddenError(FORUM_MESSAGES.categoryTopicsAdminOnly);
  const placement = await placementOf(ctx, viewer, input);
  await ensureUserKnown(ctx, viewer.userId);
  const id = randomUUID();
  // The answer is read inside the transaction: once the discussion is committed its answer exists, so a
  // database that drops right after the commit cannot turn a stored discussion into an error, which the
  // client would resend with the same idempotency key (only successes are remembered) and double.
  const created = await inTransaction(ctx, async (tx, emit) => {
    if (placement.subcategoryId) await subcategoryRepository.lockForCount(tx, placement.subcategoryId);
    const discussion = await discussionWrites.create(tx, {
      id,
      title: input.title,
      content: input.content,
      contentFormat: input.contentFormat,
      contentHtml: renderContent(input.content, input.contentFormat),
      discussionType: input.discussionType,
      authorId: viewer.userId,
      minAccessLevel: input.minAccessLevel,
      ...placement,
    });
    if (placement.subcategoryId && input.discussionType === 'discussion')
      await subcategoryRepository.countNewDiscussion(tx, placement.subcategoryId);
    if (input.includePoll && input.pollQuestion && input.pollOptions)
      await pollWrites.create(tx, id, { question: input.pollQuestion, options: input.pollOptions });
    if (input.tags?.length) await setDiscussionTags(tx, id, input.tags);
    await linkAttachments(tx, viewer, input.attachmentIds ?? [], { discussionId: id });
    await recordMentions(tx, emit, {
      content: input.content,
      author: await authorOf(tx, viewer.userId),
      discussion: { id, title: input.title, accessLevel: placement.accessLevel },
      replyId: null,
    });
    const payload: DiscussionCreatedPayload = {
      discussionId: id,
      title: discussion.title,
      category: discussion.category,
      accessLevel: discussion.accessLevel,
      subcategoryId: discussion.subcategoryId,
      discussionType: discussion.discussionType,
      authorId: viewer.userId,
      createdAt: discussion.createdAt.toISOString(),
    };
    await emit(SUBJECTS.forumDiscussionCreated, payload);
    // A starter follows their own discussion: its replies reach them like any watcher's.
    if (input.discussionType === 'discussion') await watchRepository.watch(tx, viewer.userId, id);
    return getDiscussion(ctx, viewer, id, sqlInTransaction(tx));
  });
  await forgetPagesOf(ctx, { id, ...placement });
  return created;
}

const MODERATION_FIELDS = ['isLocked', 'isPinned', 'isHidden', 'subcategoryId', 'moderationReason'] as const;
const EDIT_FIELDS = ['title', 'content', 'contentFormat', 'tags'] as const;

/** Where a moderator moves a discussion: a visible topic they moderate; its level follows the topic. */
async function moveTarget(ctx: ForumContext, viewer: Caller, topicId: string, minAccessLevel: AccessLevel) {
  const topic = await subcategoryRepository.findById(ctx.prisma, topicId);
  if (!topic || !canSee(viewer, topic.accessLevel) || (!topic.isActive && !viewer.isAdmin))
    throw new NotFoundError(FORUM_MESSAGES.topicNotFound);
  if (!moderates(await moderationScopeOf(ctx, viewer), { category: topic.category, subcategoryId: topic.id }))
    throw new ForbiddenError(FORUM_MESSAGES.moveTopicOutOfScope);
  return {
    subcategoryId: topic.id,
    category: topic.category as AccessLevel,
    accessLevel: higherLevel(higherLevel(minAccessLevel, topic.accessLevel), topic.category),
  };
}

/**
 * Its author, its moderators and admins edit title, content and tags (the replaced version is kept
 * as a revision); in a locked discussion only its moderators do. Moderators lock, pin, hide and move it.
 */
export async function updateDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  id: string,
  patch: DiscussionPatch,
): Promise<DiscussionDetail> {
  const places = await inTransaction(ctx, async (tx, emit) => {
    const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sqlInTransaction(tx), id));
    const edits = EDIT_FIELDS.some((field) => patch[field] !== undefined);
    const moderation = MODERATION_FIELDS.some((field) => patch[field] !== undefined);
    if (moderation) await requireModerator(access);
    if (edits) await requireEditable(access);
    const current = await discussionWrites.editable(tx, id);
    const moved =
      patch.subcategoryId !== undefined && patch.subcategoryId !== access.place.subcategoryId
        ? await moveTarget(ctx, viewer, patch.subcategoryId, current.minAccessLevel)
        : null;
    const topicIds = [
      ...new Set([access.place.subcategoryId, moved?.subcategoryId].filter((topic) => topic != null)),
    ].sort();
    if (patch.isHidden !== undefined || moved) {
      for (const topicId of topicIds) await subcategoryRepository.lockForCount(tx, topicId);
    }
    const content = patch.content ?? current.content;
    const contentFormat = patch.contentFormat ?? current.contentFormat;
    const textChanged =
      (patch.title !== undefined && patch.title !== current.title) ||
      (patch.content !== undefined && patch.content !== current.content) ||
      (patch.contentFormat !== undefined && patch.contentFormat !== current.contentFormat);
    if (textChanged) {
      await revisionRepository.record(tx, {
        discussionId: id,
        replyId: null,
        title: current.title,
        content: current.content,
        contentFormat: current.contentFormat,
        editedBy: viewer.userId,
      });
    }
    await discussionWrites.update(tx, id, {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.content !== undefined || patch.contentFormat !== undefined
        ? { content, contentFormat, contentHtml: renderContent(content, contentFormat) }
        : {}),
      ...(textChanged ? { editedAt: new Date() } : {}),
      ...(patch.isLocked !== undefined ? { isLocked: patch.isLocked } : {}),
      ...(patch.isPinned !== undefined ? { isPinned: patch.isPinned } : {}),
      ...(patch.isHidden !== undefined ? { isApproved: !patch.isHidden } : {}),
      ...(moved ?? {}),
      ...(moderation ? { moderatedBy: viewer.userId, moderationReason: patch.moderationReason ?? null } : {}),
    });
    if (moved) await discussionWrites.moveReplies(tx, id, moved);
    if (patch.tags) await setDiscussionTags(tx, id, patch.tags);
    if (moderation || (edits && !access.isAuthor)) {
      const action = [moderation ? moderationActionsOf(patch) : null, edits && !access.isAuthor ? 'edit' : null]
        .filter(Boolean)
        .join(', ');
      await recordModeration(emit, viewer, {
        actionType: 'forum_moderation',
        targetUserId: access.place.authorId,
        description: `Moderated discussion "${current.title}": ${action}`,
        details: {
          action,
          discussionId: id,
          reason: patch.moderationReason ?? null,
          ...(moved ? { fromSubcategoryId: access.place.subcategoryId, toSubcategoryId: moved.subcategoryId } : {}),
        },
      });
    }
    if (patch.isHidden !== undefined) await replyRepository.setDiscussionApproved(tx, id, !patch.isHidden);
    if (patch.isHidden !== undefined || moved) {
      for (const topicId of topicIds) await subcategoryRepository.recountDiscussions(tx, topicId);
    }
    if (patch.content !== undefined) {
      await recordMentions(tx, emit, {
        content,
        author: await authorOf(tx, viewer.userId),
        discussion: {
          id,
          title: patch.title ?? current.title,
          accessLevel: moved?.accessLevel ?? access.place.accessLevel,
        },
        replyId: null,
      });
    }
    const after = moved ? { ...access.place, ...moved } : access.place;
    await emit(SUBJECTS.forumDiscussionUpdated, changedPayload(after));
    return moved ? [access.place, after] : [access.place];
  });
  for (const place of places) await forgetPagesOf(ctx, place);
  return getDiscussion(ctx, viewer, id);
}

/** Its author, or a moderator of it with a reason (the author is told, the audit log records it). */
export async function deleteDiscussion(
  ctx: ForumContext,
  viewer: Caller,
  id: string,
  input: PostDelete = {},
): Promise<void> {
  const { place, blobKeys } = await inTransaction(ctx, async (tx, emit) => {
    const access = await accessTo(ctx, viewer, await discussionWrites.lockPlace(sqlInTransaction(tx), id));
    await requireAuthorOrModerator(access);
    if (!access.isAuthor) {
      if (!input.reason) throw new BadRequestError(FORUM_MESSAGES.deleteReasonRequired);
      await recordModeration(emit, viewer, {
        actionType: 'forum_moderation',
        targetUserId: access.place.authorId,
        description: `Deleted discussion "${access.place.title}"`,
        details: { action: 'delete', discussionId: id, reason: input.reason },
      });
      await announceRemoval(emit, viewer, {
        discussionId: id,
        replyId: null,
        discussionTitle: access.place.title,
        authorId: access.place.authorId,
        reason: input.reason,
      });
    }
    if (access.place.subcategoryId) await subcategoryRepository.lockForCount(tx, access.place.subcategoryId);
    const keys = await attachmentRepository.keysOfDiscussion(tx, id);
    await discussionWrites.delete(tx, id);
    if (access.place.subcategoryId) await subcategoryRepository.recountDiscussions(tx, access.place.subcategoryId);
    await emit(SUBJECTS.forumDiscussionDeleted, changedPayload(access.place));
    return { place: access.place, blobKeys: keys };
  });
  await forgetPagesOf(ctx, place);
  deleteBlobsLater(ctx, blobKeys);
}
