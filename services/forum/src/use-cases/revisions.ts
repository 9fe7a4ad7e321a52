import type { PostRevision } from '@crucible/proto';
import { renderContent } from '../content/render.ts';
import { replyRepository } from '../repositories/replies.ts';
import { revisionRepository, type RevisionRow } from '../repositories/revisions.ts';
import { sqlOnPool } from '../repositories/sql.ts';
import { NotFoundError, type Caller } from '@crucible/platform';
import { FORUM_MESSAGES } from '@crucible/proto';
import type { ForumContext } from './context.ts';
import { requireModerator, visibleDiscussion } from './discussion-access.ts';

function toRevision(row: RevisionRow): PostRevision {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    contentFormat: row.content_format,
    contentHtml: renderContent(row.content, row.content_format),
    editedBy: row.editor_known
      ? {
          id: row.editor_id,
          firstName: row.editor_first_name,
          lastName: row.editor_last_name,
          accessLevel: row.editor_access_level!,
          profileImageUrl: row.editor_profile_image_url,
        }
      : null,
    replacedAt: row.replaced_at,
  };
}

/** A post's earlier versions: for those who moderate its discussion (admins included), as Discourse shows them. */
export async function listRevisions(
  ctx: ForumContext,
  viewer: Caller,
  discussionId: string,
  replyId: string | null,
): Promise<PostRevision[]> {
  const access = await visibleDiscussion(ctx, viewer, discussionId);
  await requireModerator(access);
  if (replyId) {
    const reply = await replyRepository.findPlacement(ctx.prisma, replyId);
    if (reply?.discussionId !== discussionId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
  }
  return (await revisionRepository.list(sqlOnPool(ctx.pool), discussionId, replyId)).map(toRevision);
}
