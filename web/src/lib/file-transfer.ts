import { ApiError, messageOfBody } from './api-error.ts';
import { readAuthToken } from './auth-token.ts';

/**
 * Sends the bytes to a signed upload link (a PUT with the content type). Neither
 * cookies nor the token go along: the link carries its own signature and may point at an object
 * store on another origin.
 */
export async function putToUploadLink(uploadURL: string, contentType: string, file: Blob): Promise<void> {
  const response = await fetch(uploadURL, { method: 'PUT', headers: { 'Content-Type': contentType }, body: file });
  if (!response.ok) throw new ApiError(response.status, (await response.text()) || response.statusText);
}

/** A failed download's text: the status line and the body, or the network error. */
export class DownloadError extends Error {}

async function fetchWithCredentials(url: string): Promise<Blob> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new DownloadError(`Download error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    // The body after the status line; the services answer `{statusCode, message}`.
    const body = await response.text().catch(() => '');
    const message = messageOfBody(body) ?? body.trim();
    throw new DownloadError(
      `Download failed: ${response.status} ${response.statusText}${message ? `\n${message}` : ''}`,
    );
  }
  return response.blob();
}

/**
 * Attachment download links check access on every request, so the file is fetched with the
 * member's credentials and handed to the browser under its original name.
 */
export async function downloadFile(file: { publicUrl: string; originalName: string }): Promise<void> {
  const blob = await fetchWithCredentials(file.publicUrl);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = file.originalName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go after that.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
