/**
 * The admin console's calls against the real service and a real dm beside it (same namespace): who
 * may call them, the access-level, report, flag and bulk workflows, and the audit log they leave.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  SUBJECTS,
  adminRoutes,
  dmRoutes,
  fillPath,
  pathParamNames,
  type AccessLevel,
  type CallInput,
  type DirectMessage,
  type MessageReport,
  type PostReportedPayload,
  type ReviewItem,
  type ReviewQueue,
  type ReviewQueueQuery,
  type ReviewResolve,
} from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import { startAdminHarness, type AdminHarness, type Member } from './testing/admin-harness.ts';

let admin: AdminHarness;
let boss: Member;
const USER_AGENT = 'console-test/1.0 (audit)';

beforeAll(async () => {
  admin = await startAdminHarness({ withDm: true });
  boss = await admin.member('Admin', { firstName: 'Ada', lastName: 'Boss' });
}, 150_000);
afterAll(() => admin?.stop());

/** Sends a message through dm (the real one) and waits until the admin service keeps its copy. */
async function send(from: Member, to: Member, content: string): Promise<DirectMessage> {
  const message = await admin.dm!.call(dmRoutes.sendMessage, {
    token: from.token,
    body: { content, recipientId: to.id },
  });
  await expect
    .poll(async () => (await admin.sql(`SELECT 1 FROM message_snapshots WHERE message_id = $1`, [message.id])).length, {
      timeout: 15_000,
    })
    .toBe(1);
  return message;
}

const asBoss = { token: '', headers: { 'user-agent': USER_AGENT } };
type AuditQuery = CallInput<typeof adminRoutes.listAuditLogs>['query'];
const auditOf = async (query: AuditQuery) =>
  admin.call(adminRoutes.listAuditLogs, { query, ...asBoss, token: boss.token });

/** A report of `messageId` by `reporter`, as the recipient's page files it. */
const reportAs = (reporter: Member, body: CallInput<typeof adminRoutes.reportMessage>['body']) =>
  admin.call(adminRoutes.reportMessage, { token: reporter.token, body });

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

describe('who may call the console', () => {
  it('refuses every admin call signed out with 401 and to a non-admin with 403; access levels: any member reads, Core edits', async () => {
    const master = await admin.member('Master');
    const core = await admin.member('Core');
    const rows: { name: string; signedOut: number; master: number; core: number }[] = [];
    for (const [name, route] of Object.entries(adminRoutes)) {
      if (name === 'reportMessage') continue;
      const params = Object.fromEntries(
        pathParamNames(route.path).map((param) => [param, param === 'value' ? 'Core' : randomUUID()]),
      );
      const path = fillPath(route.path, params);
      // A valid body where the caller may edit, so the table shows the rule rather than the validation.
      // Raw: one loop over every route with the same placeholder body, which the routes' types would each refuse.
      const json = route.method === 'GET' ? undefined : name === 'updateAccessLevel' ? { description: 'Core' } : {};
      const status = async (token?: string) =>
        (await admin.request(path, { method: route.method, token, json })).status;
      rows.push({
        name,
        signedOut: await status(),
        master: await status(master.token),
        core: await status(core.token),
      });
    }
    const adminOnly = { signedOut: 401, master: 403, core: 403 };
    expect(rows).toEqual([
      { name: 'listAccessLevels', signedOut: 401, master: 200, core: 200 },
      { name: 'updateAccessLevel', signedOut: 401, master: 403, core: 200 },
      ...[
        'listConversations',
        'viewConversation',
        'listDirectMessages',
        'listReports',
        'resolveReport',
        'reviewQueue',
        'resolveReviewItem',
        'listFlags',
        'updateFlagStatus',
        'bulkDeleteMessages',
        'bulkFlagMessages',
        'exportAuditLogs',
        'listAuditLogs',
        'memberActivity',
      ].map((name) => ({ name, ...adminOnly })),
    ]);
  }, 60_000);
});

