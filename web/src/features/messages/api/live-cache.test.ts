import type { DirectMessage, MessagePage } from '@crucible/proto';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { TEMPORARY_ID_PREFIX } from '../message-rules.ts';
import { applyNewMessage } from './live-cache.ts';
import { messagesKey } from './message-query-keys.ts';

const ME = 'me';
const PARTNER = 'partner';

function message(id: string, content: string, senderId = ME): DirectMessage {
  return {
    id,
    content,
    senderId,
    recipientId: senderId === ME ? PARTNER : ME,
    isRead: false,
    readAt: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    messageSizeBytes: content.length,
    editedAt: null,
  };
}

function threadWith(messages: DirectMessage[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<MessagePage, string | undefined>>(messagesKey(PARTNER), {
    pages: [{ messages, nextCursor: null, hasMore: false }],
    pageParams: [undefined],
  });
  const shown = () =>
    queryClient
      .getQueryData<InfiniteData<MessagePage, string | undefined>>(messagesKey(PARTNER))!
      .pages.flatMap((page) => page.messages.map((entry) => entry.id));
  return { queryClient, shown };
}

describe('applyNewMessage', () => {
  it('puts the own message the socket tells of in place of the one shown under a temporary id', () => {
    const { queryClient, shown } = threadWith([message(`${TEMPORARY_ID_PREFIX}1`, 'Back again'), message('m1', 'Hi')]);
    applyNewMessage(queryClient, ME, message('m2', 'Back again'));
    expect(shown()).toEqual(['m2', 'm1']);
    // The send's answer for the same message changes nothing more.
    applyNewMessage(queryClient, ME, message('m2', 'Back again'));
    expect(shown()).toEqual(['m2', 'm1']);
  });

  it('adds a received message with the same text as a pending own one', () => {
    const { queryClient, shown } = threadWith([message(`${TEMPORARY_ID_PREFIX}1`, 'Hello')]);
    applyNewMessage(queryClient, ME, message('m3', 'Hello', PARTNER));
    expect(shown()).toEqual(['m3', `${TEMPORARY_ID_PREFIX}1`]);
  });
});
