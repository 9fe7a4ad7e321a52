export type { BlobInfo, BlobStore } from './blob-store.ts';
export { createS3BlobStore, type S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';
export { createDiskBlobStore, type DiskBlobStore, type DiskBlobStoreOptions } from './disk-blob-store.ts';
export { diskBlobRouter, type DiskBlobRouterOptions } from './disk-blob-router.ts';
export { assertValidBlobKey } from './blob-key.ts';
export { DOWNLOAD_SAFETY_HEADERS } from './download-headers.ts';
export {
  contentMatches,
  looksLikeText,
  sniffMimeType,
  vetStoredAttachment,
  TEXT_SAMPLE_BYTES,
  type ContentEvidence,
} from './file-checks.ts';
export {
  ATTACHMENT_MAX_BYTES,
  PENDING_UPLOAD_CAPS,
  claimUploadAndMove,
  handOutUploadLink,
  type NewUploadLink,
  deleteStoredObjectsLater,
  sweepExpiredUploadLinks,
  sweepUploadsPeriodically,
  type UploadClaim,
  type UploadLink,
} from './upload-links.ts';
export { createZip, type ZipEntry } from './zip.ts';
