/**
 * How long events are kept. A consumer that is down for longer than STREAM_MAX_AGE_MS misses what
 * expired meanwhile and its replica must be rebuilt: a week covers a long weekend's outage with room,
 * and bounds the broker's disk by a week of traffic instead of forever.
 */
export const STREAM_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * processed_events rows are kept a day longer than the stream keeps events: any event the broker can
 * still (re)deliver, even to a consumer recreated from the stream's start, is still recognised as applied.
 */
export const PROCESSED_EVENTS_MAX_AGE_MS = STREAM_MAX_AGE_MS + 24 * 60 * 60_000;

/** How often a consumer deletes its expired processed_events rows (as the outbox relay does its rows). */
export const PROCESSED_EVENTS_CLEANUP_EVERY_MS = 10 * 60_000;
