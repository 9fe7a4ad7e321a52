/**
 * Attachments against the real service and both real blob stores (an S3-protocol server, and the
 * one-machine disk store behind the service's own signed URLs): the presigned upload, the checks
 * on the stored object, and downloads only for members who may see the post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  LIMITS,
  SUBJECTS,
  forumRoutes as routes,
  type Attachment,
  type AttachmentUploadResponse,
  type DiscussionDetail,
} from '@crucible/proto';
import { PENDING_UPLOAD_CAPS } from '@crucible/platform';
import { FILES } from './testing/files.ts';
import { startForumHarness, uniqueTag, type ForumHarness, type Member } from './testing/forum-harness.ts';
import { sweepExpiredUploads, uploadKeyOf } from './use-cases/attachments.ts';

const PAST_EVERY_UPLOAD_LINK_MS = 16 * 60_000;

describe.each(['s3', 'disk'] as const)('attachments in the %s store', (blobStore) => {
  let forum: ForumHarness;
  let author: Member;
  let reader: Member;
  let below: Member;
  let discussion: DiscussionDetail;

  beforeAll(async () => {
    forum = await startForumHarness({ blobStore });
    author = await forum.member('Master');
    reader = await forum.member('Core');
    below = await forum.member('Journeyman');
    discussion = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: 'Files', content: 'See attached', category: 'Master' },
    });
  });

  afterAll(async () => {
    await forum?.stop();
  });

  async function upload(
    member: Member,
    fileName: string,
    bytes: Buffer,
    mimeType: string,
  ): Promise<AttachmentUploadResponse> {
    const ticket = await forum.call(routes.requestUpload, {
      token: member.token,
      body: { fileName, mimeType, fileSize: bytes.length },
    });
    const put = await fetch(ticket.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': ticket.contentType },
      body: new Uint8Array(bytes),
    });
    expect(put.status, await put.text()).toBe(200);
    return ticket;
  }

  function record(member: Member, ticket: AttachmentUploadResponse, fields: Record<string, unknown>) {
    return forum.request('/api/attachments', {
      token: member.token,
      json: { filePath: ticket.filePath, fileName: ticket.fileName, ...fields },
    });
  }

  async function uploadAndRecord(
    member: Member,
    fileName: string,
    bytes: Buffer,
    mimeType: string,
    fields: Record<string, unknown> = {},
  ): Promise<Attachment> {
    const ticket = await upload(member, fileName, bytes, mimeType);
    const response = await record(member, ticket, {
      originalName: fileName,
      mimeType,
      fileSize: bytes.length,
      ...fields,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Attachment;
  }

  async function expectRefused(response: Response, message: string, filePath: string): Promise<void> {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
    expect(await forum.service.context.blobs.stat(filePath)).toBeNull();
    expect(await forum.service.context.blobs.stat(uploadKeyOf(filePath))).toBeNull();
  }

  function putThrough(ticket: AttachmentUploadResponse, bytes: Buffer): Promise<Response> {
    return fetch(ticket.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': ticket.contentType },
      body: new Uint8Array(bytes),
    });
  }

  async function downloaded(
    member: Member,
    attachment: Attachment,
  ): Promise<{ status: number; bytes: Buffer; type: string | null }> {
    const response = await forum.request(attachment.publicUrl, { token: member.token });
    return {
      status: response.status,
      bytes: Buffer.from(await response.arrayBuffer()),
      type: response.headers.get('content-type'),
    };
  }

  it('uploads through a presigned PUT, records it after checking the bytes, and announces it', async () => {
    const events = await forum.collectEvents(
      [SUBJECTS.forumAttachmentCreated],
      (event) => (event.payload as { uploadedBy?: string }).uploadedBy === author.id,
    );
    try {
      const attachment = await uploadAndRecord(author, 'Team photo (1).png', FILES.png, 'image/png', {
        discussionId: discussion.id,
        type: 'document',
        fileSize: 1,
      });
      expect(attachment).toMatchObject({
        fileName: 'Team_photo__1_.png',
        originalName: 'Team photo (1).png',
        fileSize: FILES.png.length,
        mimeType: 'image/png',
        type: 'image',
        discussionId: discussion.id,
        replyId: null,
        publicUrl: `/api/attachments/${attachment.id}/download`,
        uploadedBy: author.id,
      });
      expect(attachment.filePath).toMatch(new RegExp(`^attachments/${author.id}/[0-9a-f-]{36}$`));
      const detail = await forum.call(routes.getDiscussion, { token: reader.token, params: { id: discussion.id } });
      expect(detail.attachments.map((item) => item.id)).toContain(attachment.id);
      expect(detail.attachmentCount).toBeGreaterThanOrEqual(1);
      await events.waitUntil((received) =>
        received.some((event) => (event.payload as { attachmentId: string }).attachmentId === attachment.id),
      );
    } finally {
      await events.stop();
    }
  });

  it('accepts each allowed kind whose bytes match its name: PDF, DOCX, DOC, Markdown', async () => {
    const cases: [string, Buffer, string, string][] = [
      ['report.pdf', FILES.pdf, 'application/pdf', 'document'],
      ['plan.docx', FILES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
      ['old.doc', FILES.doc, 'application/msword', 'document'],
      ['notes.md', FILES.markdown, 'text/markdown', 'document'],
    ];
    for (const [name, bytes, mimeType, type] of cases) {
      expect(await uploadAndRecord(author, name, bytes, mimeType)).toMatchObject({
        originalName: name,
        mimeType,
        type,
        discussionId: null,
      });
    }
  });

  it('refuses a file disguised by its extension, deleting the object: an executable or a web page named .png, binary named .txt', async () => {
    const disguises: [string, Buffer, string][] = [
      ['holiday.png', FILES.exe, 'image/png'],
      ['cute-cat.png', FILES.html, 'image/png'],
      ['invoice.pdf', FILES.png, 'application/pdf'],
      ['readme.txt', FILES.binaryText, 'text/plain'],
      ['notes.md', FILES.png, 'text/markdown'],
    ];
    for (const [name, bytes, mimeType] of disguises) {
      const ticket = await upload(author, name, bytes, mimeType);
      await expectRefused(
        await record(author, ticket, { originalName: name, mimeType }),
        ATTACHMENT_MESSAGES.fileContentMismatch,
        ticket.filePath,
      );
    }
  });

  it('refuses types outside the list, at the upload request and at the record (deleting the object)', async () => {
    const asked = await forum.request('/api/attachments/upload', {
      token: author.token,
      json: { fileName: 'setup.exe', mimeType: 'application/x-msdownload' },
    });
    expect(await asked.json()).toMatchObject({ statusCode: 400, message: ATTACHMENT_MESSAGES.fileTypeNotAllowed });
    const svg = await forum.request('/api/attachments/upload', {
      token: author.token,
      json: { fileName: 'logo.svg', mimeType: 'image/svg+xml' },
    });
    expect(svg.status).toBe(400);
    const ticket = await upload(author, 'page.png', FILES.html, 'image/png');
    await expectRefused(
      await record(author, ticket, { originalName: 'page.html', mimeType: 'text/html' }),
      ATTACHMENT_MESSAGES.fileTypeNotAllowed,
      ticket.filePath,
    );
  });

  it('refuses a stored object over 52428800 bytes with the fixed text and deletes it', async () => {
    const tooBig = await forum.request('/api/attachments/upload', {
      token: author.token,
      json: { fileName: 'big.pdf', mimeType: 'application/pdf', fileSize: LIMITS.forum.attachmentMaxBytes + 1 },
    });
    expect(await tooBig.json()).toMatchObject({ statusCode: 400, message: 'File size must be less than 50 MB.' });

    const ticket = await forum.call(routes.requestUpload, {
      token: author.token,
      body: { fileName: 'big.pdf', mimeType: 'application/pdf' },
    });
    const oversized = Buffer.concat([
      FILES.pdf,
      Buffer.alloc(LIMITS.forum.attachmentMaxBytes + 1 - FILES.pdf.length, 0x20),
    ]);
    if (blobStore === 'disk') {
      // The disk store's upload endpoint stops it at the door; what a store still holds is checked on record.
      const put = await fetch(ticket.uploadURL, {
        method: 'PUT',
        headers: { 'content-type': ticket.contentType },
        body: new Uint8Array(oversized),
      });
      expect(put.status).toBe(413);
      await forum.service.context.blobs.write(uploadKeyOf(ticket.filePath), oversized, {
        contentType: ticket.contentType,
      });
    } else {
      const put = await fetch(ticket.uploadURL, {
        method: 'PUT',
        headers: { 'content-type': ticket.contentType },
        body: new Uint8Array(oversized),
      });
      expect(put.status).toBe(200);
    }
    await expectRefused(
      await record(author, ticket, { originalName: 'big.pdf', mimeType: 'application/pdf' }),
      ATTACHMENT_MESSAGES.fileTooLarge(LIMITS.forum.attachmentMaxBytes),
      ticket.filePath,
    );
  });

  it('sanitises path-traversal names and never lets a client choose or climb out of its key', async () => {
    const name = '../../etc/passwd.txt';
    const ticket = await upload(author, name, Buffer.from('root:x:0:0'), 'text/plain');
    expect(ticket.fileName).toBe('.._.._etc_passwd.txt');
    expect(ticket.filePath).not.toContain('..');
    const attachment = (await (
      await record(author, ticket, { originalName: name, mimeType: 'text/plain' })
    ).json()) as Attachment;
    expect(attachment).toMatchObject({ fileName: '.._.._etc_passwd.txt', originalName: name });

    for (const filePath of [
      `attachments/${author.id}/../${reader.id}/x`,
      '../../etc/passwd',
      `attachments/${reader.id}/${crypto.randomUUID()}`,
      '/etc/passwd',
    ]) {
      const response = await forum.request('/api/attachments', {
        token: author.token,
        json: { filePath, originalName: 'x.txt', mimeType: 'text/plain' },
      });
      expect(response.status, filePath).toBe(400);
    }
    // Another member cannot record (and so delete) someone else's upload.
    const theirs = await upload(reader, 'theirs.png', FILES.png, 'image/png');
    expect((await record(author, theirs, { originalName: 'theirs.png', mimeType: 'image/png' })).status).toBe(400);
    expect(await forum.service.context.blobs.stat(uploadKeyOf(theirs.filePath))).not.toBeNull();
    // Recording the same upload twice is refused without touching the stored object.
    const again = await record(author, ticket, { originalName: 'other.png', mimeType: 'image/png' });
    expect(again.status).toBe(409);
    expect(await forum.service.context.blobs.stat(ticket.filePath)).not.toBeNull();
  });

  it('downloads under the original name, never as a page, only for members who may see the discussion', async () => {
    const attachment = await uploadAndRecord(author, 'Résumé notes.md', FILES.markdown, 'text/markdown', {
      discussionId: discussion.id,
    });
    const response = await forum.request(attachment.publicUrl, { token: reader.token });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FILES.markdown);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R?sum? notes.md"; filename*=UTF-8''R%C3%A9sum%C3%A9%20notes.md`,
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');

    expect((await forum.request(attachment.publicUrl, { token: below.token })).status).toBe(404);
    expect((await forum.request(`/api/attachments/${attachment.id}`, { token: below.token })).status).toBe(404);
    expect((await forum.request(attachment.publicUrl)).status).toBe(401);

    const unlinked = await uploadAndRecord(author, 'draft.pdf', FILES.pdf, 'application/pdf');
    expect((await forum.request(unlinked.publicUrl, { token: reader.token })).status).toBe(404);
    expect((await forum.request(unlinked.publicUrl, { token: author.token })).status).toBe(200);
  });

  it('links uploads to a new discussion or reply, the uploader’s own only, once', async () => {
    const first = await uploadAndRecord(author, 'a.png', FILES.png, 'image/png');
    const second = await uploadAndRecord(author, 'b.pdf', FILES.pdf, 'application/pdf');
    const created = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: `With files ${uniqueTag()}`, content: 'x', category: 'Master', attachmentIds: [first.id] },
    });
    expect(created.attachments.map((item) => item.id)).toEqual([first.id]);
    const linked = await forum.call(routes.attachToDiscussion, {
      token: author.token,
      params: { id: created.id },
      body: { attachmentIds: [second.id] },
    });
    expect(linked.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
    const twice = await forum.request(`/api/discussions/${discussion.id}/attachments`, {
      token: author.token,
      json: { attachmentIds: [second.id] },
    });
    expect(twice.status).toBe(409);

    const readersFile = await uploadAndRecord(reader, 'c.png', FILES.png, 'image/png');
    const stolen = await forum.request('/api/discussions', {
      token: author.token,
      json: { title: 'Steal', content: 'x', category: 'Master', attachmentIds: [readersFile.id] },
    });
    expect(stolen.status).toBe(404);

    const onReply = await uploadAndRecord(reader, 'd.png', FILES.png, 'image/png');
    const posted = await forum.call(routes.createReply, {
      token: reader.token,
      params: { id: created.id },
      body: { content: 'my file', attachmentIds: [onReply.id] },
    });
    expect(posted.attachments.map((item) => item.id)).toEqual([onReply.id]);
    expect((await forum.request(`/api/attachments/${onReply.id}/download`, { token: author.token })).status).toBe(200);
  });

  it('keeps a recorded file as it was when its upload link is used again, and records nothing from that link again', async () => {
    const ticket = await upload(author, 'photo.png', FILES.png, 'image/png');
    const response = await record(author, ticket, { originalName: 'photo.png', mimeType: 'image/png' });
    expect(response.status).toBe(201);
    const attachment = (await response.json()) as Attachment;
    // Whether the store takes the bytes at the upload key or not, nothing is ever served from there.
    await putThrough(ticket, FILES.exe);
    expect(await downloaded(author, attachment)).toMatchObject({
      status: 200,
      bytes: FILES.png,
      type: expect.stringMatching(/^image\/png/),
    });
    expect(await forum.service.context.blobs.stat(attachment.filePath)).toMatchObject({ size: FILES.png.length });
    const again = await record(author, ticket, { originalName: 'setup.png', mimeType: 'image/png' });
    expect(again.status).toBe(409);
    expect(await downloaded(author, attachment)).toMatchObject({ status: 200, bytes: FILES.png });
  });

  it('does not bring a deleted attachment back through its upload link', async () => {
    const ticket = await upload(author, 'gone-for-good.png', FILES.png, 'image/png');
    const attachment = (await (
      await record(author, ticket, { originalName: 'gone-for-good.png', mimeType: 'image/png' })
    ).json()) as Attachment;
    await forum.call(routes.deleteAttachment, { token: author.token, params: { id: attachment.id } });
    await expect.poll(() => forum.service.context.blobs.stat(attachment.filePath)).toBeNull();
    await putThrough(ticket, FILES.png);
    expect((await downloaded(author, attachment)).status).toBe(404);
    expect(await forum.service.context.blobs.stat(attachment.filePath)).toBeNull();
    expect((await record(author, ticket, { originalName: 'gone-for-good.png', mimeType: 'image/png' })).status).toBe(
      409,
    );
    expect(await forum.service.context.blobs.stat(attachment.filePath)).toBeNull();
  });

  it('refuses a download whose stored object is not the size recorded', async () => {
    const attachment = await uploadAndRecord(author, 'sized.png', FILES.png, 'image/png');
    // Stands in for a store changed behind the service's back (the service itself never rewrites a key).
    await forum.service.context.blobs.delete(attachment.filePath);
    await forum.service.context.blobs.write(attachment.filePath, FILES.exe, { contentType: 'image/png' });
    expect((await downloaded(author, attachment)).status).toBe(404);
  });

  it('caps the uploads a member has not yet recorded, by count and by declared bytes, with a 429 that says why', async () => {
    const many = await forum.member('Master');
    const ask = (fileSize?: number) =>
      forum.request('/api/attachments/upload', {
        token: many.token,
        json: { fileName: 'x.png', mimeType: 'image/png', ...(fileSize === undefined ? {} : { fileSize }) },
      });
    for (let index = 0; index < PENDING_UPLOAD_CAPS.count; index += 1) expect((await ask(100)).status).toBe(200);
    const overCount = await ask(100);
    expect(overCount.status).toBe(429);
    expect(await overCount.json()).toMatchObject({
      statusCode: 429,
      message: ATTACHMENT_MESSAGES.tooManyPendingUploads(PENDING_UPLOAD_CAPS.count, PENDING_UPLOAD_CAPS.count * 100),
    });

    const large = await forum.member('Master');
    const askLarge = (fileSize?: number) =>
      forum.request('/api/attachments/upload', {
        token: large.token,
        json: { fileName: 'big.pdf', mimeType: 'application/pdf', ...(fileSize === undefined ? {} : { fileSize }) },
      });
    const largeUploads = PENDING_UPLOAD_CAPS.bytes / LIMITS.forum.attachmentMaxBytes;
    for (let index = 0; index < largeUploads - 1; index += 1)
      expect((await askLarge(LIMITS.forum.attachmentMaxBytes)).status).toBe(200);
    // A request without a size counts as the largest file allowed.
    expect((await askLarge()).status).toBe(200);
    const overBytes = await askLarge(1);
    expect(overBytes.status).toBe(429);
    expect(await overBytes.json()).toMatchObject({
      statusCode: 429,
      message: ATTACHMENT_MESSAGES.tooManyPendingUploads(largeUploads, PENDING_UPLOAD_CAPS.bytes),
    });
  });

  it('sweeps uploads never recorded once their links expire, keeping recorded files, and frees the member’s caps', async () => {
    const sweeper = await forum.member('Master');
    const kept = await uploadAndRecord(sweeper, 'kept.png', FILES.png, 'image/png');
    const forgotten = await upload(sweeper, 'forgotten.png', FILES.png, 'image/png');
    for (let index = 1; index < PENDING_UPLOAD_CAPS.count; index += 1) {
      await forum.call(routes.requestUpload, {
        token: sweeper.token,
        body: { fileName: 'x.png', mimeType: 'image/png', fileSize: 1 },
      });
    }
    const capped = await forum.request('/api/attachments/upload', {
      token: sweeper.token,
      json: { fileName: 'x.png', mimeType: 'image/png', fileSize: 1 },
    });
    expect(capped.status).toBe(429);

    expect(await sweepExpiredUploads(forum.service.context)).toBe(0);
    expect(await forum.service.context.blobs.stat(uploadKeyOf(forgotten.filePath))).not.toBeNull();
    expect(
      await sweepExpiredUploads(forum.service.context, new Date(Date.now() + PAST_EVERY_UPLOAD_LINK_MS)),
    ).toBeGreaterThanOrEqual(PENDING_UPLOAD_CAPS.count + 1);
    expect(await forum.service.context.blobs.stat(uploadKeyOf(forgotten.filePath))).toBeNull();
    await expectRefused(
      await record(sweeper, forgotten, { originalName: 'forgotten.png', mimeType: 'image/png' }),
      ATTACHMENT_MESSAGES.fileNotUploaded,
      forgotten.filePath,
    );
    expect(await downloaded(sweeper, kept)).toMatchObject({ status: 200, bytes: FILES.png });
    expect(
      (
        await forum.request('/api/attachments/upload', {
          token: sweeper.token,
          json: { fileName: 'x.png', mimeType: 'image/png', fileSize: 1 },
        })
      ).status,
    ).toBe(200);
  });

  it('deletes the stored objects with the discussion', async () => {
    const created = await forum.call(routes.createDiscussion, {
      token: author.token,
      body: { title: 'Doomed', content: 'x', category: 'Master' },
    });
    const attachment = await uploadAndRecord(author, 'gone.png', FILES.png, 'image/png', { discussionId: created.id });
    expect(await forum.service.context.blobs.stat(attachment.filePath)).not.toBeNull();
    await forum.call(routes.deleteDiscussion, { token: author.token, params: { id: created.id }, body: {} });
    await expect.poll(() => forum.service.context.blobs.stat(attachment.filePath)).toBeNull();
    expect((await forum.request(attachment.publicUrl, { token: author.token })).status).toBe(404);
  });
});
