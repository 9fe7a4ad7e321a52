import { z } from 'zod';
import { adminDeactivateRequestSchema, adminDeletePostRequestSchema, adminSuspendRequestSchema } from './admin.ts';
import {
  DATA_EXPORT_PARTS,
  dataExportPageSchema,
  dataExportRequestSchema,
  type DataExportSubject,
} from './data-export.ts';
import {
  dmAdminBulkRequestSchema,
  dmAdminConversationSchema,
  dmAdminConversationsRequestSchema,
  dmAdminMessageSchema,
  dmAdminMessagesRequestSchema,
  dmBlockedBetweenAnswerSchema,
  dmBlockedBetweenRequestSchema,
  dmMessageableAnswerSchema,
  dmMessageableRequestSchema,
  dmMessageSnapshotRequestSchema,
} from './dm.ts';
import {
  BROADCASTS,
  RPC,
  dmMessageCreatedPayloadSchema,
  sessionPrincipalSchema,
  userEventPayloadSchema,
  userLookupRequestSchema,
} from './events.ts';
import {
  liveChatPushSchema,
  livePresenceChangeSchema,
  liveSessionRevokedSchema,
  liveUsersPushSchema,
} from './realtime.ts';

/** The answer of a question to the service that owns the data: its value, or its refusal with the HTTP meaning. */
export function rpcAnswerSchema<Value extends z.ZodType>(value: Value) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), statusCode: z.number().int(), message: z.string() }),
  ]);
}

/** A question whose answer is the reply itself; a malformed request is an error at the asker. */
function question<Request extends z.ZodType, Reply extends z.ZodType>(request: Request, reply: Reply) {
  return { request, reply, answersRefusals: false as const };
}

/**
 * A question to the owner of the data, answered as `rpcAnswerSchema(value)`: the replier's refusals
 * (a malformed request is a 400, a rule an HttpError) come back as data, so the asker answers its own
 * caller with the owner's status and words.
 */
function ownerQuestion<Request extends z.ZodType, Value extends z.ZodType>(request: Request, value: Value) {
  return { request, reply: rpcAnswerSchema(value), value, answersRefusals: true as const };
}

/** Auth's public keys as a JSON Web Key Set (the verifier reads them with jose). */
export const jwksSchema = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.string().optional(),
      kid: z.string().optional(),
      alg: z.string().optional(),
      use: z.string().optional(),
    }),
  ),
});

const dataExportQuestion = question(dataExportRequestSchema, dataExportPageSchema);
const DATA_EXPORT_QUESTIONS = Object.fromEntries(
  Object.values(DATA_EXPORT_PARTS)
    .map((part) => part.subject)
    .filter((subject) => subject !== null)
    .map((subject) => [subject, dataExportQuestion]),
) as Record<DataExportSubject, typeof dataExportQuestion>;

/**
 * Every request-reply subject with the schema of its request and of its reply, beside the event
 * map (EVENT_PAYLOADS): asking and answering are typed by it, the replier receives the request
 * parsed by it and the asker the reply parsed by it.
 */
