export { type CheckedUpload, checkUpload } from './check-upload';
export { attachmentDisposition } from './content-disposition';
export {
  createDownloadTokens,
  DownloadLinkEnv,
  type DownloadTokens,
  downloadSigningKey,
  EXPIRED_DOWNLOAD_LINK,
  INVALID_DOWNLOAD_LINK,
} from './download-token';
export { createFileObjectStore } from './file-object-store';
export { detectImageKind, IMAGE_CONTENT_TYPES } from './image-kind';
export type { ObjectStore, StoredObject } from './object-store';
export { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store';
export { IMMUTABLE, matchesIfNoneMatch, objectETag, type ServeObjectOptions, serveObject } from './serve-object';
export { objectStoreFromEnv, StorageEnv } from './store-from-env';
export { assertPlainFileName, INVALID_FILE_NAME } from './upload-name';
