import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { quickReplyFailureMessage, quickReplyProblem, replyFailureMessage } from './reply-errors.ts';

const failure = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));

describe('replyFailureMessage', () => {
  it('words an unauthorized reply as a missing permission', () => {
    expect(replyFailureMessage(failure(401, { statusCode: 401, message: 'Unauthorized' }))).toBe(
      "You don't have permission to reply to this discussion.",
    );
  });

  it('words a forbidden reply as a locked discussion or missing access', () => {
    expect(replyFailureMessage(failure(403, { statusCode: 403, message: 'This discussion is locked' }))).toBe(
      "This discussion is locked or you don't have access.",
    );
    expect(replyFailureMessage(new Error('Forbidden'))).toBe("This discussion is locked or you don't have access.");
  });

  it("shows the server's message for other failures, else a fallback", () => {
    expect(replyFailureMessage(failure(404, { statusCode: 404, message: 'Discussion not found' }))).toBe(
      'Discussion not found',
    );
    expect(replyFailureMessage(new ApiError(500, ''))).toBe('Failed to create reply. Please try again.');
    expect(replyFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to create reply. Please try again.');
  });
});

describe('quick reply', () => {
  it('asks for a discussion, then for a message, before posting', () => {
    expect(quickReplyProblem(null, 'hello')).toBe('No discussion selected.');
    expect(quickReplyProblem('d1', '   ')).toBe('Please enter a reply message.');
    expect(quickReplyProblem('d1', 'hello')).toBeNull();
  });

  it("shows the server's message when posting fails, else the fixed fallback", () => {
    expect(quickReplyFailureMessage(failure(403, { statusCode: 403, message: 'This discussion is locked' }))).toBe(
      'This discussion is locked',
    );
    expect(quickReplyFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to post reply. Please try again.');
  });
});