export const RPC_SCHEMAS = {
  [RPC.authJwks]: question(z.object({}), jwksSchema),
  [RPC.authSession]: question(z.object({ sessionId: z.string() }), sessionPrincipalSchema.nullable()),
  [RPC.authUser]: question(userLookupRequestSchema, userEventPayloadSchema.nullable()),
  [RPC.authAdminSuspend]: ownerQuestion(adminSuspendRequestSchema, z.object({ userId: z.string() })),
  [RPC.authAdminDeactivate]: ownerQuestion(adminDeactivateRequestSchema, z.object({ userId: z.string() })),
  [RPC.forumAdminDeletePost]: ownerQuestion(adminDeletePostRequestSchema, z.object({ deleted: z.literal(true) })),
  [RPC.dmAdminConversations]: ownerQuestion(dmAdminConversationsRequestSchema, z.array(dmAdminConversationSchema)),
  [RPC.dmAdminMessages]: ownerQuestion(
    dmAdminMessagesRequestSchema,
    z.object({ messages: z.array(dmAdminMessageSchema), nextCursor: z.string().nullable(), hasMore: z.boolean() }),
  ),
  [RPC.dmAdminBulkDelete]: ownerQuestion(dmAdminBulkRequestSchema, z.object({ deleted: z.array(z.string()) })),
  [RPC.dmAdminBulkFlag]: ownerQuestion(dmAdminBulkRequestSchema, z.object({ flagged: z.array(z.string()) })),
  [RPC.dmMessageSnapshot]: ownerQuestion(dmMessageSnapshotRequestSchema, dmMessageCreatedPayloadSchema),
  [RPC.dmBlockedBetween]: ownerQuestion(dmBlockedBetweenRequestSchema, dmBlockedBetweenAnswerSchema),
  [RPC.dmMessageable]: ownerQuestion(dmMessageableRequestSchema, dmMessageableAnswerSchema),
  ...DATA_EXPORT_QUESTIONS,
} as const satisfies Record<(typeof RPC)[keyof typeof RPC] | DataExportSubject, RpcSchemas>;

/** What a request-reply subject's entry holds. */
export interface RpcSchemas {
  request: z.ZodType;
  reply: z.ZodType;
  /** The reply is `rpcAnswerSchema(value)`: the replier answers refusals as data. */
  answersRefusals: boolean;
  value?: z.ZodType;
}

export type RpcSubject = keyof typeof RPC_SCHEMAS;
type Entry<S extends RpcSubject> = (typeof RPC_SCHEMAS)[S];

/** What an asker sends on `S`; anything for a subject outside the map (tests' own). */
export type RequestOf<S extends string> = S extends RpcSubject ? z.input<Entry<S>['request']> : unknown;
/** What a replier to `S` receives: the request parsed by its schema. */
export type ParsedRequestOf<S extends string> = S extends RpcSubject ? z.output<Entry<S>['request']> : unknown;
/** What an asker receives on `S`: the reply parsed by its schema (for owner questions, the answer with its refusal). */
export type ReplyOf<S extends string> = S extends RpcSubject ? z.output<Entry<S>['reply']> : unknown;
/** What a replier's handler returns on `S`: for owner questions the value alone (refusals are thrown). */
export type HandlerResultOf<S extends string> = S extends RpcSubject
  ? Entry<S> extends { value: infer Value extends z.ZodType }
    ? z.input<Value>
    : z.input<Entry<S>['reply']>
  : unknown;

export function isRpcSubject(subject: string): subject is RpcSubject {
  return Object.hasOwn(RPC_SCHEMAS, subject);
}

/**
 * Every broadcast subject and the schema of its payload: broadcasting is typed by it, listeners
 * receive payloads parsed by it (one that does not parse is dropped).
 */
export const BROADCAST_PAYLOADS = {
  /** The session's principal as it is now, null once it is revoked. */
  [BROADCASTS.sessionChanged]: z.object({ sessionId: z.string(), principal: sessionPrincipalSchema.nullable() }),
  [BROADCASTS.liveToUsers]: liveUsersPushSchema,
  [BROADCASTS.liveChat]: liveChatPushSchema,
  [BROADCASTS.livePresenceChanged]: livePresenceChangeSchema,
  [BROADCASTS.liveSessionRevoked]: liveSessionRevokedSchema,
} as const satisfies Record<(typeof BROADCASTS)[keyof typeof BROADCASTS], z.ZodType>;

export type BroadcastSubject = keyof typeof BROADCAST_PAYLOADS;
/** What a broadcast on `S` carries; anything for a subject outside the map (tests' own). */
export type BroadcastOf<S extends string> = S extends BroadcastSubject
  ? z.output<(typeof BROADCAST_PAYLOADS)[S]>
  : unknown;

export function isBroadcastSubject(subject: string): subject is BroadcastSubject {
  return Object.hasOwn(BROADCAST_PAYLOADS, subject);
}