describe('access levels', () => {
  it('lists the six in order; Core and admins change a description, Master cannot; the change is audited', async () => {
    const [master, core] = [await admin.member('Master'), await admin.member('Core')];
    const levels = await admin.call(adminRoutes.listAccessLevels, { token: master.token });
    expect(levels.map((level) => [level.value, level.orderIndex])).toEqual([
      ['Public', 0],
      ['Apprentice', 1],
      ['Journeyman', 2],
      ['Master', 3],
      ['Core', 4],
      ['Admin', 5],
    ]);

    const patch = (token: string, value: AccessLevel, description: string, status?: number) =>
      admin.call(adminRoutes.updateAccessLevel, {
        params: { value },
        body: { description },
        token,
        headers: { 'user-agent': USER_AGENT },
        expect: status,
      });
    /** Raw: a level or a field the contract's types refuse. */
    const patchRaw = (token: string, value: string, json: unknown) =>
      admin.request(`/api/admin/access-levels/${value}`, {
        method: 'PATCH',
        token,
        json,
        headers: { 'user-agent': USER_AGENT },
      });
    expect(await patch(master.token, 'Master', 'Mine now', 403)).toMatchObject({
      message: ADMIN_MESSAGES.accessLevelEditDenied,
    });
    const byCore = await patch(core.token, 'Journeyman', '  Solid members  ');
    expect(byCore).toMatchObject({
      value: 'Journeyman',
      label: 'Journeyman',
      description: 'Solid members',
    });
    await patch(boss.token, 'Admin', 'Runs the place');

    expect(await patch(core.token, 'Core', '   ', 400)).toMatchObject({ message: ADMIN_MESSAGES.descriptionRequired });
    expect(await errorOf(await patchRaw(core.token, 'Wizard', { description: 'x' }))).toEqual({
      status: 404,
      message: ADMIN_MESSAGES.accessLevelNotFound,
    });
    // Only the description changes: the name is not a field.
    expect((await patchRaw(core.token, 'Core', { description: 'x', label: 'Gods' })).status).toBe(400);

    const audit = await admin.call(adminRoutes.listAuditLogs, {
      query: { actionType: 'access_level_update', adminId: core.id },
      token: boss.token,
    });
    expect(audit.logs).toHaveLength(1);
    expect(audit.logs[0]).toMatchObject({
      adminId: core.id,
      adminName: expect.stringMatching(/^Core Member/),
      userAgent: USER_AGENT,
      ipAddress: expect.any(String),
      details: { value: 'Journeyman', to: 'Solid members' },
    });
  });
});

describe('messages: bulk actions, conversations and the recent list', () => {
  it('validates bulk bodies with the console texts, deletes and flags through dm, and records each message', async () => {
    const [ada, grace] = [
      await admin.member('Apprentice', { firstName: 'Ada', lastName: 'Lovelace' }),
      await admin.member('Apprentice', { firstName: 'Grace', lastName: 'Hopper' }),
    ];
    const spam = await send(ada, grace, 'buy now');
    const rude = await send(grace, ada, 'go away');
    const kept = await send(ada, grace, 'hello');

    // Raw: bodies that lack a field the contract's types require, sent to both bulk routes alike.
    const post = (path: string, json: unknown) =>
      admin.request(path, { token: boss.token, json, headers: { 'user-agent': USER_AGENT } });
    for (const path of ['/api/admin/messages/bulk-delete', '/api/admin/messages/bulk-flag']) {
      expect(await errorOf(await post(path, { messageIds: [], reason: 'spam' }))).toEqual({
        status: 400,
        message: ADMIN_MESSAGES.noMessagesSelected,
      });
      expect(await errorOf(await post(path, { reason: 'spam' }))).toEqual({
        status: 400,
        message: ADMIN_MESSAGES.noMessagesSelected,
      });
      expect(await errorOf(await post(path, { messageIds: [spam.id], reason: '   ' }))).toEqual({
        status: 400,
        message: ADMIN_MESSAGES.reasonRequired,
      });
      expect(await errorOf(await post(path, { messageIds: [spam.id] }))).toEqual({
        status: 400,
        message: ADMIN_MESSAGES.reasonRequired,
      });
      // Messages nobody has: dm's refusal reaches the admin as it is.
      expect((await post(path, { messageIds: [randomUUID()], reason: 'x' })).status).toBe(404);
    }
    expect(
      await admin.call(adminRoutes.bulkFlagMessages, {
        ...asBoss,
        token: boss.token,
        body: { messageIds: [spam.id], reason: 'x', priority: 9 },
        expect: 400,
      }),
    ).toMatchObject({ message: ADMIN_MESSAGES.priorityInvalid });

    const deleted = await admin.call(adminRoutes.bulkDeleteMessages, {
      ...asBoss,
      token: boss.token,
      body: { messageIds: [spam.id, rude.id], reason: 'abuse' },
    });
    expect(deleted).toEqual({ deleted: expect.arrayContaining([spam.id, rude.id]), count: 2 });

    const flags = await admin.call(adminRoutes.bulkFlagMessages, {
      ...asBoss,
      token: boss.token,
      body: { messageIds: [kept.id], reason: 'check tone' },
    });
    expect(flags).toMatchObject({
      count: 1,
      flags: [
        {
          messageId: kept.id,
          status: 'pending',
          priority: 1,
          reason: 'check tone',
          flaggedBy: boss.id,
          flaggedByName: 'Ada Boss',
          message: { content: 'hello', senderName: 'Ada Lovelace', recipientName: 'Grace Hopper' },
        },
      ],
    });

    // dm's action events arrive asynchronously: one bulk_delete, one message_delete per message, one message_flag.
    await expect
      .poll(async () => (await auditOf({ adminId: boss.id, actionType: 'message_delete' })).total, { timeout: 15_000 })
      .toBe(2);
    const deletes = await auditOf({ adminId: boss.id, actionType: 'message_delete' });
    expect(deletes.logs.map((log) => log.targetMessageId).sort()).toEqual([spam.id, rude.id].sort());
    expect(deletes.logs[0]).toMatchObject({
      userAgent: USER_AGENT,
      ipAddress: expect.any(String),
      adminName: 'Ada Boss',
    });
    await expect
      .poll(async () => (await auditOf({ adminId: boss.id, actionType: 'bulk_delete' })).logs.map((log) => log.details))
      .toEqual([expect.objectContaining({ reason: 'abuse' })]);
    await expect
      .poll(async () =>
        (await auditOf({ adminId: boss.id, actionType: 'message_flag' })).logs.map((log) => log.targetMessageId),
      )
      .toEqual([kept.id]);

    // The recent list shows the deletion once dm's event is applied.
    await expect
      .poll(async () => {
        const recent = await admin.call(adminRoutes.listDirectMessages, { query: { limit: 200 }, token: boss.token });
        return recent.messages.find((message) => message.id === spam.id);
      })
      .toMatchObject({ isDeletedByAdmin: true, deletionReason: 'abuse', senderName: 'Ada Lovelace' });

    const conversations = await admin.call(adminRoutes.listConversations, { query: { limit: 200 }, token: boss.token });
    const pair = conversations.conversations.find((row) => [row.user1Id, row.user2Id].includes(ada.id));
    expect(pair).toMatchObject({ messageCount: expect.any(Number), lastActivity: expect.any(String) });
    expect([pair?.user1Name, pair?.user2Name].sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);

    // A GET (what an image tag on any page could make the admin's browser send) reads and records nothing.
    // Raw: a GET, which the contract's POST route does not offer.
    expect((await admin.request(`/api/admin/conversations/${ada.id}/${grace.id}`, { token: boss.token })).status).toBe(
      404,
    );
    const params = { user1Id: ada.id, user2Id: grace.id };
    expect(
      await admin.call(adminRoutes.viewConversation, {
        params,
        body: { reason: '  ' },
        token: boss.token,
        expect: 400,
      }),
    ).toMatchObject({ message: ADMIN_MESSAGES.viewReasonRequired });
    const view = await admin.call(adminRoutes.viewConversation, {
      params,
      token: boss.token,
      headers: { 'user-agent': USER_AGENT },
      body: { reason: 'checking a report' },
    });
    expect(view.user1).toMatchObject({ id: ada.id, name: 'Ada Lovelace' });
    expect(view.messages.map((message) => [message.content, message.isDeletedByAdmin])).toEqual([
      ['buy now', true],
      ['go away', true],
      ['hello', false],
    ]);
    await expect
      .poll(async () => (await auditOf({ adminId: boss.id, actionType: 'conversation_view' })).logs)
      .toEqual([
        expect.objectContaining({
          targetUserId: ada.id,
          userAgent: USER_AGENT,
          details: { user1Id: ada.id, user2Id: grace.id, reason: 'checking a report' },
        }),
      ]);
  }, 90_000);
});

