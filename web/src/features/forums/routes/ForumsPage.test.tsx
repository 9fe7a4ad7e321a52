import type { CurrentUser } from '@crucible/proto';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { aMember, renderApp } from '../../../test/render-app.tsx';
import { aDiscussion, aDiscussionDetail, anAttachment, aPoll, aReply, aTopic } from '../testing/forum-fixtures.ts';

type Routes = Parameters<typeof stubApi>[0];

const journeyman = aMember({ id: 'member-1', accessLevel: 'Journeyman' });
const TOPIC_ID = '4f7c1f4e-3c1a-4a51-9d6b-1d3f2b7c9a10';
const topic = aTopic({ id: TOPIC_ID, name: 'Leading Teams', category: 'Journeyman' });
const discussion = aDiscussionDetail({ subcategoryId: TOPIC_ID, subcategory_id: TOPIC_ID });

function signedInAs(member: CurrentUser, routes: Routes = {}) {
  return stubApi({
    'GET /api/auth/user': () => ({ status: 200, body: member }),
    'GET /api/subcategories': () => ({
      status: 200,
      body: [topic, aTopic({ id: 'topic-2', name: 'First Steps', category: 'Apprentice' })],
    }),
    'GET /api/discussions': () => ({ status: 200, body: [aDiscussion({ subcategoryId: TOPIC_ID })] }),
    'GET /api/discussions/discussion-1': () => ({ status: 200, body: discussion }),
    'GET /api/discussions/discussion-1/replies': () => ({ status: 200, body: [] }),
    ...routes,
  });
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://localhost').pathname === path,
  );

/** The text of the toast with this title (a dialog repeats its problems inside itself too). */
async function toastText(title: string): Promise<string> {
  const titles = await screen.findAllByText(title);
  const toast = titles.map((element) => element.closest('[data-toast]')).find(Boolean);
  return toast?.textContent ?? '';
}

// Whole-app renders with dialogs are slow in jsdom when the suite runs in parallel: more time per
// test and per wait. The page is a lazy chunk; loading it once up front spares the first test.
vi.setConfig({ testTimeout: 45_000 });
configure({ asyncUtilTimeout: 4000 });
beforeAll(() => import('./ForumsPage.tsx'));

const breadcrumb = () => within(screen.getByRole('navigation', { name: 'Forum location' }));

