import { pipeline } from 'node:stream/promises';
import type { Request, Response, Router } from 'express';
import { forumRoutes as routes } from '@crucible/proto';
import {
  DOWNLOAD_SAFETY_HEADERS,
  createRouteMounter,
  principalOf,
  requestMetaOf,
  type TokenVerifier,
} from '@crucible/platform';
import { renderContent } from '../content/render.ts';
import { viewerOf, type Viewer } from '../use-cases/access.ts';
import * as attachments from '../use-cases/attachments.ts';
import type { ForumContext } from '../use-cases/context.ts';
import * as discussions from '../use-cases/discussions.ts';
import * as moderators from '../use-cases/moderators.ts';
import * as polls from '../use-cases/polls.ts';
import * as postReports from '../use-cases/post-reports.ts';
import * as replies from '../use-cases/replies.ts';
import * as revisions from '../use-cases/revisions.ts';
import { search } from '../use-cases/search.ts';
import * as subcategories from '../use-cases/subcategories.ts';
import * as visits from '../use-cases/visits.ts';
import * as votes from '../use-cases/votes.ts';
import * as watching from '../use-cases/watching.ts';

const viewer = (req: Request): Viewer => {
  const principal = principalOf(req);
  return { ...viewerOf(principal), meta: { ...requestMetaOf(req), sessionId: principal.sessionId } };
};

/** Lists stay arrays (the spec's contract); the next page's cursor travels in a header. */
function sendPage<T>(res: Response, header: string, page: { items: T[]; nextCursor: string | null }): void {
  if (page.nextCursor) res.set(header, page.nextCursor);
  res.json(page.items);
}

