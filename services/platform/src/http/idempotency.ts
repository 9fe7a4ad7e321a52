import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { IDEMPOTENCY_KEY_PATTERN } from '@crucible/proto';
import type { Cache } from '../cache/cache.ts';
import { BadRequestError, ConflictError } from '../errors/http-errors.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a send's answer is kept for a repeat of the same key. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** How long a first attempt holds its key while it runs (a frozen service answers well before). */
const IN_FLIGHT_TTL_SECONDS = 60;
export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 8 to 128 letters, digits, - or _',
  inFlight: 'This message is still being sent. Please wait a moment.',
} as const;

interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * A POST that carries an Idempotency-Key (the web app sends one per composed message and keeps it
 * for a resend) runs once per signed-in credential: a repeat within a day gets the first answer
 * again instead of a second message, and a repeat while the first still runs gets a 409. Only
 * successes are kept, so a send that failed can be tried again with the same key. With the cache
 * away the send runs unguarded rather than failing.
 */
export function idempotentSends(cache: Cache, service: string): RequestHandler {
  return async (req, res, next) => {
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (req.method !== 'POST' || typeof key !== 'string') return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return next(new BadRequestError(IDEMPOTENCY_MESSAGES.badKey));
    const credential = req.headers.authorization ?? req.headers.cookie;
    if (!credential) return next();
    const scope = createHash('sha256').update(`${credential}\n${req.method} ${req.path}\n${key}`).digest('hex');
    const answerKey = `idempotency:${service}:${scope}`;
    const claimKey = `${answerKey}:claim`;
    let claims: number;
    try {
      const stored = await cache.get(answerKey);
      if (stored) {
        const answer = JSON.parse(stored) as StoredAnswer;
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(answer.status).json(answer.body);
        return;
      }
      claims = await cache.increment(claimKey, { ttlSeconds: IN_FLIGHT_TTL_SECONDS });
    } catch {
      return next();
    }
    if (claims > 1) return next(new ConflictError(IDEMPOTENCY_MESSAGES.inFlight));
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const answer: StoredAnswer = { status: res.statusCode, body };
      const settled =
        res.statusCode >= 200 && res.statusCode < 300
          ? cache.set(answerKey, JSON.stringify(answer), { ttlSeconds: IDEMPOTENCY_TTL_SECONDS })
          : cache.delete(claimKey);
      // The answer is stored before it leaves, so a repeat that follows it finds it.
      void settled.catch(() => undefined).then(() => json(body));
      return res;
    };
    next();
  };
}
