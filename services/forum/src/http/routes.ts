import { pipeline } from 'node:stream/promises';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import {
  FORUM_MESSAGES, NEXT_CURSOR_HEADER, attachmentCreateSchema, attachmentLinkSchema, attachmentUploadRequestSchema, discussionCreateSchema,
  discussionListQuerySchema, discussionPatchSchema, forumModeratorCreateSchema, pollCreateSchema, pollVoteSchema, replyCreateSchema,
  replyListQuerySchema, replyPatchSchema, searchQuerySchema, subcategoryCreateSchema, subcategoryListQuerySchema, watchedListQuerySchema,
} from '@crucible/proto';
import { NotFoundError, authenticate, parseWith, principalOf, type TokenVerifier } from '@crucible/platform';
import { viewerOf, type Viewer } from '../use-cases/access.ts';
import * as attachments from '../use-cases/attachments.ts';
import type { ForumContext } from '../use-cases/context.ts';
import * as discussions from '../use-cases/discussions.ts';
import * as moderators from '../use-cases/moderators.ts';
import * as polls from '../use-cases/polls.ts';
import * as replies from '../use-cases/replies.ts';
import { search } from '../use-cases/search.ts';
import * as subcategories from '../use-cases/subcategories.ts';
import * as watching from '../use-cases/watching.ts';

const uuid = z.uuid();

/** An id that is not a uuid names nothing: the same 404 as a missing one, not a database error. */
function idParam(req: Request, name: string, notFoundMessage: string): string {
  const parsed = uuid.safeParse(req.params[name]);
  if (!parsed.success) throw new NotFoundError(notFoundMessage);
  return parsed.data.toLowerCase();
}

const discussionId = (req: Request) => idParam(req, 'id', FORUM_MESSAGES.discussionNotFound);
const viewer = (req: Request): Viewer => viewerOf(principalOf(req));

/** Lists stay arrays (the spec's contract); the next page's cursor travels in a header. */
function sendPage<T>(res: Response, page: { items: T[]; nextCursor: string | null }): void {
  if (page.nextCursor) res.set(NEXT_CURSOR_HEADER, page.nextCursor);
  res.json(page.items);
}

