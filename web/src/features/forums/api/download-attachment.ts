import type { Attachment } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { readAuthToken } from '../../../lib/auth-token.ts';

/** The texts of spec 2 section 8: the status line and the body, or the network error. */
export class DownloadError extends Error {}

/** The body after the status line (spec 2 section 8): the services answer `{statusCode, message}`, so its message. */
export function serverMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // Not JSON: the text itself.
  }
  return body.trim();
}

async function fetchAttachment(url: string): Promise<Blob> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new DownloadError(`Download error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    const message = serverMessage(body);
    throw new DownloadError(
      `Download failed: ${response.status} ${response.statusText}${message ? `\n${message}` : ''}`,
    );
  }
  return response.blob();
}

/**
 * The download link checks access on every request, so the file is fetched with the member's
 * credentials and handed to the browser under its original name.
 */
export async function downloadAttachment(attachment: Pick<Attachment, 'publicUrl' | 'originalName'>): Promise<void> {
  const blob = await fetchAttachment(attachment.publicUrl);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = attachment.originalName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go after that.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

export function useDownloadAttachment() {
  return useMutation({ mutationFn: downloadAttachment });
}