describe('reports and flags', () => {
  async function reportedMessage(): Promise<{ report: MessageReport; sender: Member; recipient: Member }> {
    const [sender, recipient] = [await admin.member(), await admin.member()];
    const message = await send(sender, recipient, `nasty ${randomUUID()}`);
    const report = await reportAs(recipient, { messageId: message.id, reportType: 'harassment', reportReason: 'rude' });
    return { report, sender, recipient };
  }

  it('lists open reports with the message and resolves one once, empty notes becoming the default text', async () => {
    const { report, sender, recipient } = await reportedMessage();
    const open = await admin.call(adminRoutes.listReports, {
      query: { status: 'open', limit: 200 },
      token: boss.token,
    });
    expect(open.reports.find((row) => row.id === report.id)).toMatchObject({
      isResolved: false,
      reporterName: recipient.name,
      message: { senderId: sender.id, senderName: sender.name },
    });

    const resolve = (id: string, body: CallInput<typeof adminRoutes.resolveReport>['body'], status?: number) =>
      admin.call(adminRoutes.resolveReport, {
        params: { id },
        token: boss.token,
        body,
        headers: { 'user-agent': USER_AGENT },
        expect: status,
      });
    const resolved = await resolve(report.id, { resolution: '   ' });
    expect(resolved).toMatchObject({
      isResolved: true,
      resolution: ADMIN_MESSAGES.noResolutionNotes,
      resolvedBy: boss.id,
      resolvedByName: 'Ada Boss',
      resolvedAt: expect.any(String),
    });
    expect(await resolve(report.id, { resolution: 'again' }, 409)).toMatchObject({
      message: ADMIN_MESSAGES.reportAlreadyResolved,
    });
    expect(await resolve(randomUUID(), {}, 404)).toMatchObject({ message: ADMIN_MESSAGES.reportNotFound });
    expect(await resolve('nope', {}, 404)).toMatchObject({ message: ADMIN_MESSAGES.reportNotFound });

    const second = await reportedMessage();
    const withNotes = await admin.call(adminRoutes.resolveReport, {
      params: { id: second.report.id },
      token: boss.token,
      body: { resolution: ' Warned the sender ' },
    });
    expect(withNotes.resolution).toBe('Warned the sender');

    const audit = await auditOf({ actionType: 'report_resolve', adminId: boss.id });
    expect(audit.logs.map((log) => [log.targetReportId, log.userAgent])).toEqual(
      expect.arrayContaining([[report.id, USER_AGENT]]),
    );
  }, 60_000);

  it('moves a flag through the statuses with review notes; a resolved flag is final; dismissing is an unflag', async () => {
    const [sender, recipient] = [await admin.member(), await admin.member()];
    const [first, second] = [await send(sender, recipient, 'one'), await send(sender, recipient, 'two')];
    const created = await admin.call(adminRoutes.bulkFlagMessages, {
      token: boss.token,
      body: { messageIds: [first.id, second.id], reason: 'odd', priority: 3 },
    });
    const [flagA, flagB] = created.flags.sort((a, b) =>
      a.messageId === first.id ? -1 : b.messageId === first.id ? 1 : 0,
    );
    const put = (id: string, body: CallInput<typeof adminRoutes.updateFlagStatus>['body'], status?: number) =>
      admin.call(adminRoutes.updateFlagStatus, { params: { id }, token: boss.token, body, expect: status });

    // Raw: a status outside the contract's enum.
    const closed = await admin.request(`/api/admin/message-flags/${flagA!.id}/status`, {
      method: 'PUT',
      token: boss.token,
      json: { status: 'closed' },
    });
    expect(await errorOf(closed)).toEqual({ status: 400, message: ADMIN_MESSAGES.flagStatusInvalid });
    expect(await put(randomUUID(), { status: 'resolved' }, 404)).toMatchObject({
      message: ADMIN_MESSAGES.flagNotFound,
    });
    const reviewing = await put(flagA!.id, { status: 'under_review', reviewNotes: ' looking ' });
    expect(reviewing).toMatchObject({
      status: 'under_review',
      reviewNotes: 'looking',
      reviewedBy: boss.id,
      reviewedByName: 'Ada Boss',
    });
    await put(flagA!.id, { status: 'escalated' });
    await put(flagA!.id, { status: 'resolved', reviewNotes: 'handled' });
    expect(await put(flagA!.id, { status: 'pending' }, 409)).toMatchObject({
      message: ADMIN_MESSAGES.flagAlreadyResolved,
    });
    await put(flagB!.id, { status: 'dismissed' });

    const resolvedList = await admin.call(adminRoutes.listFlags, {
      query: { status: 'resolved', limit: 200 },
      token: boss.token,
    });
    expect(resolvedList.flags.find((flag) => flag.id === flagA!.id)).toMatchObject({
      status: 'resolved',
      reviewNotes: 'handled',
      priority: 3,
      message: { content: 'one' },
    });
    // Raw: a status outside the contract's enum.
    expect((await admin.request('/api/admin/message-flags?status=closed', { token: boss.token })).status).toBe(400);

    const changes = await auditOf({ actionType: 'flag_status_change', adminId: boss.id });
    expect(
      changes.logs
        .filter((log) => log.targetFlagId === flagA!.id)
        .map((log) => (log.details as { to: string }).to)
        .sort(),
    ).toEqual(['escalated', 'resolved', 'under_review']);
    const unflags = await auditOf({ actionType: 'message_unflag', adminId: boss.id });
    expect(unflags.logs.map((log) => log.targetFlagId)).toEqual([flagB!.id]);
  }, 60_000);

  it('applies two reviews of one report or one flag at once one after the other: the second finds it resolved', async () => {
    const { report } = await reportedMessage();
    // Raw: both answers are collected, one of them a refusal.
    const resolutions = await Promise.all(
      ['first', 'second'].map((resolution) =>
        admin.request(`/api/admin/message-reports/${report.id}/resolve`, { token: boss.token, json: { resolution } }),
      ),
    );
    expect(resolutions.map((response) => response.status).sort()).toEqual([200, 409]);

    const [sender, recipient] = [await admin.member(), await admin.member()];
    const message = await send(sender, recipient, `flagged ${randomUUID()}`);
    const {
      flags: [flag],
    } = await admin.call(adminRoutes.bulkFlagMessages, {
      token: boss.token,
      body: { messageIds: [message.id], reason: 'odd', priority: 1 },
    });
    const updates = await Promise.all(
      ['first', 'second'].map((reviewNotes) =>
        admin.request(`/api/admin/message-flags/${flag!.id}/status`, {
          method: 'PUT',
          token: boss.token,
          json: { status: 'resolved', reviewNotes },
        }),
      ),
    );
    expect(updates.map((response) => response.status).sort()).toEqual([200, 409]);
    const changes = await auditOf({ actionType: 'flag_status_change', adminId: boss.id });
    expect(changes.logs.filter((log) => log.targetFlagId === flag!.id)).toHaveLength(1);
  }, 60_000);
});

