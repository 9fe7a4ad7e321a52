import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { displayName, failureDescription, formatQuotaPercent, formatSize, truncateUserAgent } from './admin-format.ts';

describe('admin formats', () => {
  it('shows sizes under 1024 bytes in B and larger ones in MB with two decimals', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('0.00 MB');
    expect(formatSize(524_288)).toBe('0.50 MB');
    expect(formatSize(1_048_576)).toBe('1.00 MB');
  });

  it('shows a quota as a percent of its maximum with one decimal', () => {
    expect(formatQuotaPercent(0, 1_048_576)).toBe('0.0%');
    expect(formatQuotaPercent(838_860, 1_048_576)).toBe('80.0%');
    expect(formatQuotaPercent(1, 3)).toBe('33.3%');
    expect(formatQuotaPercent(5, 0)).toBe('100.0%');
  });

  it('cuts a user agent at 50 characters', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)';
    expect(truncateUserAgent(agent)).toBe(`${agent.slice(0, 50)}...`);
    expect(truncateUserAgent('curl/8.0')).toBe('curl/8.0');
    expect(truncateUserAgent('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncateUserAgent(null)).toBe('—');
  });

  it('names a user by first and last name, else e-mail, else Unknown User', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: null, lastName: null, email: 'a@x' })).toBe('a@x');
    expect(displayName({})).toBe('Unknown User');
  });

  it("takes the server's message for a failure, else the fallback", () => {
    expect(failureDescription(new ApiError(400, '{"statusCode":400,"message":"Email taken"}'))).toBe('Email taken');
    expect(failureDescription(new ApiError(500, 'Internal'), 'Failed to update user')).toBe('Failed to update user');
    expect(failureDescription(new Error('network'))).toBe('Please try again later.');
  });
});
