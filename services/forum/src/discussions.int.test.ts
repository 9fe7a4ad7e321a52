/**
 * Topics, discussions and replies against the real service: who sees and creates what at every
 * level, filters and pages, replies, and counters that stay exact under concurrent writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  FORUM_MESSAGES,
  NEXT_CURSOR_HEADER,
  POSTING_LEVELS,
  SUBJECTS,
  accessRank,
  type AccessLevel,
  type DiscussionDetail,
  type DiscussionSummary,
  type Reply,
  TEXT_MESSAGES,
  forumRoutes as routes,
} from '@crucible/proto';
import { startForumHarness, uniqueTag, type BodyOf, type ForumHarness, type Member } from './testing/forum-harness.ts';
import { dangersIn } from './testing/html-dangers.ts';

let forum: ForumHarness;
let admin: Member;
const members = {} as Record<AccessLevel, Member>;

beforeAll(async () => {
  forum = await startForumHarness();
  admin = await forum.member('Admin');
  for (const level of ACCESS_LEVELS) members[level] = await forum.member(level);
});

afterAll(async () => {
  await forum?.stop();
});

function createDiscussion(author: Member, fields: Partial<BodyOf<typeof routes.createDiscussion>> = {}) {
  return forum.call(routes.createDiscussion, {
    token: author.token,
    body: { title: `Topic ${uniqueTag()}`, content: 'Some **content**', category: 'Apprentice', ...fields },
  });
}

function createTopic(fields: Partial<BodyOf<typeof routes.createTopic>> = {}) {
  return forum.call(routes.createTopic, {
    token: admin.token,
    body: { name: `Topic ${uniqueTag()}`, category: 'Apprentice', ...fields },
  });
}

function reply(author: Member, discussionId: string, content = 'A reply') {
  return forum.call(routes.createReply, { token: author.token, params: { id: discussionId }, body: { content } });
}

const sees = (viewer: AccessLevel, level: AccessLevel) =>
  viewer !== 'Public' && accessRank(level) <= accessRank(viewer);

describe('access by level', () => {
  const discussionAt = {} as Record<AccessLevel, DiscussionDetail>;
  beforeAll(async () => {
    for (const level of POSTING_LEVELS)
      discussionAt[level] = await createDiscussion(admin, {
        category: level,
        title: `At ${level} ${uniqueTag()}`,
        includePoll: true,
        pollQuestion: 'Q?',
        pollOptions: ['a', 'b'],
      });
  });

  const pairs = ACCESS_LEVELS.flatMap((viewer) => POSTING_LEVELS.map((level) => [viewer, level] as const));
  it.each(pairs)(
    'a %s member and a %s discussion: seen exactly when the level is at or below their own, else 404',
    async (viewerLevel, level) => {
      const viewer = members[viewerLevel];
      const discussion = discussionAt[level];
      const visible = sees(viewerLevel, level);
      const expected = visible ? 200 : 404;

      expect((await forum.request(`/api/discussions/${discussion.id}`, { token: viewer.token })).status).toBe(expected);
      expect((await forum.request(`/api/discussions/${discussion.id}/replies`, { token: viewer.token })).status).toBe(
        expected,
      );
      expect((await forum.request(`/api/discussions/${discussion.id}/poll`, { token: viewer.token })).status).toBe(
        expected,
      );
      const listed = await forum.call(routes.listDiscussions, { token: viewer.token, query: { limit: 100 } });
      expect(listed.some((item) => item.id === discussion.id)).toBe(visible);

      const replied = await forum.request(`/api/discussions/${discussion.id}/replies`, {
        token: viewer.token,
        json: { content: 'hello' },
      });
      expect(replied.status).toBe(visible ? 201 : 404);
      if (!visible) expect(await replied.json()).toMatchObject({ message: FORUM_MESSAGES.discussionNotFound });

      const created = await forum.request('/api/discussions', {
        token: viewer.token,
        json: { title: 'New', content: 'Body', category: level },
      });
      expect(created.status).toBe(visible ? 201 : 403);
    },
  );

  it('refuses a Journeyman reading a Master discussion with the same 404 as a discussion that does not exist', async () => {
    const above = await forum.request(`/api/discussions/${discussionAt.Master.id}`, {
      token: members.Journeyman.token,
    });
    const missing = await forum.request(`/api/discussions/00000000-0000-4000-8000-000000000000`, {
      token: members.Journeyman.token,
    });
    expect([above.status, missing.status]).toEqual([404, 404]);
    expect(await above.json()).toEqual(await missing.json());
  });

  it('shows Public members no forums: no topics, no discussions, no search results, and no posting', async () => {
    const viewer = members.Public;
    await createTopic();
    expect(await forum.call(routes.listTopics, { token: viewer.token })).toEqual([]);
    expect(await forum.call(routes.listDiscussions, { token: viewer.token })).toEqual([]);
    expect(await forum.call(routes.search, { token: viewer.token, query: { query: 'topic' } })).toEqual({
      items: [],
      nextOffset: null,
    });
    const refused = await forum.request('/api/discussions', {
      token: viewer.token,
      json: { title: 'T', content: 'C', category: 'Apprentice' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: FORUM_MESSAGES.forumsNeedLevel });
  });

  it('refuses a title, topic name or poll option with a text-direction override or a control character (400 naming it)', async () => {
    const author = members.Apprentice;
    const discussion = await createDiscussion(author);
    const attempts: [string, string, Member, string, Record<string, unknown>][] = [
      [
        'POST',
        '/api/discussions',
        author,
        'Title',
        { title: 'Hi \u202Efdp.exe', content: 'C', category: 'Apprentice' },
      ],
      ['PATCH', `/api/discussions/${discussion.id}`, author, 'Title', { title: 'Bell\u0007' }],
      ['POST', '/api/subcategories', admin, 'Name', { name: 'Topic \u2067x', category: 'Apprentice' }],
      [
        'POST',
        '/api/discussions',
        author,
        'Poll options',
        { title: 'Poll', content: 'C', category: 'Apprentice', pollQuestion: 'Q?', pollOptions: ['a', 'b\u202Dc'] },
      ],
    ];
    for (const [method, path, by, field, json] of attempts) {
      const refused = await forum.request(path, { method, token: by.token, json });
      expect(refused.status, `${method} ${path}`).toBe(400);
      expect(await refused.json()).toMatchObject({ message: TEXT_MESSAGES.oneLineUnsafe(field) });
    }
  });

  it('refuses creating above one’s own level with 403 and the reason', async () => {
    const refused = await forum.request('/api/discussions', {
      token: members.Journeyman.token,
      json: { title: 'T', content: 'C', category: 'Master' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: FORUM_MESSAGES.levelAboveOwn });
  });

  it('follows the live level: a member promoted sees more at once, demoted sees less', async () => {
    const member = await forum.member('Apprentice');
    expect((await forum.request(`/api/discussions/${discussionAt.Core.id}`, { token: member.token })).status).toBe(404);
    forum.setLevel(member, 'Core');
    expect((await forum.request(`/api/discussions/${discussionAt.Core.id}`, { token: member.token })).status).toBe(200);
    forum.setLevel(member, 'Public');
    expect(
      (await forum.request(`/api/discussions/${discussionAt.Apprentice.id}`, { token: member.token })).status,
    ).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await forum.request('/api/discussions')).status).toBe(401);
    expect((await forum.request(`/api/discussions/${discussionAt.Apprentice.id}`)).status).toBe(401);
  });
});

describe('topics', () => {
  it('lets only admins create topics, with a slug from the name, category Core and minimum level Public', async () => {
    const refused = await forum.request('/api/subcategories', { token: members.Core.token, json: { name: 'Nope' } });
    expect(refused.status).toBe(403);
    const name = `Leading Teams ${uniqueTag()}`;
    const topic = await forum.call(routes.createTopic, {
      token: admin.token,
      body: { name, description: 'How we lead' },
    });
    expect(topic).toMatchObject({
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      category: 'Core',
      minAccessLevel: 'Public',
      min_access_level: 'Public',
      color: '#f59e0b',
      accessLevel: 'Core',
      discussionCount: 0,
      isActive: true,
    });
    const again = await forum.request('/api/subcategories', { token: admin.token, json: { name } });
    expect(again.status).toBe(409);
    const blank = await forum.request('/api/subcategories', { token: admin.token, json: { name: '  ' } });
    expect(await blank.json()).toMatchObject({ statusCode: 400, message: FORUM_MESSAGES.categoryNameRequired });
  });

  it('hides a topic above the member’s level (its minimum level counts) and fixes a new discussion to the topic’s level', async () => {
    const raised = await createTopic({ category: 'Apprentice', minAccessLevel: 'Master' });
    expect(raised.accessLevel).toBe('Master');
    expect((await forum.request(`/api/subcategories/${raised.id}`, { token: members.Journeyman.token })).status).toBe(
      404,
    );
    const journeymanTopics = await forum.call(routes.listTopics, { token: members.Journeyman.token });
    expect(journeymanTopics.some((topic) => topic.id === raised.id)).toBe(false);
    const refused = await forum.request('/api/discussions', {
      token: members.Journeyman.token,
      json: { title: 'T', content: 'C', subcategoryId: raised.id },
    });
    expect(refused.status).toBe(404);

    const created = await createDiscussion(members.Master, { subcategoryId: raised.id, category: 'Apprentice' });
    expect(created).toMatchObject({
      subcategoryId: raised.id,
      subcategory_id: raised.id,
      category: 'Apprentice',
      accessLevel: 'Master',
    });
    expect((await forum.request(`/api/discussions/${created.id}`, { token: members.Journeyman.token })).status).toBe(
      404,
    );
    expect(
      (await forum.call(routes.getTopic, { token: members.Master.token, params: { id: raised.id } })).discussionCount,
    ).toBe(1);
  });
});

describe('discussions', () => {
  it('creates a discussion with the author, rendered content, tags, a poll and an event', async () => {
    const events = await forum.collectEvents(
      [SUBJECTS.forumDiscussionCreated],
      (event) => (event.payload as { authorId?: string }).authorId === members.Journeyman.id,
    );
    try {
      const created = await createDiscussion(members.Journeyman, {
        title: '  A question  ',
        content: '# Heading\n\n<script>alert(1)</script>Text',
        category: 'Journeyman',
        tags: ['Leadership', 'leadership', 'Growth'],
        includePoll: true,
        pollQuestion: 'Which?',
        pollOptions: ['One', ' ', 'Two'],
        subcategoryId: 'none',
      });
      expect(created).toMatchObject({
        title: 'A question',
        contentFormat: 'markdown',
        category: 'Journeyman',
        subcategoryId: null,
        discussionType: 'discussion',
        author: {
          id: members.Journeyman.id,
          firstName: members.Journeyman.firstName,
          lastName: members.Journeyman.lastName,
          accessLevel: 'Journeyman',
        },
        replyCount: 0,
        lastReplyAuthor: null,
        lastReplyTimestamp: null,
        hasPoll: true,
        tags: ['growth', 'leadership'],
        attachments: [],
        // A starter watches their own discussion.
        isWatched: true,
        poll: {
          question: 'Which?',
          totalVotes: 0,
          userVote: null,
          options: [
            { text: 'One', voteCount: 0 },
            { text: 'Two', voteCount: 0 },
          ],
        },
      });
      expect(created.contentHtml).toContain('<h1>Heading</h1>');
      expect(created.contentHtml).not.toContain('script');
      const mine = (received: { payload: unknown }[]) =>
        received.find((item) => (item.payload as { discussionId: string }).discussionId === created.id);
      expect(mine(await events.waitUntil((received) => Boolean(mine(received))))!.payload).toMatchObject({
        discussionId: created.id,
        title: 'A question',
        accessLevel: 'Journeyman',
        authorId: members.Journeyman.id,
      });
    } finally {
      await events.stop();
    }
  });

  it('answers the FORUM_MESSAGES validation texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: ' ', content: 'c', category: 'Apprentice' }, FORUM_MESSAGES.titleRequired],
      [{ title: 't', content: '', category: 'Apprentice' }, FORUM_MESSAGES.contentRequired],
      [{ title: 't', content: 'c' }, FORUM_MESSAGES.accessLevelRequired],
      [
        { title: 't', content: 'c', category: 'Apprentice', includePoll: true, pollOptions: ['a', 'b'] },
        FORUM_MESSAGES.pollQuestionRequired,
      ],
      [
        {
          title: 't',
          content: 'c',
          category: 'Apprentice',
          includePoll: true,
          pollQuestion: 'q',
          pollOptions: ['a', '  '],
        },
        FORUM_MESSAGES.pollOptionsRequired,
      ],
      [{ title: 't', content: 'c', category: 'Apprentice', subcategoryId: 'not-a-uuid' }, 'Invalid UUID'],
    ];
    for (const [json, message] of cases) {
      const response = await forum.request('/api/discussions', { token: members.Core.token, json });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { issues: { message: string }[] };
      expect(body.issues.map((issue) => issue.message)).toContain(message);
    }
    const emptyReply = await forum.request(`/api/discussions/${(await createDiscussion(members.Core)).id}/replies`, {
      token: members.Core.token,
      json: { content: '  ' },
    });
    expect(await emptyReply.json()).toMatchObject({ statusCode: 400, message: FORUM_MESSAGES.replyRequired });
  });

  it('lets only admins create category topics (discussionType category), which lists leave out unless asked', async () => {
    const refused = await forum.request('/api/discussions', {
      token: members.Core.token,
      json: { title: 'T', content: 'C', category: 'Core', discussionType: 'category' },
    });
    expect(refused.status).toBe(403);
    const entry = await createDiscussion(admin, {
      category: 'Core',
      discussionType: 'category',
      minAccessLevel: 'Public',
    });
    expect(entry.discussionType).toBe('category');
    const child = await createDiscussion(members.Core, { category: 'Apprentice', parentCategoryId: entry.id });
    expect(child).toMatchObject({ parentCategoryId: entry.id, parent_category_id: entry.id, accessLevel: 'Core' });
    const defaults = await forum.call(routes.listDiscussions, { token: admin.token, query: { limit: 100 } });
    expect(defaults.some((item) => item.id === entry.id)).toBe(false);
    const entries = await forum.call(routes.listDiscussions, {
      token: admin.token,
      query: { discussionType: 'category' },
    });
    expect(entries.map((item) => item.id)).toContain(entry.id);
  });

  it('pages newest first by level, topic (pinned first) and author, with the next cursor in a header', async () => {
    const author = await forum.member('Master');
    const topic = await createTopic({ category: 'Master' });
    const created: DiscussionDetail[] = [];
    for (let index = 0; index < 5; index += 1)
      created.push(await createDiscussion(author, { subcategoryId: topic.id, title: `Paged ${index}` }));
    const moderatorPin = await forum.request(`/api/discussions/${created[1]!.id}`, {
      method: 'PATCH',
      token: admin.token,
      json: { isPinned: true },
    });
    expect(moderatorPin.status).toBe(200);

    const first = await forum.request(`/api/discussions?subcategoryId=${topic.id}&limit=2`, {
      token: members.Master.token,
    });
    const firstPage = (await first.json()) as DiscussionSummary[];
    expect(firstPage.map((item) => item.title)).toEqual(['Paged 1', 'Paged 4']);
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const second = await forum.request(`/api/discussions?subcategoryId=${topic.id}&limit=2&before=${cursor}`, {
      token: members.Master.token,
    });
    const third = await forum.request(
      `/api/discussions?subcategoryId=${topic.id}&limit=2&before=${second.headers.get(NEXT_CURSOR_HEADER)}`,
      { token: members.Master.token },
    );
    expect(((await second.json()) as DiscussionSummary[]).map((item) => item.title)).toEqual(['Paged 3', 'Paged 2']);
    expect(((await third.json()) as DiscussionSummary[]).map((item) => item.title)).toEqual(['Paged 0']);
    expect(third.headers.get(NEXT_CURSOR_HEADER)).toBeNull();

    const byAuthor = await forum.call(routes.listDiscussions, {
      token: members.Core.token,
      query: { authorId: author.id },
    });
    expect(byAuthor.map((item) => item.title)).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
    const byLevel = await forum.call(routes.listDiscussions, {
      token: members.Core.token,
      query: { category: 'Master', limit: 100 },
    });
    expect(byLevel.every((item) => item.category === 'Master')).toBe(true);
    expect(
      await forum.call(routes.listDiscussions, { token: members.Master.token, query: { category: 'Core' } }),
    ).toEqual([]);
    expect((await forum.request('/api/discussions?before=garbage', { token: members.Master.token })).status).toBe(400);
    expect((await forum.request('/api/discussions?limit=101', { token: members.Master.token })).status).toBe(400);
  });

  it('lists the discussions posted in no topic with subcategoryId=none, and every topic without the filter', async () => {
    const author = await forum.member('Journeyman');
    const topic = await createTopic({ category: 'Journeyman' });
    const inTopic = await createDiscussion(author, { subcategoryId: topic.id, title: `In topic ${uniqueTag()}` });
    const loose = await createDiscussion(author, { category: 'Journeyman', title: `No topic ${uniqueTag()}` });

    const withoutTopic = await forum.call(routes.listDiscussions, {
      token: author.token,
      query: { authorId: author.id, subcategoryId: 'none' },
    });
    expect(withoutTopic.map((item) => item.id)).toEqual([loose.id]);
    const all = await forum.call(routes.listDiscussions, { token: author.token, query: { authorId: author.id } });
    expect(all.map((item) => item.id)).toEqual([loose.id, inTopic.id]);
  });

  it('shows replies oldest first, paged, with author names and "unknown" authors as null', async () => {
    const discussion = await createDiscussion(members.Apprentice);
    const stranger = await forum.member('Apprentice', { inReplica: false });
    await reply(members.Apprentice, discussion.id, 'first');
    await reply(stranger, discussion.id, 'second');
    await reply(members.Journeyman, discussion.id, 'third');
    const first = await forum.request(`/api/discussions/${discussion.id}/replies?limit=2`, {
      token: members.Apprentice.token,
    });
    const page = (await first.json()) as Reply[];
    expect(page.map((item) => item.content)).toEqual(['first', 'second']);
    expect(page[0]!.author).toMatchObject({ firstName: members.Apprentice.firstName });
    expect(page[1]!.author).toBeNull();
    const rest = await forum.call(routes.listReplies, {
      token: members.Apprentice.token,
      params: { id: discussion.id },
      query: { after: first.headers.get(NEXT_CURSOR_HEADER)! },
    });
    expect(rest.map((item) => item.content)).toEqual(['third']);

    const after = await forum.call(routes.getDiscussion, {
      token: members.Apprentice.token,
      params: { id: discussion.id },
    });
    expect(after).toMatchObject({
      replyCount: 3,
      lastReplyAuthor: { firstName: members.Journeyman.firstName, lastName: members.Journeyman.lastName },
    });
  });

  it('lets members edit and delete their own posts only', async () => {
    const discussion = await createDiscussion(members.Journeyman);
    const own = await reply(members.Journeyman, discussion.id, 'mine');
    const other = await reply(members.Master, discussion.id, 'theirs');
    const edited = await forum.call(routes.updateReply, {
      token: members.Journeyman.token,
      params: { id: discussion.id, replyId: own.id },
      body: { content: 'mine, *edited*' },
    });
    expect(edited.contentHtml).toContain('<em>edited</em>');
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies/${other.id}`, {
          method: 'PATCH',
          token: members.Journeyman.token,
          json: { content: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies/${other.id}`, {
          method: 'DELETE',
          token: members.Journeyman.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}/replies/${own.id}`, {
          method: 'DELETE',
          token: members.Journeyman.token,
        })
      ).status,
    ).toBe(204);

    const title = await forum.call(routes.updateDiscussion, {
      token: members.Journeyman.token,
      params: { id: discussion.id },
      body: { title: 'Renamed' },
    });
    expect(title.title).toBe('Renamed');
    expect(
      (
        await forum.request(`/api/discussions/${discussion.id}`, {
          method: 'PATCH',
          token: members.Master.token,
          json: { title: 'Mine now' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await forum.request(`/api/discussions/${discussion.id}`, { method: 'DELETE', token: members.Master.token }))
        .status,
    ).toBe(403);
    expect(
      (await forum.request(`/api/discussions/${discussion.id}`, { method: 'DELETE', token: members.Journeyman.token }))
        .status,
    ).toBe(204);
    expect((await forum.request(`/api/discussions/${discussion.id}`, { token: members.Journeyman.token })).status).toBe(
      404,
    );
  });

  it('previews a draft exactly as posting it renders it, and stores nothing', async () => {
    const content = 'A **draft** for @[Ann Lee](0b6f2c1e-1111-4a2b-8c3d-123456789abc) <script>alert(1)</script>';
    const preview = await forum.call(routes.previewContent, { token: members.Apprentice.token, body: { content } });
    const posted = await createDiscussion(members.Apprentice, { content });
    expect(preview.contentHtml).toBe(posted.contentHtml);
    expect(preview.contentHtml).toContain('<strong>draft</strong>');
    expect(preview.contentHtml).toContain('href="/profile/0b6f2c1e-1111-4a2b-8c3d-123456789abc"');
    expect(dangersIn(preview.contentHtml)).toEqual([]);
    const tooLong = await forum.request('/api/discussions/preview', {
      token: members.Apprentice.token,
      json: { content: 'x'.repeat(50_001) },
    });
    expect(tooLong.status).toBe(400);
    expect((await forum.request('/api/discussions/preview', { json: { content: 'x' } })).status).toBe(401);
  });

  it('renders XSS payloads posted through the API inert', async () => {
    const discussion = await createDiscussion(members.Core, {
      content: '<img src=x onerror=alert(1)>[x](javascript:alert(1))<svg onload=alert(1)>',
      contentFormat: 'html',
    });
    const posted = await reply(
      members.Core,
      discussion.id,
      '<a href="javascript:alert(1)" onclick="x()" style="color:red">hi</a><script>alert(1)</script>',
    );
    for (const html of [discussion.contentHtml, posted.contentHtml]) expect(dangersIn(html)).toEqual([]);
    expect(posted.contentHtml).toContain('>hi</a>');
  });
});

describe('counters under concurrency', () => {
  it('keeps replyCount and the last reply exact with 50 concurrent replies', async () => {
    const discussion = await createDiscussion(members.Apprentice);
    const authors = await Promise.all(Array.from({ length: 5 }, () => forum.member('Journeyman')));
    const posted = await Promise.all(
      Array.from({ length: 50 }, (_, index) => reply(authors[index % 5]!, discussion.id, `reply ${index}`)),
    );
    const after = await forum.call(routes.getDiscussion, {
      token: members.Apprentice.token,
      params: { id: discussion.id },
    });
    expect(after.replyCount).toBe(50);
    const latest = posted.reduce((newest, item) =>
      item.createdAt > newest.createdAt || (item.createdAt === newest.createdAt && item.id > newest.id) ? item : newest,
    );
    const [stored] = await forum.sql<{ reply_count: number; last_reply_at: Date; last_reply_author_id: string }>(
      'SELECT reply_count, last_reply_at, last_reply_author_id FROM discussions WHERE id = $1',
      [discussion.id],
    );
    expect(stored!.last_reply_at.toISOString()).toBe(latest.createdAt);
    const [count] = await forum.sql<{ count: number }>(
      'SELECT count(*)::int AS count FROM replies WHERE discussion_id = $1',
      [discussion.id],
    );
    expect(count!.count).toBe(50);
  });

  it('keeps replyCount, the last reply and the topic’s discussionCount exact under concurrent replies and deletes', async () => {
    const topic = await createTopic({ category: 'Journeyman' });
    const discussion = await createDiscussion(members.Journeyman, { subcategoryId: topic.id });
    const initial = await Promise.all(
      Array.from({ length: 20 }, (_, index) => reply(members.Journeyman, discussion.id, `r${index}`)),
    );
    const doomed = await Promise.all(
      Array.from({ length: 10 }, () => createDiscussion(members.Journeyman, { subcategoryId: topic.id })),
    );
    await Promise.all([
      ...initial.slice(0, 15).map((item) =>
        forum.call(routes.deleteReply, {
          token: members.Journeyman.token,
          params: { id: discussion.id, replyId: item.id },
          body: {},
        }),
      ),
      ...Array.from({ length: 15 }, (_, index) => reply(members.Master, discussion.id, `late ${index}`)),
      ...doomed.map((item) =>
        forum.call(routes.deleteDiscussion, { token: members.Journeyman.token, params: { id: item.id }, body: {} }),
      ),
      ...Array.from({ length: 5 }, () => createDiscussion(members.Journeyman, { subcategoryId: topic.id })),
    ]);
    const [truth] = await forum.sql<{ replies: number; last_at: Date; last_author: string }>(
      `SELECT count(*)::int AS replies, max(created_at) AS last_at,
              (SELECT author_id FROM replies WHERE discussion_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1) AS last_author
       FROM replies WHERE discussion_id = $1 AND deleted_at IS NULL`,
      [discussion.id],
    );
    const [stored] = await forum.sql<{ reply_count: number; last_reply_at: Date; last_reply_author_id: string }>(
      'SELECT reply_count, last_reply_at, last_reply_author_id FROM discussions WHERE id = $1',
      [discussion.id],
    );
    expect(stored).toEqual({
      reply_count: 20,
      last_reply_at: truth!.last_at,
      last_reply_author_id: truth!.last_author,
    });
    expect(truth!.replies).toBe(20);
    expect(
      (await forum.call(routes.getTopic, { token: members.Journeyman.token, params: { id: topic.id } }))
        .discussionCount,
    ).toBe(6);
  });
});

describe('users replica', () => {
  it('keeps author names from auth.user.* events', async () => {
    const member = await forum.member('Master', { inReplica: false });
    const discussion = await createDiscussion(member, { category: 'Master' });
    expect(discussion.author).toBeNull();
    const payload = {
      id: member.id,
      email: member.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: null,
      accessLevel: 'Master',
      isAdmin: false,
      isModerator: false,
    };
    await forum.bus.publish({
      id: crypto.randomUUID(),
      subject: SUBJECTS.userCreated,
      occurredAt: new Date().toISOString(),
      payload,
    });
    await expect
      .poll(
        async () =>
          (await forum.call(routes.getDiscussion, { token: member.token, params: { id: discussion.id } })).author
            ?.firstName,
        { timeout: 10_000 },
      )
      .toBe('Grace');
    await forum.bus.publish({
      id: crypto.randomUUID(),
      subject: SUBJECTS.userUpdated,
      occurredAt: new Date().toISOString(),
      payload: { ...payload, firstName: 'Admiral' },
    });
    await expect
      .poll(
        async () =>
          (await forum.call(routes.getDiscussion, { token: member.token, params: { id: discussion.id } })).author
            ?.firstName,
        { timeout: 10_000 },
      )
      .toBe('Admiral');
    await forum.bus.publish({
      id: crypto.randomUUID(),
      subject: SUBJECTS.userDeleted,
      occurredAt: new Date().toISOString(),
      payload: { id: member.id },
    });
    await expect
      .poll(
        async () =>
          (await forum.call(routes.getDiscussion, { token: member.token, params: { id: discussion.id } })).author,
        { timeout: 10_000 },
      )
      .toBeNull();
  });
});
