export { type CheckedUpload, checkUpload } from './check-upload';
export { createFileObjectStore } from './file-object-store';
export { detectImageKind, IMAGE_CONTENT_TYPES } from './image-kind';
export type { ObjectStore, StoredObject } from './object-store';
export { createS3ObjectStore, type S3ObjectStoreOptions } from './s3-object-store';
export { objectStoreFromEnv, StorageEnv } from './store-from-env';