describe('the review queue', () => {
  it('shows DM and forum post reports once per content with context and reporters, sorts, filters and resolves with an outcome', async () => {
    const [author, first, second] = [await admin.member(), await admin.member(), await admin.member()];
    const before = await send(author, first, `before ${randomUUID()}`);
    const reported = await send(author, first, `reported ${randomUUID()}`);
    await reportAs(first, { messageId: reported.id, reportType: 'spam', reportReason: 'selling' });
    const discussionId = randomUUID();
    const replyId = randomUUID();
    const postReport = (reporter: Member, createdAt: string): PostReportedPayload => ({
      id: randomUUID(),
      discussionId,
      replyId,
      reportType: 'threat',
      reportReason: 'a threat',
      createdAt,
      reporterId: reporter.id,
      authorId: author.id,
      discussionTitle: 'Weekend plans',
      content: 'the reported reply',
    });
    await admin.bus.publish(newEvent(SUBJECTS.forumPostReported, postReport(first, '2020-01-01T00:00:00.000Z')));
    await admin.bus.publish(newEvent(SUBJECTS.forumPostReported, postReport(second, '2020-01-02T00:00:00.000Z')));

    const queue = (query: ReviewQueueQuery) =>
      admin.call(adminRoutes.reviewQueue, { query: { limit: 100, ...query }, token: boss.token });
    const mine = (result: ReviewQueue) => result.items.filter((item) => item.authorId === author.id);
    await expect.poll(async () => mine(await queue({ kind: 'post_report' })).length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => mine(await queue({ kind: 'post_report' })).map((item) => item.reportCount), { timeout: 15_000 })
      .toEqual([2]);

    // Newest report first puts the DM ahead; most reported puts the post (two reporters) ahead.
    const newest = mine(await queue({ sort: 'newest' }));
    expect(newest.map((item) => item.kind)).toEqual(['dm_report', 'post_report']);
    expect(mine(await queue({ sort: 'most_reported' })).map((item) => item.kind)).toEqual(['post_report', 'dm_report']);
    const [dmItem, postItem] = newest as [ReviewItem, ReviewItem];
    expect(dmItem).toMatchObject({
      targetId: reported.id,
      authorName: author.name,
      reports: [expect.objectContaining({ reporterName: first.name, reportType: 'spam', reportReason: 'selling' })],
      isResolved: false,
    });
    expect(dmItem.context.messages?.map((message) => [message.id, message.isReported])).toEqual([
      [before.id, false],
      [reported.id, true],
    ]);
    expect(postItem).toMatchObject({
      targetId: replyId,
      content: 'the reported reply',
      context: { messages: null, discussion: { id: discussionId, title: 'Weekend plans', replyId } },
    });
    expect(postItem.reports.map((report) => report.reporterName)).toEqual([second.name, first.name]);
    expect(mine(await queue({ kind: 'dm_report' })).map((item) => item.kind)).toEqual(['dm_report']);

    const resolve = (body: ReviewResolve, status?: number) =>
      admin.call(adminRoutes.resolveReviewItem, { token: boss.token, body, expect: status });
    // An outcome whose consequence is the admin service's own (a warning); the others' are in launcher's review-consequences test.
    const warned = await resolve({ kind: 'post_report', targetId: replyId, outcome: 'warn', notes: 'Mind the tone' });
    expect(warned).toMatchObject({
      isResolved: true,
      outcome: 'warn',
      resolution: 'Mind the tone',
    });
    expect(
      await resolve({ kind: 'post_report', targetId: replyId, outcome: 'warn', notes: 'Late' }, 409),
    ).toMatchObject({
      message: ADMIN_MESSAGES.reviewItemAlreadyResolved,
    });
    expect(await resolve({ kind: 'post_report', targetId: randomUUID(), outcome: 'dismiss' }, 404)).toMatchObject({
      message: ADMIN_MESSAGES.reviewItemNotFound,
    });
    // Raw: an outcome outside the contract's enum.
    const ignored = await admin.request('/api/admin/review-queue/resolve', {
      token: boss.token,
      json: { kind: 'dm_report', targetId: reported.id, outcome: 'ignore' },
    });
    expect(ignored.status).toBe(400);
    await resolve({ kind: 'dm_report', targetId: reported.id, outcome: 'dismiss' });

    expect(mine(await queue({ status: 'open' }))).toEqual([]);
    const closed = mine(await queue({ status: 'resolved' }));
    expect(closed.map((item) => [item.kind, item.outcome, item.resolution])).toEqual([
      ['dm_report', null, ADMIN_MESSAGES.noResolutionNotes],
      ['post_report', 'warn', 'Mind the tone'],
    ]);
    const audit = await admin.call(adminRoutes.listAuditLogs, { query: { limit: 200 }, token: boss.token });
    const resolutions = (log: { actionType: string }) => log.actionType.startsWith('report_');
    const onAuthor = audit.logs.filter((log) => log.targetUserId === author.id && resolutions(log));
    expect(onAuthor.map((log) => [log.actionType, log.details?.outcome])).toEqual([
      ['report_dismiss', null],
      ['report_resolve', 'warn'],
    ]);
    // The queue shows these as earlier actions on the same member (the warning's own row beside them).
    expect(closed[0]!.earlierActions.filter(resolutions).map((action) => action.actionType)).toEqual([
      'report_dismiss',
      'report_resolve',
    ]);
  }, 90_000);
});

