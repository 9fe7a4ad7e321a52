import { EVENT_PAYLOADS, isEventSubject, type EventEnvelope } from '@crucible/proto';

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