/** The disk blob store's routes (`uploadBlob`, `downloadBlob`) are mounted by create-service ahead of the body parsers. */
export function registerForumRoutes(router: Router, deps: { ctx: ForumContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount.raw(routes.listTopics, async ({ query }, req, res) => {
    res.json(await subcategories.listSubcategories(ctx, viewer(req), query));
  });
  mount.raw(routes.getTopic, async ({ params }, req, res) => {
    res.json(await subcategories.getSubcategory(ctx, viewer(req), params.id));
  });
  mount.raw(routes.createTopic, async ({ body }, req, res) => {
    res.status(201).json(await subcategories.createSubcategory(ctx, viewer(req), body));
  });

  mount.raw(routes.listForumLevels, async (_input, req, res) => {
    res.json(await subcategories.listForumLevels(ctx, viewer(req)));
  });

  mount.raw(routes.listDiscussions, async ({ query }, req, res) => {
    sendPage(res, routes.listDiscussions.nextCursorHeader, await discussions.listDiscussions(ctx, viewer(req), query));
  });
  mount.raw(routes.createDiscussion, async ({ body }, req, res) => {
    res.status(201).json(await discussions.createDiscussion(ctx, viewer(req), body));
  });
  mount.raw(routes.previewContent, ({ body }, _req, res) => {
    res.json({ contentHtml: renderContent(body.content, body.contentFormat) });
  });
  mount.raw(routes.getDiscussion, async ({ params }, req, res) => {
    res.json(await discussions.getDiscussion(ctx, viewer(req), params.id));
  });
  mount.raw(routes.updateDiscussion, async ({ params, body }, req, res) => {
    res.json(await discussions.updateDiscussion(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.deleteDiscussion, async ({ params, body }, req, res) => {
    await discussions.deleteDiscussion(ctx, viewer(req), params.id, body);
    res.status(204).end();
  });
  mount.raw(routes.listDiscussionRevisions, async ({ params }, req, res) => {
    res.json(await revisions.listRevisions(ctx, viewer(req), params.id, null));
  });

  mount.raw(routes.recordVisit, async ({ params }, req, res) => {
    await visits.recordVisit(ctx, viewer(req), params.id);
    res.status(204).end();
  });

  mount.raw(routes.listReplies, async ({ params, query }, req, res) => {
    sendPage(res, routes.listReplies.nextCursorHeader, await replies.listReplies(ctx, viewer(req), params.id, query));
  });
  mount.raw(routes.createReply, async ({ params, body }, req, res) => {
    res.status(201).json(await replies.createReply(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.updateReply, async ({ params, body }, req, res) => {
    res.json(await replies.updateReply(ctx, viewer(req), params.id, params.replyId, body));
  });
  mount.raw(routes.deleteReply, async ({ params, body }, req, res) => {
    await replies.deleteReply(ctx, viewer(req), params.id, params.replyId, body);
    res.status(204).end();
  });
  mount.raw(routes.listReplyRevisions, async ({ params }, req, res) => {
    res.json(await revisions.listRevisions(ctx, viewer(req), params.id, params.replyId));
  });

  mount.raw(routes.reportDiscussion, async ({ params, body }, req, res) => {
    res.status(201).json(await postReports.reportDiscussion(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.reportReply, async ({ params, body }, req, res) => {
    res.status(201).json(await postReports.reportReply(ctx, viewer(req), params.id, params.replyId, body));
  });

  mount.raw(routes.voteOnDiscussion, async ({ params, body }, req, res) => {
    res.json(await votes.voteOnDiscussion(ctx, viewer(req), params.id, body.voteType));
  });
  mount.raw(routes.voteOnReply, async ({ params, body }, req, res) => {
    res.json(await votes.voteOnReply(ctx, viewer(req), params.id, params.replyId, body.voteType));
  });

  mount.raw(routes.getPoll, async ({ params }, req, res) => {
    res.json(await polls.getPoll(ctx, viewer(req), params.id));
  });
  mount.raw(routes.createPoll, async ({ params, body }, req, res) => {
    res.status(201).json(await polls.createPoll(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.votePoll, async ({ params, body }, req, res) => {
    res.json(await polls.vote(ctx, viewer(req), params.id, body.optionId.toLowerCase(), req.ip ?? null));
  });

  mount.raw(routes.attachToDiscussion, async ({ params, body }, req, res) => {
    res.json(await attachments.attachToDiscussion(ctx, viewer(req), params.id, body.attachmentIds));
  });

  mount.raw(routes.watchDiscussion, async ({ params }, req, res) => {
    res.json(await watching.watch(ctx, viewer(req), params.id));
  });
  mount.raw(routes.unwatchDiscussion, async ({ params }, req, res) => {
    await watching.unwatch(ctx, viewer(req), params.id);
    res.status(204).end();
  });
  mount.raw(routes.listWatched, async ({ params, query }, req, res) => {
    sendPage(res, routes.listWatched.nextCursorHeader, await watching.listWatched(ctx, viewer(req), params.id, query));
  });

  mount.raw(routes.requestUpload, async ({ body }, req, res) => {
    res.json(await attachments.requestUpload(ctx, viewer(req), body));
  });
  mount.raw(routes.recordAttachment, async ({ body }, req, res) => {
    res.status(201).json(await attachments.recordAttachment(ctx, viewer(req), body));
  });
  mount.raw(routes.getAttachment, async ({ params }, req, res) => {
    res.json(await attachments.getAttachment(ctx, viewer(req), params.id));
  });
  mount.raw(routes.downloadAttachment, async ({ params }, req, res) => {
    const download = await attachments.downloadAttachment(ctx, viewer(req), params.id);
    // Always a download under the original name; the stored type is one of the allowed ones (never
    // HTML, SVG or XML), and nosniff plus a sandbox keep a browser from treating it as a page.
    res.attachment(download.attachment.originalName);
    res.set({
      'Content-Type': download.attachment.mimeType,
      'Content-Length': String(download.size),
      ...DOWNLOAD_SAFETY_HEADERS,
      'Cache-Control': 'private, max-age=0, must-revalidate',
    });
    await pipeline(await download.open(), res);
  });
  mount.raw(routes.deleteAttachment, async ({ params }, req, res) => {
    await attachments.deleteAttachment(ctx, viewer(req), params.id);
    res.status(204).end();
  });

  mount.raw(routes.listModerators, async (_input, req, res) => {
    res.json(await moderators.listModerators(ctx, viewer(req)));
  });
  mount.raw(routes.grantModerator, async ({ body }, req, res) => {
    res.status(201).json(await moderators.grantModerator(ctx, viewer(req), body));
  });
  mount.raw(routes.revokeModerator, async ({ params }, req, res) => {
    await moderators.revokeModerator(ctx, viewer(req), params.id);
    res.status(204).end();
  });

  mount.raw(routes.search, async ({ query }, req, res) => {
    res.json(await search(ctx, viewer(req), query));
  });
}