describe('the user view', () => {
  it('shows what a member did, what was done to them, the reports against them and their messages; 404 for nobody', async () => {
    const [member, reporter] = [await admin.member(), await admin.member()];
    const first = await send(member, reporter, `first ${randomUUID()}`);
    await send(member, reporter, `second ${randomUUID()}`);
    await reportAs(reporter, { messageId: first.id, reportType: 'spam', reportReason: 'ads' });
    await admin.call(adminRoutes.resolveReviewItem, {
      token: boss.token,
      body: { kind: 'dm_report', targetId: first.id, outcome: 'warn', notes: 'No ads here' },
    });
    // Something the member did that the log holds (a moderator's action arriving from forum).
    await admin.bus.publish(
      newEvent(SUBJECTS.forumAdminAction, {
        adminId: member.id,
        actionType: 'forum_moderation',
        targetUserId: reporter.id,
        description: 'Locked a discussion',
        ipAddress: null,
        userAgent: null,
        sessionId: null,
      }),
    );
    const view = () => admin.call(adminRoutes.memberActivity, { params: { id: member.id }, token: boss.token });
    await expect.poll(async () => (await view()).actionsBy.total, { timeout: 15_000 }).toBe(1);
    const shown = await view();
    expect(shown).toMatchObject({ userId: member.id, name: member.name, messagesSent: 2 });
    expect(shown.lastMessageAt).toEqual(expect.any(String));
    expect(shown.actionsBy.logs.map((log) => [log.actionType, log.targetUserName])).toEqual([
      ['forum_moderation', reporter.name],
    ]);
    expect(shown.actionsOn.logs.map((log) => [log.actionType, log.adminName]).sort()).toEqual([
      ['report_resolve', 'Ada Boss'],
      ['user_warn', 'Ada Boss'],
    ]);
    expect(shown.reportsAgainst).toEqual({
      total: 1,
      reports: [
        expect.objectContaining({
          kind: 'dm_report',
          targetId: first.id,
          content: first.content,
          reporterName: reporter.name,
          reportReason: 'ads',
          isResolved: true,
          outcome: 'warn',
          resolution: 'No ads here',
        }),
      ],
    });
    expect(
      await admin.call(adminRoutes.memberActivity, { params: { id: randomUUID() }, token: boss.token, expect: 404 }),
    ).toMatchObject({ message: ADMIN_MESSAGES.targetUserInvalid });
  }, 60_000);
});

