import { RPC } from '@crucible/proto';
import type { BusEndpoint, EventBus } from '@crucible/platform';
import type { AccessTokenSigner } from './signing-keys.ts';
import { deactivateByRequest, suspendByRequest } from './use-cases/admin-users.ts';
import type { AuthContext } from './use-cases/context.ts';
import { applyProfileIdentityChanges } from './use-cases/profile-identity.ts';
import { findSessionPrincipal } from './use-cases/sessions.ts';
import { lookUpUserForReplica } from './use-cases/user-lookup.ts';

/**
 * What auth takes from the bus, in the order it starts: the questions every other service asks it
 * (keys, sessions, users, a review's consequences; the bus parses each request by proto's
 * RPC_SCHEMAS) and the events it consumes (durable consumer, subjects, handler).
 */
export function authEvents(ctx: AuthContext, bus: EventBus, signer: Pick<AccessTokenSigner, 'jwks'>): BusEndpoint[] {
  return [
    () =>
      Promise.all([
        bus.reply(RPC.authJwks, async () => signer.jwks()),
        bus.reply(RPC.authSession, ({ sessionId }) => findSessionPrincipal(ctx, sessionId)),
        bus.reply(RPC.authUser, (request) => lookUpUserForReplica(ctx, request)),
        bus.reply(RPC.authAdminSuspend, (request) => suspendByRequest(ctx, request)),
        bus.reply(RPC.authAdminDeactivate, (request) => deactivateByRequest(ctx, request)),
      ]),
    // profile.identity.changed -> the account's name and picture
    () => applyProfileIdentityChanges(ctx, bus, ctx.config.AUTH_PROFILE_CONSUMER),
  ];
}