export function registerForumRoutes(router: Router, deps: { ctx: ForumContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const signedIn = authenticate(verifier, { required: true });

  router.get('/api/subcategories', signedIn, async (req, res) => {
    res.json(await subcategories.listSubcategories(ctx, viewer(req), parseWith(subcategoryListQuerySchema, req.query)));
  });
  router.get('/api/subcategories/:id', signedIn, async (req, res) => {
    res.json(await subcategories.getSubcategory(ctx, viewer(req), idParam(req, 'id', FORUM_MESSAGES.topicNotFound)));
  });
  router.post('/api/subcategories', signedIn, async (req, res) => {
    res.status(201).json(await subcategories.createSubcategory(ctx, viewer(req), parseWith(subcategoryCreateSchema, req.body)));
  });

  router.get('/api/discussions', signedIn, async (req, res) => {
    sendPage(res, await discussions.listDiscussions(ctx, viewer(req), parseWith(discussionListQuerySchema, req.query)));
  });
  router.post('/api/discussions', signedIn, async (req, res) => {
    res.status(201).json(await discussions.createDiscussion(ctx, viewer(req), parseWith(discussionCreateSchema, req.body)));
  });
  router.get('/api/discussions/:id', signedIn, async (req, res) => {
    res.json(await discussions.getDiscussion(ctx, viewer(req), discussionId(req)));
  });
  router.patch('/api/discussions/:id', signedIn, async (req, res) => {
    res.json(await discussions.updateDiscussion(ctx, viewer(req), discussionId(req), parseWith(discussionPatchSchema, req.body)));
  });
  router.delete('/api/discussions/:id', signedIn, async (req, res) => {
    await discussions.deleteDiscussion(ctx, viewer(req), discussionId(req));
    res.status(204).end();
  });

  router.get('/api/discussions/:id/replies', signedIn, async (req, res) => {
    sendPage(res, await replies.listReplies(ctx, viewer(req), discussionId(req), parseWith(replyListQuerySchema, req.query)));
  });
  router.post('/api/discussions/:id/replies', signedIn, async (req, res) => {
    res.status(201).json(await replies.createReply(ctx, viewer(req), discussionId(req), parseWith(replyCreateSchema, req.body)));
  });
  router.patch('/api/discussions/:id/replies/:replyId', signedIn, async (req, res) => {
    const replyId = idParam(req, 'replyId', FORUM_MESSAGES.replyNotFound);
    res.json(await replies.updateReply(ctx, viewer(req), discussionId(req), replyId, parseWith(replyPatchSchema, req.body)));
  });
  router.delete('/api/discussions/:id/replies/:replyId', signedIn, async (req, res) => {
    await replies.deleteReply(ctx, viewer(req), discussionId(req), idParam(req, 'replyId', FORUM_MESSAGES.replyNotFound));
    res.status(204).end();
  });

  router.get('/api/discussions/:id/poll', signedIn, async (req, res) => {
    res.json(await polls.getPoll(ctx, viewer(req), discussionId(req)));
  });
  router.post('/api/discussions/:id/poll', signedIn, async (req, res) => {
    res.status(201).json(await polls.createPoll(ctx, viewer(req), discussionId(req), parseWith(pollCreateSchema, req.body)));
  });
  router.post('/api/discussions/:id/poll/vote', signedIn, async (req, res) => {
    const { optionId } = parseWith(pollVoteSchema, req.body);
    res.json(await polls.vote(ctx, viewer(req), discussionId(req), optionId.toLowerCase(), req.ip ?? null));
  });

  router.post('/api/discussions/:id/attachments', signedIn, async (req, res) => {
    res.json(await attachments.attachToDiscussion(ctx, viewer(req), discussionId(req), parseWith(attachmentLinkSchema, req.body).attachmentIds));
  });

  router.post('/api/discussions/:id/watch', signedIn, async (req, res) => {
    res.json(await watching.watch(ctx, viewer(req), discussionId(req)));
  });
  router.delete('/api/discussions/:id/watch', signedIn, async (req, res) => {
    await watching.unwatch(ctx, viewer(req), discussionId(req));
    res.status(204).end();
  });
  router.get('/api/users/:id/watched', signedIn, async (req, res) => {
    const userId = idParam(req, 'id', FORUM_MESSAGES.userNotFound);
    sendPage(res, await watching.listWatched(ctx, viewer(req), userId, parseWith(watchedListQuerySchema, req.query)));
  });

  router.post('/api/attachments/upload', signedIn, async (req, res) => {
    res.json(await attachments.requestUpload(ctx, viewer(req), parseWith(attachmentUploadRequestSchema, req.body)));
  });
  router.post('/api/attachments', signedIn, async (req, res) => {
    res.status(201).json(await attachments.recordAttachment(ctx, viewer(req), parseWith(attachmentCreateSchema, req.body)));
  });
  router.get('/api/attachments/:id', signedIn, async (req, res) => {
    res.json(await attachments.getAttachment(ctx, viewer(req), idParam(req, 'id', FORUM_MESSAGES.attachmentNotFound)));
  });
  router.get('/api/attachments/:id/download', signedIn, async (req, res) => {
    const download = await attachments.downloadAttachment(ctx, viewer(req), idParam(req, 'id', FORUM_MESSAGES.attachmentNotFound));
    // Always a download under the original name; the stored type is one of the allowed ones (never
    // HTML, SVG or XML), and nosniff plus a sandbox keep a browser from treating it as a page.
    res.attachment(download.attachment.originalName);
    res.set({
      'Content-Type': download.attachment.mimeType,
      'Content-Length': String(download.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=0, must-revalidate',
    });
    await pipeline(await download.open(), res);
  });
  router.delete('/api/attachments/:id', signedIn, async (req, res) => {
    await attachments.deleteAttachment(ctx, viewer(req), idParam(req, 'id', FORUM_MESSAGES.attachmentNotFound));
    res.status(204).end();
  });

  router.get('/api/forum-moderators', signedIn, async (req, res) => {
    res.json(await moderators.listModerators(ctx, viewer(req)));
  });
  router.post('/api/forum-moderators', signedIn, async (req, res) => {
    res.status(201).json(await moderators.grantModerator(ctx, viewer(req), parseWith(forumModeratorCreateSchema, req.body)));
  });
  router.delete('/api/forum-moderators/:id', signedIn, async (req, res) => {
    await moderators.revokeModerator(ctx, viewer(req), idParam(req, 'id', FORUM_MESSAGES.moderatorNotFound));
    res.status(204).end();
  });

  router.get('/api/search', signedIn, async (req, res) => {
    res.json(await search(ctx, viewer(req), parseWith(searchQuerySchema, req.query)));
  });
}