describe('review queue actions', () => {
  it('warns with the moderator’s text (a notification event and a user_warn row), refuses a warning without text, and pages in SQL', async () => {
    const [author, reporter] = [await admin.member(), await admin.member()];
    const reported = await send(author, reporter, `rude ${randomUUID()}`);
    await reportAs(reporter, { messageId: reported.id, reportType: 'harassment' });
    const warnings: unknown[] = [];
    const subscription = await admin.bus.subscribe({
      durable: `warnings-${randomUUID()}`,
      subjects: [SUBJECTS.adminMemberWarned],
      handler: (event) => {
        if (event.payload.userId === author.id) warnings.push(event.payload);
        return Promise.resolve();
      },
    });
    try {
      const resolve = (body: ReviewResolve, status?: number) =>
        admin.call(adminRoutes.resolveReviewItem, { token: boss.token, body, expect: status });
      expect(
        await resolve({ kind: 'dm_report', targetId: reported.id, outcome: 'warn', notes: ' ' }, 400),
      ).toMatchObject({ message: ADMIN_MESSAGES.warningTextRequired });
      const warned = await resolve({ kind: 'dm_report', targetId: reported.id, outcome: 'warn', notes: 'Be kind' });
      expect(warned).toMatchObject({ isResolved: true, outcome: 'warn', resolution: 'Be kind' });
      await expect
        .poll(() => warnings, { timeout: 15_000 })
        .toEqual([
          { userId: author.id, warnedBy: boss.id, message: 'Be kind', kind: 'dm_report', targetId: reported.id },
        ]);
    } finally {
      await subscription.stop();
    }
    const onAuthor = (await auditOf({ actionType: 'user_warn', adminId: boss.id })).logs.filter(
      (log) => log.targetUserId === author.id,
    );
    expect(onAuthor.map((log) => [log.adminId, log.targetMessageId, log.details?.reason])).toEqual([
      [boss.id, reported.id, 'Be kind'],
    ]);

    // Pages come from SQL: each page holds `limit` items, pages do not overlap, and total counts them all.
    const all = await admin.call(adminRoutes.reviewQueue, { query: { status: 'all', limit: 100 }, token: boss.token });
    const pages = await Promise.all(
      [0, 1, 2].map((offset) =>
        admin.call(adminRoutes.reviewQueue, { query: { status: 'all', limit: 1, offset }, token: boss.token }),
      ),
    );
    expect(pages.map((page) => page.total)).toEqual([all.total, all.total, all.total]);
    expect(pages.map((page) => page.items[0]?.targetId)).toEqual(all.items.slice(0, 3).map((item) => item.targetId));
  }, 60_000);
});

