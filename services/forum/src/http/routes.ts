import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { forumRoutes as routes } from '@crucible/proto';
import { DOWNLOAD_SAFETY_HEADERS, createRouteMounter, type TokenVerifier } from '@crucible/platform';
import { renderContent } from '../content/render.ts';
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

/** The disk blob store's routes (`uploadBlob`, `downloadBlob`) are mounted by create-service ahead of the body parsers. */
export function registerForumRoutes(router: Router, deps: { ctx: ForumContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.listTopics, ({ query, caller }) => subcategories.listSubcategories(ctx, caller, query));
  mount(routes.getTopic, ({ params, caller }) => subcategories.getSubcategory(ctx, caller, params.id));
  mount(routes.createTopic, ({ body, caller }) => subcategories.createSubcategory(ctx, caller, body));
  mount(routes.listForumLevels, ({ caller }) => subcategories.listForumLevels(ctx, caller));

  mount(routes.listDiscussions, ({ query, caller }) => discussions.listDiscussions(ctx, caller, query));
  mount(routes.createDiscussion, ({ body, caller }) => discussions.createDiscussion(ctx, caller, body));
  mount(routes.previewContent, ({ body }) => ({ contentHtml: renderContent(body.content, body.contentFormat) }));
  mount(routes.getDiscussion, ({ params, caller }) => discussions.getDiscussion(ctx, caller, params.id));
  mount(routes.updateDiscussion, ({ params, body, caller }) =>
    discussions.updateDiscussion(ctx, caller, params.id, body),
  );
  mount(routes.deleteDiscussion, ({ params, body, caller }) =>
    discussions.deleteDiscussion(ctx, caller, params.id, body),
  );
  mount(routes.listDiscussionRevisions, ({ params, caller }) => revisions.listRevisions(ctx, caller, params.id, null));

  mount(routes.recordVisit, ({ params, caller }) => visits.recordVisit(ctx, caller, params.id));

  mount(routes.listReplies, ({ params, query, caller }) => replies.listReplies(ctx, caller, params.id, query));
  mount(routes.createReply, ({ params, body, caller }) => replies.createReply(ctx, caller, params.id, body));
  mount(routes.updateReply, ({ params, body, caller }) =>
    replies.updateReply(ctx, caller, params.id, params.replyId, body),
  );
  mount(routes.deleteReply, ({ params, body, caller }) =>
    replies.deleteReply(ctx, caller, params.id, params.replyId, body),
  );
  mount(routes.listReplyRevisions, ({ params, caller }) =>
    revisions.listRevisions(ctx, caller, params.id, params.replyId),
  );

  mount(routes.reportDiscussion, ({ params, body, caller }) =>
    postReports.reportDiscussion(ctx, caller, params.id, body),
  );
  mount(routes.reportReply, ({ params, body, caller }) =>
    postReports.reportReply(ctx, caller, params.id, params.replyId, body),
  );

  mount(routes.voteOnDiscussion, ({ params, body, caller }) =>
    votes.voteOnDiscussion(ctx, caller, params.id, body.voteType),
  );
  mount(routes.voteOnReply, ({ params, body, caller }) =>
    votes.voteOnReply(ctx, caller, params.id, params.replyId, body.voteType),
  );

  mount(routes.getPoll, ({ params, caller }) => polls.getPoll(ctx, caller, params.id));
  mount(routes.createPoll, ({ params, body, caller }) => polls.createPoll(ctx, caller, params.id, body));
  mount(routes.votePoll, ({ params, body, caller }) => polls.vote(ctx, caller, params.id, body.optionId));

  mount(routes.attachToDiscussion, ({ params, body, caller }) =>
    attachments.attachToDiscussion(ctx, caller, params.id, body.attachmentIds),
  );

  mount(routes.watchDiscussion, ({ params, caller }) => watching.watch(ctx, caller, params.id));
  mount(routes.unwatchDiscussion, ({ params, caller }) => watching.unwatch(ctx, caller, params.id));
  mount(routes.listWatched, ({ params, query, caller }) => watching.listWatched(ctx, caller, params.id, query));

  mount(routes.requestUpload, ({ body, caller }) => attachments.requestUpload(ctx, caller, body));
  mount(routes.recordAttachment, ({ body, caller }) => attachments.recordAttachment(ctx, caller, body));
  mount(routes.getAttachment, ({ params, caller }) => attachments.getAttachment(ctx, caller, params.id));
  mount.raw(routes.downloadAttachment, async ({ params, caller }, _req, res) => {
    const download = await attachments.downloadAttachment(ctx, caller, params.id);
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
  mount(routes.deleteAttachment, ({ params, caller }) => attachments.deleteAttachment(ctx, caller, params.id));

  mount(routes.listModerators, ({ caller }) => moderators.listModerators(ctx, caller));
  mount(routes.grantModerator, ({ body, caller }) => moderators.grantModerator(ctx, caller, body));
  mount(routes.revokeModerator, ({ params, caller }) => moderators.revokeModerator(ctx, caller, params.id));

  mount(routes.search, ({ query, caller }) => search(ctx, caller, query));
}
