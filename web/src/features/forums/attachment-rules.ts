import { ATTACHMENT_ACCEPT, ATTACHMENT_MESSAGES, LIMITS } from '@crucible/proto';

/** The attachment control's defaults: 50 MB; images, PDF, .doc, .docx, .ppt, .pptx, .txt, .md. */
export const DEFAULT_MAX_FILE_SIZE = LIMITS.forum.attachmentMaxBytes;
export const DEFAULT_ALLOWED_TYPES: readonly string[] = ATTACHMENT_ACCEPT.split(',');
export const DEFAULT_ALLOWED_DESCRIPTION = 'Images, PDF, .doc, .docx, .ppt, .pptx, .txt, .md';

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/**
 * Whether a file is of an allowed type: its extension ('.pdf') or its media type ('application/pdf',
 * 'image/*') is on the list. The service checks the stored bytes again whatever the browser says.
 */
export function isAllowedFile(file: { name: string; type: string }, allowedTypes: readonly string[]): boolean {
  const extension = extensionOf(file.name);
  const mediaType = file.type.toLowerCase();
  return allowedTypes.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.startsWith('.')) return extension === allowed;
    if (allowed.endsWith('/*')) return mediaType.startsWith(allowed.slice(0, -1));
    return mediaType !== '' && mediaType === allowed;
  });
}

export function typeNotAllowedMessage(allowedTypes: readonly string[]): string {
  return allowedTypes === DEFAULT_ALLOWED_TYPES
    ? ATTACHMENT_MESSAGES.fileTypeNotAllowed
    : `This file type is not allowed. Allowed: ${allowedTypes.join(', ')}`;
}
