import {
  BROADCAST_PAYLOADS,
  EVENT_PAYLOADS,
  RPC_SCHEMAS,
  isBroadcastSubject,
  isEventSubject,
  isRpcSubject,
  type BroadcastOf,
  type EventEnvelope,
  type EventOf,
  type HandlerResultOf,
  type ParsedRequestOf,
  type ReplyOf,
} from '@crucible/proto';
import type { z } from 'zod';
import { answerAsData } from '../errors/rpc-answer.ts';
import { EventBusReplyError, type DurableSubscriptionOptions } from './event-bus.ts';

export type PayloadCheck = { ok: true; event: EventEnvelope } | { ok: false; issues: unknown[] };

/**
 * Parses the payload by its subject's schema (proto's EVENT_PAYLOADS). Subjects outside the map
 * (tests' own) pass unchanged. A payload that fails will fail on every redelivery too, so buses
 * log and drop it rather than retry it forever.
 */
export function checkPayload(event: EventEnvelope): PayloadCheck {
  if (!isEventSubject(event.subject)) return { ok: true, event };
  const parsed = EVENT_PAYLOADS[event.subject].safeParse(event.payload);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  return { ok: true, event: { ...event, payload: parsed.data } };
}

/**
 * A subscription as the buses run it: they hand its handler only events that checkPayload parsed,
 * so each is the `EventOf<S>` of its subject. This is where the map's parsing meets its types.
 */
export function parsedSubscription<S extends string>(
  options: DurableSubscriptionOptions<S>,
): DurableSubscriptionOptions {
  return { ...options, handler: (event) => options.handler(event as EventOf<S>) };
}

/** A request on a subject of proto's RPC_SCHEMAS that does not match its schema. */
export class MalformedRequestError extends Error {
  constructor(
    subject: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`A request on ${subject} does not match its schema`);
    this.name = 'MalformedRequestError';
  }
}

/**
 * A replier's handler as the buses call it: the request parsed by its subject's schema (proto's
 * RPC_SCHEMAS) first. An owner question answers its refusals as data (a malformed request is a
 * 400 with the issues' message, an HttpError below 500 its status and words); on any other subject
 * a malformed request fails the handler, which the asker receives as an EventBusReplyError.
 * Subjects outside the map (tests' own) pass the payload unchanged.
 */
export function parsingReplier<S extends string>(
  subject: S,
  handler: (request: ParsedRequestOf<S>) => Promise<HandlerResultOf<S>>,
): (payload: unknown) => Promise<unknown> {
  const call = (request: unknown) => handler(request as ParsedRequestOf<S>);
  if (!isRpcSubject(subject)) return call;
  const { request: schema, answersRefusals } = RPC_SCHEMAS[subject];
  if (answersRefusals) return (payload) => answerAsData(() => call(schema.parse(payload)));
  return async (payload) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new MalformedRequestError(subject, parsed.error.issues);
    return call(parsed.data);
  };
}

/** The asker's side: the reply parsed by its subject's schema; one that does not match is the replier's fault. */
export function checkReply<S extends string>(subject: S, answer: unknown): ReplyOf<S> {
  if (!isRpcSubject(subject)) return answer as ReplyOf<S>;
  const parsed = RPC_SCHEMAS[subject].reply.safeParse(answer);
  if (!parsed.success) throw new EventBusReplyError(subject, 'answered in a shape its subject does not allow');
  return parsed.data as ReplyOf<S>;
}

/**
 * A broadcast listener as the buses call it: the payload parsed by its subject's schema (proto's
 * BROADCAST_PAYLOADS) first; one that does not parse is reported by `onMalformed` and not handed over.
 */
export function parsingListener<S extends string>(
  handler: (payload: BroadcastOf<S>, subject: string) => void,
  onMalformed: (subject: string, issues: unknown[]) => void,
): (payload: unknown, subject: string) => void {
  return (payload, subject) => {
    if (!isBroadcastSubject(subject)) return handler(payload as BroadcastOf<S>, subject);
    const parsed = BROADCAST_PAYLOADS[subject].safeParse(payload);
    if (!parsed.success) return onMalformed(subject, parsed.error.issues);
    handler(parsed.data as BroadcastOf<S>, subject);
  };
}
