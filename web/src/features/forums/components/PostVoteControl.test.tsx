import type { PostVotes } from '@crucible/proto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { aDiscussionDetail, aReply } from '../testing/forum-fixtures.ts';
import { ReplyList } from './ReplyList.tsx';

const DISCUSSION = '0b6f2c1e-1111-4a2b-8c3d-123456789abc';
const REPLY = '7d1e2f3a-2222-4b3c-9d4e-abcdef012345';
const VOTE = `PUT /api/discussions/${DISCUSSION}/replies/${REPLY}/vote`;
const VIEWER = 'viewer-1';

/** Holds every vote request until `release` is called, so the optimistic state can be seen. */
function holdVotes(fetchMock: ReturnType<typeof stubApi>) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') await held;
    return fetchMock(input, init);
  });
  return () => release();
}

function renderReplies(reply = aReply({ id: REPLY, discussionId: DISCUSSION, upvotes: 2, downvotes: 1 })) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <ReplyList discussion={aDiscussionDetail({ id: DISCUSSION })} viewerId={VIEWER} />
      </MemoryRouter>
    </AppProviders>,
  );
  return reply;
}

const votesGroup = async () => within(await screen.findByRole('group', { name: 'Votes' }));

describe('voting on a reply', () => {
  it('shows an upvote at once, pressed, and keeps the server’s counts when it answers', async () => {
    const answered: PostVotes = { upvotes: 3, downvotes: 1, myVote: 'up' };
    const fetchMock = stubApi({
      [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({
        status: 200,
        body: [aReply({ id: REPLY, discussionId: DISCUSSION, upvotes: 2, downvotes: 1 })],
      }),
      [VOTE]: () => ({ status: 200, body: answered }),
    });
    const release = holdVotes(fetchMock);
    const user = userEvent.setup();
    renderReplies();

    const votes = await votesGroup();
    const upvote = votes.getByRole('button', { name: 'Upvote' });
    expect(upvote.getAttribute('aria-pressed')).toBe('false');
    expect(upvote.textContent).toBe('2');
    await user.click(upvote);

    const pressed = await votes.findByRole('button', { name: 'Remove upvote' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.textContent).toBe('3');
    release();
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const request = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ voteType: 'up' });
    expect(votes.getByRole('button', { name: 'Remove upvote' }).textContent).toBe('3');
  });

  it('withdraws the viewer’s vote when it is pressed again', async () => {
    const fetchMock = stubApi({
      [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({
        status: 200,
        body: [aReply({ id: REPLY, discussionId: DISCUSSION, upvotes: 0, downvotes: 1, myVote: 'down' })],
      }),
      [VOTE]: () => ({ status: 200, body: { upvotes: 0, downvotes: 0, myVote: null } }),
    });
    const user = userEvent.setup();
    renderReplies();
    await user.click((await votesGroup()).getByRole('button', { name: 'Remove downvote' }));
    expect((await (await votesGroup()).findByRole('button', { name: 'Downvote' })).textContent).toBe('0');
    const request = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({ voteType: null });
  });

  it("puts the counts back and says 'Failed to vote' when the vote fails", async () => {
    const fetchMock = stubApi({
      [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({
        status: 200,
        body: [aReply({ id: REPLY, discussionId: DISCUSSION, upvotes: 2, downvotes: 1 })],
      }),
      [VOTE]: () => ({ status: 500, body: { statusCode: 500, message: 'Internal Server Error' } }),
    });
    const release = holdVotes(fetchMock);
    const user = userEvent.setup();
    renderReplies();
    const votes = await votesGroup();
    await user.click(votes.getByRole('button', { name: 'Downvote' }));
    expect((await votes.findByRole('button', { name: 'Remove downvote' })).textContent).toBe('2');
    release();

    const toastTitle = await screen.findByText('Failed to vote');
    expect(toastTitle.closest('[data-toast]')).toBeTruthy();
    const downvote = await votes.findByRole('button', { name: 'Downvote' });
    expect(downvote.getAttribute('aria-pressed')).toBe('false');
    expect(downvote.textContent).toBe('1');
  });

  it('shows the counts of one’s own reply without taking a vote', async () => {
    stubApi({
      [`GET /api/discussions/${DISCUSSION}/replies`]: () => ({
        status: 200,
        body: [aReply({ id: REPLY, discussionId: DISCUSSION, authorId: VIEWER, upvotes: 4 })],
      }),
    });
    renderReplies();
    const upvote = (await votesGroup()).getByRole('button', { name: 'Upvote' });
    expect(upvote.textContent).toBe('4');
    expect((upvote as HTMLButtonElement).disabled).toBe(true);
  });
});
