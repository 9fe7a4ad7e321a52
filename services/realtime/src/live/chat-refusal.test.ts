import { describe, expect, it } from 'vitest';
import { REALTIME_MESSAGES } from '@crucible/proto';
import { BadRequestError, DATABASE_RETRY_AFTER_SECONDS, TooManyRequestsError } from '@crucible/platform';
import { chatRefusal } from './chat-refusal.ts';

describe('chatRefusal', () => {
  it('gives a message the database could not take back to its sender, to send again after the wait', () => {
    const dropped = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(chatRefusal(dropped, 'send-3')).toEqual({
      type: 'chat_refused',
      message: REALTIME_MESSAGES.chatUnavailable,
      clientId: 'send-3',
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  });

  it('passes on the rules’ refusals with their wait, and leaves other failures to the caller', () => {
    expect(chatRefusal(new TooManyRequestsError(7), undefined)).toMatchObject({ clientId: null, retryAfterSeconds: 7 });
    expect(chatRefusal(new BadRequestError(REALTIME_MESSAGES.chatEmpty), 'send-1')).toMatchObject({
      message: REALTIME_MESSAGES.chatEmpty,
      retryAfterSeconds: null,
    });
    expect(chatRefusal(new Error('a bug'), 'send-1')).toBeUndefined();
  });
});
