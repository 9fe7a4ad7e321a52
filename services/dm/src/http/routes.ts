import type { Router } from 'express';
import { dmRoutes as routes } from '@crucible/proto';
import { createRouteMounter, type TokenVerifier } from '@crucible/platform';
import * as blocks from '../use-cases/blocks.ts';
import type { DmContext } from '../use-cases/context.ts';
import * as conversations from '../use-cases/conversations.ts';
import * as messages from '../use-cases/messages.ts';

export function registerDmRoutes(router: Router, deps: { ctx: DmContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.listConversations, ({ caller }) => conversations.listConversations(ctx, caller));
  mount(routes.unreadCount, ({ caller }) => messages.unreadCount(ctx, caller));
  mount(routes.getQuota, ({ caller }) => conversations.getQuota(ctx, caller));
  mount(routes.conversationUsage, ({ caller }) => conversations.conversationUsage(ctx, caller));

  mount(routes.listBlocked, ({ caller }) => blocks.listBlocked(ctx, caller));
  mount(routes.block, ({ params, caller }) => blocks.block(ctx, caller, params.userId));
  mount(routes.unblock, ({ params, caller }) => blocks.unblock(ctx, caller, params.userId));

  mount(routes.sendMessage, ({ body, caller }) => messages.sendMessage(ctx, caller, body));
  mount(routes.listMessages, ({ params, query, caller }) => messages.listMessages(ctx, caller, params.userId, query));
  mount(routes.readAll, ({ params, caller }) => messages.readAll(ctx, caller, params.userId));
  mount(routes.editMessage, ({ params, body, caller }) => messages.editOwnMessage(ctx, caller, params.messageId, body));
  mount(routes.deleteMessage, ({ params, caller }) => messages.deleteOwnMessage(ctx, caller, params.messageId));
}