describe('the audit log', () => {
  it('records other services’ actions, filters and pages, refuses bad filters, and cannot be changed in SQL', async () => {
    const other = await admin.member('Admin', { firstName: 'Grace', lastName: 'Auditor' });
    const target = randomUUID();
    await admin.bus.publish(
      newEvent(SUBJECTS.adminActionRecorded, {
        adminId: other.id,
        actionType: 'user_access_level',
        targetUserId: target,
        description: 'Set level to Core',
        details: { accessLevel: { from: 'Master', to: 'Core' } },
        ipAddress: '203.0.113.9',
        userAgent: 'Mozilla/5.0',
        sessionId: randomUUID(),
      }),
    );
    await admin.bus.publish(
      newEvent(SUBJECTS.adminActionRecorded, {
        adminId: other.id,
        actionType: 'user_shadowban',
        targetUserId: target,
        description: 'Something new',
        ipAddress: null,
        userAgent: null,
        sessionId: null,
      }),
    );
    const discussionId = randomUUID();
    await admin.bus.publish(
      newEvent(SUBJECTS.forumAdminAction, {
        adminId: other.id,
        actionType: 'forum_moderation',
        targetUserId: target,
        description: 'Locked a discussion',
        details: { action: 'lock', discussionId, reason: 'flame war' },
        ipAddress: '203.0.113.9',
        userAgent: 'Mozilla/5.0',
        sessionId: null,
      }),
    );

    await expect.poll(async () => (await auditOf({ adminId: other.id })).total, { timeout: 15_000 }).toBe(3);
    const page1 = await auditOf({ adminId: other.id, limit: 2 });
    const page2 = await auditOf({ adminId: other.id, limit: 2, offset: 2 });
    expect(page1.total).toBe(3);
    expect([...page1.logs, ...page2.logs].map((log) => log.actionType).sort()).toEqual([
      'forum_moderation',
      'other',
      'user_access_level',
    ]);
    const levelChange = (await auditOf({ adminId: other.id, actionType: 'user_access_level' })).logs[0];
    expect(levelChange).toMatchObject({
      adminName: 'Grace Auditor',
      targetUserId: target,
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      description: 'Set level to Core',
    });
    expect((await auditOf({ adminId: other.id, actionType: 'other' })).logs[0]?.details).toEqual({
      reportedActionType: 'user_shadowban',
    });
    await expect
      .poll(() =>
        admin.sql(`SELECT action, discussion_id, reason FROM moderation_log WHERE moderator_id = $1`, [other.id]),
      )
      .toEqual([{ action: 'lock', discussion_id: discussionId, reason: 'flame war' }]);
    // 'all' is the console's no-filter choice.
    expect((await auditOf({ adminId: 'all', actionType: 'all', limit: 1 })).logs).toHaveLength(1);

    // Raw: one table of query strings, an action type outside the contract's enum among them.
    for (const query of ['actionType=rename_everything', 'adminId=bob', 'limit=0', 'limit=9999', 'offset=-1']) {
      expect((await admin.request(`/api/admin/audit-logs?${query}`, { token: boss.token })).status).toBe(400);
    }

    const id = levelChange!.id;
    await expect(admin.sql(`UPDATE admin_audit_logs SET description = 'edited' WHERE id = $1`, [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(admin.sql(`DELETE FROM admin_audit_logs WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(admin.sql(`TRUNCATE admin_audit_logs`)).rejects.toThrow(/append-only/);
    expect(await admin.sql(`SELECT description FROM admin_audit_logs WHERE id = $1`, [id])).toEqual([
      { description: 'Set level to Core' },
    ]);
  }, 60_000);
});

describe('the audit log’s filters and CSV export', () => {
  it('filters by target member and date range, and exports the filtered rows as escaped CSV', async () => {
    const actor = await admin.member('Admin', { firstName: '=Eve', lastName: 'Exporter' });
    const [target, elsewhere] = [randomUUID(), randomUUID()];
    const action = (targetUserId: string, description: string, reason: string) =>
      newEvent(SUBJECTS.adminActionRecorded, {
        adminId: actor.id,
        actionType: 'user_suspend',
        targetUserId,
        description,
        details: { reason },
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        sessionId: null,
      });
    await admin.bus.publish(action(target, 'Suspended, "for a day"', '=HYPERLINK("http://evil")'));
    await admin.bus.publish(action(elsewhere, 'Suspended someone else', 'spam'));
    await expect.poll(async () => (await auditOf({ adminId: actor.id })).total, { timeout: 15_000 }).toBe(2);

    expect((await auditOf({ adminId: actor.id, targetUserId: target })).logs).toEqual([
      expect.objectContaining({ targetUserId: target, actionType: 'user_suspend' }),
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await auditOf({ adminId: actor.id, from: hourAgo, to: inAnHour })).total).toBe(2);
    expect((await auditOf({ adminId: actor.id, from: inAnHour })).total).toBe(0);
    expect((await auditOf({ adminId: actor.id, to: hourAgo })).total).toBe(0);
    const refusals: [AuditQuery, string][] = [
      [{ from: 'yesterday' }, ADMIN_MESSAGES.auditDateInvalid],
      [{ from: inAnHour, to: hourAgo }, ADMIN_MESSAGES.auditDateRangeInvalid],
      [{ targetUserId: 'bob' }, ADMIN_MESSAGES.targetUserInvalid],
    ];
    for (const [query, message] of refusals) {
      const refused = await admin.call(adminRoutes.listAuditLogs, { query, token: boss.token, expect: 400 });
      expect(JSON.stringify(refused), JSON.stringify(query)).toContain(message);
      await admin.call(adminRoutes.exportAuditLogs, { query, token: boss.token, expect: 400 });
    }

    // Raw: the CSV download is a raw route; its headers and text are read.
    const exported = await admin.request(
      `/api/admin/audit-logs/export?adminId=${actor.id}&actionType=user_suspend&targetUserId=${target}`,
      { token: boss.token },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?audit-log-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const lines = (await exported.text()).split('\r\n');
    expect(lines[0]).toBe(
      '"Time (UTC)","Action","Admin ID","Admin","Target member ID","Target member","Target message ID","Target report ID","Target flag ID","Description","Reason","IP address","User agent","Success"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"user_suspend","${actor.id}","'=Eve Exporter","${target}"`);
    expect(lines[1]).toContain(`"Suspended, ""for a day""","'=HYPERLINK(""http://evil"")","203.0.113.7"`);
    expect(lines[2]).toBe('');
  }, 60_000);
});

describe('searching every direct message', () => {
  it('finds messages by member, text and date beyond the newest page, and deletes a reported one found that way', async () => {
    const [talker, partner, bystander] = [await admin.member(), await admin.member(), await admin.member()];
    const tag = randomUUID().slice(0, 8);
    const old = await send(talker, partner, `needle_${tag} 100% old`);
    for (let index = 0; index < 3; index += 1) await send(talker, partner, `chatter ${tag} ${index}`);
    await send(bystander, partner, `needle_${tag} from someone else`);
    const search = (query: CallInput<typeof adminRoutes.listDirectMessages>['query'], status?: number) =>
      admin.call(adminRoutes.listDirectMessages, { query, token: boss.token, expect: status });

    const byTalker = await search({ memberId: talker.id, limit: 2 });
    expect(byTalker.total).toBe(4);
    const lastPage = await search({ memberId: talker.id, limit: 2, offset: 2 });
    expect(lastPage.messages.map((message) => message.id)).toContain(old.id);
    expect((await search({ q: `NEEDLE_${tag}` })).messages.map((message) => message.senderId).sort()).toEqual(
      [talker.id, bystander.id].sort(),
    );
    expect((await search({ q: `needle_${tag} 100%`, memberId: talker.id })).messages).toEqual([
      expect.objectContaining({ id: old.id }),
    ]);
    // % is searched as itself, not as LIKE's wildcard.
    expect((await search({ q: `needle%${tag}` })).total).toBe(0);
    const sentAt = new Date(old.createdAt);
    const around = {
      from: new Date(sentAt.getTime() - 1).toISOString(),
      to: new Date(sentAt.getTime() + 1).toISOString(),
    };
    expect((await search({ memberId: talker.id, ...around })).messages.map((message) => message.id)).toEqual([old.id]);
    await search({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 400);
    await search({ memberId: 'bob' }, 400);

    await reportAs(partner, { messageId: old.id, reportType: 'spam' });
    const deleted = await admin.call(adminRoutes.bulkDeleteMessages, {
      token: boss.token,
      body: { messageIds: [old.id], reason: 'Spam, found by search' },
    });
    expect(deleted.deleted).toEqual([old.id]);
    await expect
      .poll(async () => (await search({ memberId: talker.id, q: `needle_${tag}` })).messages[0]?.deletedAt ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();
  }, 90_000);
});

describe('a deleted member', () => {
  it("keeps their name and the reported evidence, and drops their other messages from the console's copy", async () => {
    const [gone, partner] = [
      await admin.member('Apprentice', { firstName: 'Gone', lastName: 'Member' }),
      await admin.member(),
    ];
    const reported = await send(gone, partner, 'evidence');
    const plain = await send(gone, partner, 'small talk');
    await reportAs(partner, { messageId: reported.id, reportType: 'spam' });

    await admin.bus.publish(newEvent(SUBJECTS.userDeleted, { id: gone.id }));

    await expect
      .poll(
        () =>
          admin.sql<{ message_id: string; deleted: boolean }>(
            `SELECT message_id, deleted_at IS NOT NULL AS deleted FROM message_snapshots WHERE sender_id = $1`,
            [gone.id],
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ message_id: reported.id, deleted: true }]);
    // The unreported message leaves the console's copy (dm keeps it for the partner: dm's own test).
    expect(plain.id).not.toBe(reported.id);
    const reports = await admin.call(adminRoutes.listReports, {
      query: { status: 'open', limit: 200 },
      token: boss.token,
    });
    expect(reports.reports.find((report) => report.messageId === reported.id)?.message).toMatchObject({
      senderName: 'Gone Member',
      content: 'evidence',
      deletedAt: expect.any(String),
    });
  }, 60_000);
});