describe('forum categories', () => {
  it('tells a Public member the forums are not open to them', async () => {
    const fetchMock = signedInAs(aMember({ accessLevel: 'Public' }));
    renderApp('/forums');
    expect(await screen.findByText(/The forums are open to Apprentice members and above/)).toBeTruthy();
    expect(screen.queryByText('Apprentice Forums')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/subcategories')).toHaveLength(0);
  });

  it('shows a Journeyman the Journeyman and Apprentice forums, with their descriptions', async () => {
    signedInAs(journeyman);
    renderApp('/forums');
    expect(await screen.findByRole('heading', { name: 'Journeyman Forums' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Apprentice Forums' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Master Forums' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Core Forums' })).toBeNull();
    expect(screen.getByText(/Where every member starts/)).toBeTruthy();
  });

  it('shows Core all four forums, highest first', async () => {
    signedInAs(aMember({ accessLevel: 'Core' }));
    renderApp('/forums');
    await screen.findByRole('heading', { name: 'Core Forums' });
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Core Forums', 'Master Forums', 'Journeyman Forums', 'Apprentice Forums']);
  });

  it('gives admins the Admin forum too, where the Admin-level discussions are listed', async () => {
    const fetchMock = signedInAs(aMember({ accessLevel: 'Apprentice', isAdmin: true }));
    renderApp('/forums');
    await screen.findByRole('heading', { name: 'Core Forums' });
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Admin Forums', 'Core Forums', 'Master Forums', 'Journeyman Forums', 'Apprentice Forums']);
    await userEvent.click(screen.getByRole('link', { name: /Admin Forums/ }));
    await userEvent.click(await screen.findByRole('link', { name: /All Admin discussions/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/api/discussions?') && String(url).includes('category=Admin'),
        ),
      ).toBe(true),
    );
  });
});

describe('forum cards', () => {
  it("gives the 'All <level> discussions' card the service's discussion count and the latest activity, like a topic card", async () => {
    signedInAs(journeyman, {
      'GET /api/forum-levels': () => ({
        status: 200,
        body: [
          { category: 'Apprentice', discussionCount: 3 },
          { category: 'Journeyman', discussionCount: 42 },
        ],
      }),
      'GET /api/discussions': () => ({
        status: 200,
        body: [
          aDiscussion({
            subcategoryId: TOPIC_ID,
            lastReplyTimestamp: '2025-06-02T10:00:00.000Z',
            lastReplyAuthor: { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null },
          }),
        ],
      }),
    });
    renderApp('/forums?level=Journeyman');
    const allCard = await screen.findByRole('link', { name: /All Journeyman discussions/ });
    expect(await within(allCard).findByText('42 discussions')).toBeTruthy();
    expect(await within(allCard).findByText(/Latest: Ada Lovelace/)).toBeTruthy();
  });
});

describe('forum navigation', () => {
  it('walks from categories to a discussion and back through the breadcrumb', async () => {
    signedInAs(journeyman);
    const { router } = renderApp('/forums');
    await userEvent.click(await screen.findByRole('link', { name: /Journeyman Forums/ }));

    const topicCard = await screen.findByRole('link', { name: /Leading Teams/ });
    expect(within(topicCard).getByText('Minimum level: Journeyman')).toBeTruthy();
    expect(screen.queryByText('First Steps')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Categories' })).toBeTruthy();
    await userEvent.click(topicCard);

    await screen.findByRole('heading', { level: 2, name: 'Leading Teams' });
    expect(screen.getByRole('button', { name: 'Create New Discussion' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Journeyman Topics' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('link', { name: /How do you run retrospectives\?/ }));

    await screen.findByRole('heading', { level: 2, name: 'How do you run retrospectives?' });
    expect(
      breadcrumb()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Forums', 'Journeyman Forums', 'Leading Teams', 'How do you run retrospectives?']);
    expect(breadcrumb().getByText('How do you run retrospectives?').getAttribute('aria-current')).toBe('page');
    expect(router.state.location.search).toBe(`?level=Journeyman&topic=${TOPIC_ID}&discussion=discussion-1`);

    await userEvent.click(breadcrumb().getByRole('link', { name: 'Leading Teams' }));
    await screen.findByRole('heading', { level: 2, name: 'Leading Teams' });
    await userEvent.click(breadcrumb().getByRole('link', { name: 'Journeyman Forums' }));
    await screen.findByRole('heading', { level: 2, name: 'Journeyman Forums' });
    await userEvent.click(breadcrumb().getByRole('link', { name: 'Forums' }));
    await screen.findByRole('heading', { level: 2, name: 'Forum Categories' });
    expect(router.state.location.search).toBe('');
  });

  it('opens ?discussion={id} directly, with the breadcrumb of where it lives', async () => {
    signedInAs(journeyman);
    renderApp('/forums?discussion=discussion-1');
    await screen.findByRole('heading', { level: 2, name: 'How do you run retrospectives?' });
    await waitFor(() =>
      expect(
        breadcrumb()
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Forums', 'Journeyman Forums', 'Leading Teams', 'How do you run retrospectives?']),
    );
    expect(screen.getByText('format').tagName).toBe('STRONG');
    // One way back, to the list the discussion belongs to.
    expect(screen.getByRole('link', { name: 'Back to Leading Teams' }).getAttribute('href')).toBe(
      `/forums?level=Journeyman&topic=${TOPIC_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Back to Forums' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create New Discussion' })).toBeNull();
    expect(document.title).toBe('How do you run retrospectives? | Crucible');
  });

  it("says a discussion is not found when the server answers 404 (above the member's level or gone)", async () => {
    signedInAs(aMember({ accessLevel: 'Apprentice' }), {
      'GET /api/discussions/discussion-9': () => ({
        status: 404,
        body: { statusCode: 404, message: 'Discussion not found' },
      }),
    });
    renderApp('/forums?discussion=discussion-9');
    expect(await screen.findByRole('heading', { level: 2, name: 'Discussion not found' })).toBeTruthy();
    expect(screen.getByText('This discussion does not exist, or it is not open to your access level.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forums' })).toBeTruthy();
  });

  it('does not open a level forum above the member', async () => {
    signedInAs(aMember({ accessLevel: 'Apprentice' }));
    renderApp('/forums?level=Master');
    expect(await screen.findByText('The Master forum is not open to your access level.')).toBeTruthy();
  });
});

describe('empty states', () => {
  it('invites the first discussion of an empty topic', async () => {
    signedInAs(journeyman, { 'GET /api/discussions': () => ({ status: 200, body: [] }) });
    renderApp(`/forums?level=Journeyman&topic=${TOPIC_ID}`);
    expect(
      await screen.findByText('No discussions in this topic yet. Be the first to start a conversation!'),
    ).toBeTruthy();
  });

  it('invites the first reply', async () => {
    signedInAs(journeyman);
    renderApp('/forums?discussion=discussion-1');
    expect(await screen.findByText('No replies yet. Be the first to respond!')).toBeTruthy();
  });
});

describe('discussion lists', () => {
  it("asks for a topic's discussions and loads older pages with the server's cursor", async () => {
    const fetchMock = signedInAs(journeyman, {
      'GET /api/discussions': () => ({ status: 200, body: [aDiscussion({ id: 'newer', title: 'Newer one' })] }),
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/discussions' && !url.searchParams.has('before')) {
        const response = await stubbed(input, init);
        response.headers.set('X-Next-Cursor', 'cursor-1');
        return response;
      }
      if (url.pathname === '/api/discussions')
        return new Response(JSON.stringify([aDiscussion({ id: 'older', title: 'Older one' })]), { status: 200 });
      return stubbed(input, init);
    });
    renderApp(`/forums?level=Journeyman&topic=${TOPIC_ID}`);
    await screen.findByText('Newer one');
    await userEvent.click(screen.getByRole('button', { name: 'Load More Discussions' }));
    await screen.findByText('Older one');
    expect(screen.queryByRole('button', { name: 'Load More Discussions' })).toBeNull();
    const firstUrl = new URL(String(callsTo(fetchMock, 'GET', '/api/discussions')[0]![0]), 'http://localhost');
    expect(firstUrl.searchParams.get('subcategoryId')).toBe(TOPIC_ID);
  });
});

describe('create discussion', () => {
  async function openCreate(
    member = journeyman,
    routes: Routes = {},
    path = `/forums?level=Journeyman&topic=${TOPIC_ID}`,
  ) {
    const fetchMock = signedInAs(member, routes);
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Discussion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Discussion' });
    return { fetchMock, dialog: within(dialog) };
  }

  it("collects the problems in one 'Validation Error' toast", async () => {
    const { fetchMock, dialog } = await openCreate(journeyman, {}, '/forums?level=Journeyman&topic=all');
    // Opened from the whole Journeyman forum the level starts as Journeyman; the member clears it.
    expect((dialog.getByRole('combobox', { name: 'Access level' }) as HTMLSelectElement).value).toBe('Journeyman');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Access level' }), '');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Include a poll' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Discussion' }));
    const message =
      'Title is required. Content is required. Access level must be selected. Poll question is required when including a poll. At least 2 poll options are required';
    expect(await toastText('Validation Error')).toBe(`Validation Error${message}`);
    expect(dialog.getByText(message)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/discussions')).toHaveLength(0);
  });

  it("fixes the access level to the topic's level", async () => {
    const { dialog } = await openCreate();
    const level = dialog.getByRole('combobox', { name: 'Access level' }) as HTMLSelectElement;
    expect(level.disabled).toBe(true);
    expect(level.value).toBe('Journeyman');
    expect((dialog.getByRole('combobox', { name: 'Parent forum' }) as HTMLSelectElement).value).toBe(TOPIC_ID);
  });

  it.each([
    ['Apprentice', ['Apprentice']],
    ['Journeyman', ['Apprentice', 'Journeyman']],
    ['Master', ['Apprentice', 'Journeyman', 'Master']],
    ['Core', ['Apprentice', 'Journeyman', 'Master', 'Core']],
  ] as const)('offers a %s member the levels %j without a topic', async (accessLevel, levels) => {
    const { dialog } = await openCreate(aMember({ accessLevel }), {}, '/forums?level=Apprentice&topic=all');
    const select = dialog.getByRole('combobox', { name: 'Access level' });
    const choices = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(choices).toEqual(['', ...levels]);
  });

  it('adds poll options freely and removes them only while more than 2 remain', async () => {
    const { dialog } = await openCreate();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Include a poll' }));
    expect(dialog.queryByRole('button', { name: /Remove option/ })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Add Option' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Option' }));
    expect(dialog.getAllByRole('textbox', { name: /^Option \d/ })).toHaveLength(4);
    expect(dialog.getAllByRole('button', { name: /Remove option/ })).toHaveLength(4);
    await userEvent.click(dialog.getByRole('button', { name: 'Remove option 4' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove option 3' }));
    expect(dialog.getAllByRole('textbox', { name: /^Option \d/ })).toHaveLength(2);
    expect(dialog.queryByRole('button', { name: /Remove option/ })).toBeNull();
  });

  it('posts the trimmed discussion with its poll, closes and refreshes the list', async () => {
    const created = aDiscussionDetail({ id: 'discussion-2', title: 'Sprint length' });
    const { fetchMock, dialog } = await openCreate(journeyman, {
      'POST /api/discussions': () => ({ status: 201, body: created }),
    });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), '  Sprint length ');
    await userEvent.type(dialog.getByRole('combobox', { name: 'Content' }), 'One week or two?');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Include a poll' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Poll question' }), 'Which?');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Option 1' }), 'One week');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Option 2' }), 'Two weeks');
    const listReads = callsTo(fetchMock, 'GET', '/api/discussions').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Create Discussion' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Discussion' })).toBeNull());
    const [, init] = callsTo(fetchMock, 'POST', '/api/discussions')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Sprint length',
      content: 'One week or two?',
      category: 'Journeyman',
      subcategoryId: TOPIC_ID,
      includePoll: true,
      pollQuestion: 'Which?',
      pollOptions: ['One week', 'Two weeks'],
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/discussions').length).toBeGreaterThan(listReads));
  });
});

describe('polls', () => {
  it('votes, then reads the poll again', async () => {
    let poll = aPoll();
    const fetchMock = signedInAs(journeyman, {
      'GET /api/discussions/discussion-1': () => ({ status: 200, body: { ...discussion, hasPoll: true, poll } }),
      'GET /api/discussions/discussion-1/poll': () => ({ status: 200, body: poll }),
      'POST /api/discussions/discussion-1/poll/vote': () => {
        poll = aPoll({
          userVote: 'option-2',
          totalVotes: 2,
          options: [poll.options[0]!, { ...poll.options[1]!, voteCount: 1 }],
        });
        return { status: 200, body: poll };
      },
    });
    renderApp('/forums?discussion=discussion-1');
    await screen.findByRole('heading', { name: 'Which format works best?' });
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Sailboat' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Vote for Sailboat' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.getByText(/You voted for Sailboat/)).toBeTruthy();
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/discussions/discussion-1/poll/vote')[0]![1]?.body)),
    ).toEqual({ optionId: 'option-2' });
    expect(callsTo(fetchMock, 'GET', '/api/discussions/discussion-1/poll').length).toBeGreaterThanOrEqual(2);
  });

  it("says 'Failed to vote' in place, without a toast", async () => {
    signedInAs(journeyman, {
      'GET /api/discussions/discussion-1': () => ({ status: 200, body: { ...discussion, hasPoll: true } }),
      'GET /api/discussions/discussion-1/poll': () => ({ status: 200, body: aPoll() }),
      'POST /api/discussions/discussion-1/poll/vote': () => ({
        status: 403,
        body: { statusCode: 403, message: 'This discussion is locked' },
      }),
    });
    renderApp('/forums?discussion=discussion-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Vote for Sailboat' }));
    expect(await screen.findByText('Failed to vote')).toBeTruthy();
    expect(screen.queryByText('This discussion is locked')).toBeNull();
  });
});

describe('replies', () => {
  async function openReply(routes: Routes = {}) {
    const fetchMock = signedInAs(journeyman, routes);
    renderApp('/forums?discussion=discussion-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = within(await screen.findByRole('dialog'));
    return { fetchMock, dialog };
  }

  it('lists replies oldest first, naming the author of a deleted account Former member', async () => {
    signedInAs(journeyman, {
      'GET /api/discussions/discussion-1/replies': () => ({
        status: 200,
        body: [aReply(), aReply({ id: 'reply-2', author: null, contentHtml: '<p>Second</p>' })],
      }),
    });
    renderApp('/forums?discussion=discussion-1');
    const replies = within(await screen.findByRole('list', { name: 'Replies' }));
    const items = replies.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Alan Turing');
    expect(items[1]!.textContent).toContain('Former member');
  });

  it('requires content', async () => {
    const { fetchMock, dialog } = await openReply();
    await userEvent.click(dialog.getByRole('button', { name: 'Post Reply' }));
    expect(await dialog.findByText('Reply content is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/discussions/discussion-1/replies')).toHaveLength(0);
  });

  it('posts the reply, closes the dialog and refreshes the replies', async () => {
    let replies: unknown[] = [];
    const { fetchMock, dialog } = await openReply({
      'GET /api/discussions/discussion-1/replies': () => ({ status: 200, body: replies }),
      'POST /api/discussions/discussion-1/replies': () => {
        replies = [aReply({ contentHtml: '<p>Two weeks.</p>' })];
        return { status: 201, body: replies[0] };
      },
    });
    await userEvent.type(dialog.getByRole('combobox', { name: 'Your reply' }), 'Two weeks.');
    await userEvent.click(dialog.getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Two weeks.')).toBeTruthy();
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/discussions/discussion-1/replies')[0]![1]?.body)),
    ).toEqual({ content: 'Two weeks.' });
  });

  it('explains a refused reply', async () => {
    const { dialog } = await openReply({
      'POST /api/discussions/discussion-1/replies': () => ({
        status: 403,
        body: { statusCode: 403, message: 'This discussion is locked' },
      }),
    });
    await userEvent.type(dialog.getByRole('combobox', { name: 'Your reply' }), 'Hello');
    await userEvent.click(dialog.getByRole('button', { name: 'Post Reply' }));
    expect(await toastText('Error')).toBe("ErrorThis discussion is locked or you don't have access.");
    expect(dialog.getByText("This discussion is locked or you don't have access.")).toBeTruthy();
  });
});

describe('attachments', () => {
  it("links a file added to the member's own reply to that reply", async () => {
    const fetchMock = signedInAs(journeyman, {
      'GET /api/discussions/discussion-1/replies': () => ({
        status: 200,
        body: [aReply(), aReply({ id: 'reply-2', authorId: 'member-1', contentHtml: '<p>Mine</p>' })],
      }),
      'POST /api/attachments/upload': () => ({
        status: 200,
        body: {
          uploadURL: '/api/blobs/attachments/member-1/file-1?sig=abc',
          contentType: 'text/plain',
          filePath: 'attachments/member-1/file-1',
          fileName: 'notes.txt',
          maxFileSize: 52428800,
          expiresAt: '2025-06-01T10:15:00Z',
        },
      }),
      'PUT /api/blobs/attachments/member-1/file-1': () => ({ status: 200 }),
      'POST /api/attachments': () => ({ status: 201, body: anAttachment({ replyId: 'reply-2' }) }),
    });
    renderApp('/forums?discussion=discussion-1');
    const replies = within(await screen.findByRole('list', { name: 'Replies' }));
    // Only the member's own reply (the second) offers it.
    expect(replies.getAllByRole('button', { name: 'Add attachment to your reply' })).toHaveLength(1);
    expect(replies.queryByRole('button', { name: 'Add Attachment' })).toBeNull();
    await userEvent.click(replies.getByRole('button', { name: 'Add attachment to your reply' }));
    await userEvent.upload(
      await screen.findByLabelText('File to upload'),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/attachments')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/attachments')[0]![1]?.body))).toMatchObject({
      replyId: 'reply-2',
      discussionId: null,
      originalName: 'notes.txt',
    });
  });

  it('shows why a download failed', async () => {
    signedInAs(journeyman, {
      'GET /api/discussions/discussion-1': () => ({
        status: 200,
        body: { ...discussion, attachments: [anAttachment({ discussionId: 'discussion-1' })] },
      }),
      'GET /api/attachments/attachment-1/download': () => ({
        status: 404,
        body: { statusCode: 404, message: 'Attachment not found' },
      }),
    });
    renderApp('/forums?discussion=discussion-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Download agenda.pdf' }));
    const alert = await screen.findByText(/^Download failed: 404/);
    // The status line, then the server's message rather than its raw JSON.
    expect(alert.textContent).toContain('Attachment not found');
    expect(alert.textContent).not.toContain('{');
  });
});

describe('search', () => {
  it('searches what the member may read and links each result to its discussion', async () => {
    const fetchMock = signedInAs(journeyman, {
      'GET /api/search': () => ({
        status: 200,
        body: {
          items: [
            {
              kind: 'discussion',
              discussionId: 'discussion-1',
              replyId: null,
              title: 'How do you run retrospectives?',
              snippet: 'Share your «format»',
              category: 'Journeyman',
              subcategoryId: TOPIC_ID,
              author: null,
              createdAt: '2025-06-01T10:00:00Z',
              replyCount: 0,
              rank: 1,
            },
          ],
          nextOffset: null,
        },
      }),
    });
    const { router } = renderApp('/forums');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Search query is required')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search discussions' }), 'retro');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Forum' }), 'Journeyman');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const result = await screen.findByRole('link', { name: 'How do you run retrospectives?' });
    expect(screen.getByText('format').tagName).toBe('MARK');
    const url = new URL(String(callsTo(fetchMock, 'GET', '/api/search')[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: 'retro', category: 'Journeyman', sortBy: 'newest' });

    await userEvent.click(result);
    await waitFor(() => expect(router.state.location.search).toBe('?discussion=discussion-1'));
  });
});
