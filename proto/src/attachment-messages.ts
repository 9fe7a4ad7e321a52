/**
 * Texts of uploads and attachments (the error messages and the server's refusals), the same wherever a
 * member attaches a file: the forum's posts and the projects' tasks.
 */
export const ATTACHMENT_MESSAGES = {
  fileTooLargeTitle: 'File too large',
  fileTooLarge: (maxBytes: number) => `File size must be less than ${formatBytes(maxBytes)}.`,
  fileTypeNotAllowed: 'This file type is not allowed. Allowed: images, PDF, .doc, .docx, .ppt, .pptx, .txt, .md',
  fileContentMismatch: "The file's content does not match its type",
  uploadLargerThanDeclared: 'The uploaded file is larger than the size declared for its upload link',
  fileNotUploaded: 'The uploaded file was not found; upload it before recording it',
  fileNameRequired: 'The file name is required',
  attachmentNotFound: 'Attachment not found',
  attachmentTaken: 'This upload has already been recorded',
  attachmentNotYours: 'You can only attach your own uploads',
  uploadLinkExpired: 'The upload link has expired; upload the file again',
  tooManyPendingUploads: (count: number, bytes: number) =>
    `You have ${count} uploads (${formatBytes(bytes)}) not yet attached to a post; attach them or wait for their links to expire before uploading more`,
  attachmentLinked: 'This attachment is already attached elsewhere',
} as const;

/** Bytes, KB, MB, GB (base 1024), as the upload messages show sizes. */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))} ${units[unit]}`;
}
