import type { Request, Router } from 'express';
import { dmRoutes as routes, type ContactViewer } from '@crucible/proto';
import { createRouteMounter, principalOf, type TokenVerifier } from '@crucible/platform';
import * as blocks from '../use-cases/blocks.ts';
import type { DmContext } from '../use-cases/context.ts';
import * as conversations from '../use-cases/conversations.ts';
import * as messages from '../use-cases/messages.ts';

const viewerId = (req: Request): string => principalOf(req).userId.toLowerCase();
/** Who is looking, for contact-information privacy on the members a payload names. */
const viewer = (req: Request): ContactViewer => {
  const { userId, accessLevel, isAdmin } = principalOf(req);
  return { userId: userId.toLowerCase(), accessLevel, isAdmin };
};

export function registerDmRoutes(router: Router, deps: { ctx: DmContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.listConversations, async (_input, req, res) => {
    res.json(await conversations.listConversations(ctx, viewer(req)));
  });
  mount(routes.unreadCount, async (_input, req, res) => {
    res.json(await messages.unreadCount(ctx, viewerId(req)));
  });
  mount(routes.getQuota, async (_input, req, res) => {
    res.json(await conversations.getQuota(ctx, viewerId(req)));
  });
  mount(routes.conversationUsage, async (_input, req, res) => {
    res.json(await conversations.conversationUsage(ctx, viewer(req)));
  });

  mount(routes.listBlocked, async (_input, req, res) => {
    res.json(await blocks.listBlocked(ctx, viewer(req)));
  });
  mount(routes.block, async ({ params }, req, res) => {
    res.json(await blocks.block(ctx, viewer(req), params.userId));
  });
  mount(routes.unblock, async ({ params }, req, res) => {
    await blocks.unblock(ctx, viewerId(req), params.userId);
    res.status(204).end();
  });

  mount(routes.sendMessage, async ({ body }, req, res) => {
    res.status(201).json(await messages.sendMessage(ctx, principalOf(req), body));
  });
  mount(routes.listMessages, async ({ params, query }, req, res) => {
    res.json(await messages.listMessages(ctx, viewer(req), params.userId, query));
  });
  mount(routes.readAll, async ({ params }, req, res) => {
    res.json(await messages.readAll(ctx, viewerId(req), params.userId));
  });
  mount(routes.editMessage, async ({ params, body }, req, res) => {
    res.json(await messages.editOwnMessage(ctx, viewerId(req), params.messageId, body));
  });
  mount(routes.deleteMessage, async ({ params }, req, res) => {
    await messages.deleteOwnMessage(ctx, viewerId(req), params.messageId);
    res.status(204).end();
  });
}
