import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { anAttachment } from '../testing/forum-fixtures.ts';
import { AttachmentUploadDialog, type AttachmentUploadDialogProps } from './AttachmentUploadDialog.tsx';

function renderDialog(props: Partial<AttachmentUploadDialogProps> = {}) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AttachmentUploadDialog open onClose={onClose} onUploaded={onUploaded} {...props} />
    </AppProviders>,
  );
  return { onClose, onUploaded };
}

/** The refusal shows once, as the toast inside the dialog, where a screen reader can reach it. */
async function expectRefusal(title: string, text: string) {
  await waitFor(() => expect(screen.getAllByText(title)).toHaveLength(1));
  expect(screen.getAllByText(text)).toHaveLength(1);
  expect(within(screen.getByRole('dialog')).getByText(text)).toBeTruthy();
}

function aFile(name: string, type: string, size?: number): File {
  const file = new File(['hello'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

// The browser's own filter on the file picker is bypassed, as a drag-and-drop or another browser would.
const user = () => userEvent.setup({ applyAccept: false });

const uploadRoutes = () => ({
  'POST /api/attachments/upload': () => ({
    status: 200,
    body: {
      uploadURL: 'http://localhost/api/blobs/attachments/user-1/file-1?sig=abc',
      contentType: 'application/pdf',
      filePath: 'attachments/user-1/file-1',
      fileName: 'agenda.pdf',
      maxFileSize: 52428800,
      expiresAt: '2025-06-01T10:15:00Z',
    },
  }),
  'PUT /api/blobs/attachments/user-1/file-1': () => ({ status: 200 }),
  'POST /api/attachments': () => ({ status: 201, body: anAttachment() }),
});

describe('AttachmentUploadDialog', () => {
  it('takes a dropped file the way it takes a picked one', async () => {
    const fetchMock = stubApi(uploadRoutes());
    renderDialog();
    fireEvent.drop(screen.getByRole('dialog'), {
      dataTransfer: { files: [aFile('huge.pdf', 'application/pdf', 52_428_801)] },
    });
    await expectRefusal('File too large', 'File size must be less than 50 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file over 50 MB before sending anything', async () => {
    const fetchMock = stubApi(uploadRoutes());
    renderDialog();
    await user().upload(screen.getByLabelText('File to upload'), aFile('huge.pdf', 'application/pdf', 52_428_801));
    await expectRefusal('File too large', 'File size must be less than 50 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('states a smaller maximum in Bytes, KB, MB or GB', async () => {
    stubApi(uploadRoutes());
    renderDialog({ maxFileSize: 1536 });
    await user().upload(screen.getByLabelText('File to upload'), aFile('notes.txt', 'text/plain', 2000));
    await expectRefusal('File too large', 'File size must be less than 1.5 KB.');
  });

  it('refuses a type outside the allowed list before sending anything', async () => {
    const fetchMock = stubApi(uploadRoutes());
    renderDialog();
    await user().upload(screen.getByLabelText('File to upload'), aFile('setup.exe', 'application/x-msdownload'));
    await expectRefusal(
      'File type not allowed',
      'This file type is not allowed. Allowed: images, PDF, .doc, .docx, .ppt, .pptx, .txt, .md',
    );
    await user().upload(screen.getByLabelText('File to upload'), aFile('drawing.svg', 'image/svg+xml'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a configured list of allowed types', async () => {
    const fetchMock = stubApi(uploadRoutes());
    renderDialog({ allowedTypes: ['.csv'] });
    await user().upload(screen.getByLabelText('File to upload'), aFile('agenda.pdf', 'application/pdf'));
    await expectRefusal('File type not allowed', 'This file type is not allowed. Allowed: .csv');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for an upload link, sends the file with its type, records it, then closes 2 seconds after the success', async () => {
    const fetchMock = stubApi(uploadRoutes());
    const { onClose, onUploaded } = renderDialog({ discussionId: 'discussion-1' });
    const file = aFile('agenda.pdf', 'application/pdf');
    await user().upload(screen.getByLabelText('File to upload'), file);

    expect(await screen.findByText('File uploaded successfully!')).toBeTruthy();
    expect(screen.getByText('agenda.pdf has been uploaded.')).toBeTruthy();
    expect(screen.getByText('Upload complete: agenda.pdf')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(anAttachment());

    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      headers: init?.headers as Record<string, string>,
      body: init?.body,
    }));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/attachments/upload',
      'PUT http://localhost/api/blobs/attachments/user-1/file-1?sig=abc',
      'POST /api/attachments',
    ]);
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      fileName: 'agenda.pdf',
      mimeType: 'application/pdf',
      fileSize: 5,
    });
    expect(calls[1]!.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(calls[1]!.body).toBe(file);
    expect(JSON.parse(String(calls[2]!.body))).toEqual({
      filePath: 'attachments/user-1/file-1',
      originalName: 'agenda.pdf',
      fileName: 'agenda.pdf',
      fileSize: 5,
      mimeType: 'application/pdf',
      type: 'document',
      discussionId: 'discussion-1',
      replyId: null,
    });

    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it("says 'Upload failed' when the file cannot be stored, and lets the member try again", async () => {
    stubApi({
      ...uploadRoutes(),
      'PUT /api/blobs/attachments/user-1/file-1': () => ({ status: 413, body: { message: 'Too large' } }),
    });
    const { onUploaded } = renderDialog();
    await user().upload(screen.getByLabelText('File to upload'), aFile('agenda.pdf', 'application/pdf'));
    await expectRefusal('Upload failed', 'There was an error uploading your file. Please try again.');
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
