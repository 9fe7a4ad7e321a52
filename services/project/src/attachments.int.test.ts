/**
 * Task attachments against the real service and its disk blob store behind signed URLs: the
 * forum's flow (upload link, PUT, record checked by content), 403 below Core, the audit rows, the
 * download, removal, and the files going with a deleted task.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  LIMITS,
  PROJECT_MESSAGES,
  projectRoutes as routes,
  type AttachmentUploadResponse,
  type Task,
  type TaskAttachment,
} from '@crucible/proto';
import { startProjectHarness, type Member, type ProjectHarness } from './testing/project-harness.ts';
import { sweepExpiredUploads, uploadKeyOf } from './use-cases/attachments.ts';

const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D4944415478DA63F8CFC0F01F0005000201A5F1D9A20000000049454E44AE426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

let h: ProjectHarness;
let core: Member;
let otherCore: Member;
let master: Member;
let task: Task;

beforeAll(async () => {
  h = await startProjectHarness();
  [core, otherCore, master] = await Promise.all([h.member('Core'), h.member('Core'), h.member('Master')]);
  const project = await h.call(routes.createProject, { body: { title: 'Files' }, token: core.token });
  task = await h.call(routes.createTask, {
    params: { projectId: project.id },
    body: { title: 'Spec' },
    token: core.token,
  });
});
afterAll(() => h?.stop());

async function upload(member: Member, taskId: string, fileName: string, bytes: Buffer, mimeType: string) {
  const ticket = await h.call(routes.requestTaskUpload, {
    params: { taskId: taskId },
    body: { fileName, mimeType, fileSize: bytes.length },
    token: member.token,
  });
  const put = await fetch(ticket.uploadURL, {
    method: 'PUT',
    headers: { 'content-type': ticket.contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.text()).toBe(200);
  return ticket;
}

const record = (member: Member, taskId: string, ticket: AttachmentUploadResponse, originalName: string) =>
  h.request(`/api/tasks/${taskId}/attachments`, {
    token: member.token,
    json: { filePath: ticket.filePath, originalName },
  });

async function attach(member: Member, taskId: string, fileName: string, bytes: Buffer, mimeType: string) {
  const response = await record(member, taskId, await upload(member, taskId, fileName, bytes, mimeType), fileName);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TaskAttachment;
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('task attachments', () => {
  it('uploads, records, lists and downloads a file, and audits it', async () => {
    const attachment = await attach(core, task.id, 'Road map.pdf', PDF, 'application/pdf');
    expect(attachment).toMatchObject({
      taskId: task.id,
      originalName: 'Road map.pdf',
      fileName: 'Road_map.pdf',
      fileSize: PDF.length,
      mimeType: 'application/pdf',
      type: 'document',
      uploadedBy: core.id,
      publicUrl: `/api/tasks/${task.id}/attachments/${attachment.id}/download`,
    });
    const list = await h.call(routes.listTaskAttachments, { params: { taskId: task.id }, token: otherCore.token });
    expect(list.map((item) => item.id)).toContain(attachment.id);

    const download = await h.request(attachment.publicUrl, { token: otherCore.token });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');

    const history = await h.call(routes.listTaskAudit, { params: { taskId: task.id }, token: core.token });
    expect(history).toContainEqual(
      expect.objectContaining({ action: 'attachment_added', userId: core.id, newValue: 'Road map.pdf' }),
    );
  });

  it('refuses members below Core with the access message, on every attachment call', async () => {
    const responses = await Promise.all([
      h.request(`/api/tasks/${task.id}/attachments`, { token: master.token }),
      h.request(`/api/tasks/${task.id}/attachments/upload`, {
        token: master.token,
        json: { fileName: 'a.png', mimeType: 'image/png', fileSize: 10 },
      }),
      h.request(`/api/tasks/${task.id}/attachments`, {
        token: master.token,
        json: { filePath: `task-attachments/${master.id}/${randomUUID()}`, originalName: 'a.png' },
      }),
      h.request(`/api/tasks/${task.id}/attachments/${randomUUID()}/download`, { token: master.token }),
      h.request(`/api/tasks/${task.id}/attachments/${randomUUID()}`, { method: 'DELETE', token: master.token }),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(await messageOf(response)).toBe(PROJECT_MESSAGES.accessDenied);
    }
  });

  it("applies the forum's type and size limits before handing out a link", async () => {
    const exe = await h.request(`/api/tasks/${task.id}/attachments/upload`, {
      token: core.token,
      json: { fileName: 'tool.exe', mimeType: 'application/octet-stream', fileSize: 10 },
    });
    expect(exe.status).toBe(400);
    expect(await messageOf(exe)).toBe(ATTACHMENT_MESSAGES.fileTypeNotAllowed);
    const big = await h.request(`/api/tasks/${task.id}/attachments/upload`, {
      token: core.token,
      json: { fileName: 'big.pdf', mimeType: 'application/pdf', fileSize: LIMITS.forum.attachmentMaxBytes + 1 },
    });
    expect(big.status).toBe(400);
    expect(await messageOf(big)).toBe(ATTACHMENT_MESSAGES.fileTooLarge(LIMITS.forum.attachmentMaxBytes));
  });

  it('refuses an upload whose bytes are not what its name says, and deletes it', async () => {
    const ticket = await upload(core, task.id, 'photo.png', EXE, 'image/png');
    const response = await record(core, task.id, ticket, 'photo.png');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(ATTACHMENT_MESSAGES.fileContentMismatch);
    expect(await h.service.context.blobs.stat(ticket.filePath)).toBeNull();
  });

  it("refuses someone else's upload, an upload for another task, and recording twice", async () => {
    const other = await h.call(routes.createTask, {
      params: { projectId: task.projectId },
      body: { title: 'Other' },
      token: core.token,
    });
    const ticket = await upload(core, task.id, 'mine.png', PNG, 'image/png');
    const stolen = await record(otherCore, task.id, ticket, 'mine.png');
    expect(stolen.status).toBe(400);
    expect(await messageOf(stolen)).toBe(ATTACHMENT_MESSAGES.attachmentNotYours);
    const elsewhere = await record(core, other.id, ticket, 'mine.png');
    expect(elsewhere.status).toBe(400);
    expect(await messageOf(elsewhere)).toBe(ATTACHMENT_MESSAGES.fileNotUploaded);
    expect((await record(core, task.id, ticket, 'mine.png')).status).toBe(201);
    const again = await record(core, task.id, ticket, 'mine.png');
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(ATTACHMENT_MESSAGES.attachmentTaken);
  });

  it('holds an upload to its declared size, and its link to one upload once recorded', async () => {
    const ticket = await h.call(routes.requestTaskUpload, {
      params: { taskId: task.id },
      body: { fileName: 'sized.png', mimeType: 'image/png', fileSize: PNG.length },
      token: core.token,
    });
    const put = (bytes: Buffer) =>
      fetch(ticket.uploadURL, {
        method: 'PUT',
        headers: { 'content-type': ticket.contentType },
        body: new Uint8Array(bytes),
      });
    const longer = Buffer.concat([PNG, Buffer.alloc(100)]);
    expect((await put(longer)).status).toBe(400);
    // S3 takes a presigned PUT of any length: a larger file that lands there anyway is not recorded.
    await h.service.context.blobs.write(uploadKeyOf(ticket.filePath), longer, { contentType: 'image/png' });
    const oversized = await record(core, task.id, ticket, 'sized.png');
    expect(oversized.status).toBe(400);
    expect(await messageOf(oversized)).toBe(ATTACHMENT_MESSAGES.uploadLargerThanDeclared);

    const exact = await upload(core, task.id, 'exact.png', PNG, 'image/png');
    expect((await record(core, task.id, exact, 'exact.png')).status).toBe(201);
    const replaced = await fetch(exact.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': exact.contentType },
      body: new Uint8Array(PNG),
    });
    expect(replaced.status).toBe(409);
  });

  it('refuses to record a file never uploaded', async () => {
    const ticket = await h.call(routes.requestTaskUpload, {
      params: { taskId: task.id },
      body: { fileName: 'ghost.png', mimeType: 'image/png', fileSize: 10 },
      token: core.token,
    });
    const response = await record(core, task.id, ticket, 'ghost.png');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(ATTACHMENT_MESSAGES.fileNotUploaded);
  });

  it('removes an attachment (audited, file gone) and answers 404 for it afterwards', async () => {
    const attachment = await attach(core, task.id, 'pixel.png', PNG, 'image/png');
    const removed = await h.request(`/api/tasks/${task.id}/attachments/${attachment.id}`, {
      method: 'DELETE',
      token: otherCore.token,
    });
    expect(removed.status).toBe(204);
    await expect.poll(() => h.service.context.blobs.stat(attachment.filePath)).toBeNull();
    const again = await h.request(attachment.publicUrl, { token: core.token });
    expect(again.status).toBe(404);
    expect(await messageOf(again)).toBe(PROJECT_MESSAGES.attachmentNotFound);
    const history = await h.call(routes.listTaskAudit, { params: { taskId: task.id }, token: core.token });
    expect(history).toContainEqual(
      expect.objectContaining({ action: 'attachment_removed', userId: otherCore.id, oldValue: 'pixel.png' }),
    );
  });

  it("deletes a task's files with the task", async () => {
    const doomed = await h.call(routes.createTask, {
      params: { projectId: task.projectId },
      body: { title: 'Doomed' },
      token: core.token,
    });
    const attachment = await attach(core, doomed.id, 'notes.md', Buffer.from('# Notes\n'), 'text/markdown');
    expect(await h.service.context.blobs.stat(attachment.filePath)).not.toBeNull();
    expect((await h.request(`/api/tasks/${doomed.id}`, { method: 'DELETE', token: core.token })).status).toBe(204);
    await expect.poll(() => h.service.context.blobs.stat(attachment.filePath)).toBeNull();
    expect((await h.request(`/api/tasks/${doomed.id}/attachments`, { token: core.token })).status).toBe(404);
  });

  it('sweeps what expired upload links left behind', async () => {
    const ticket = await upload(core, task.id, 'late.png', PNG, 'image/png');
    expect(await h.service.context.blobs.stat(uploadKeyOf(ticket.filePath))).not.toBeNull();
    const later = new Date(Date.now() + (LIMITS.signedLinkSeconds + 60) * 1000);
    expect(await sweepExpiredUploads(h.service.context, later)).toBeGreaterThanOrEqual(1);
    expect(await h.service.context.blobs.stat(uploadKeyOf(ticket.filePath))).toBeNull();
  });
});
