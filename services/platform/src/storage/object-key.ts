import { badRequest } from '../http/errors';

const MAX_KEY_LENGTH = 1024;
/** One path segment: starts with a letter, digit, '_' or '-', so '.', '..' and hidden names are impossible. */
const SEGMENT = /^[\w-][\w.-]*$/;

/**
 * Refuses keys that could mean different things to S3 and to a file system ('..', empty segments,
 * backslashes, control characters), so both stores accept exactly the same keys and the file store
 * can never be steered outside its folder.
 */
export function assertValidObjectKey(key: string): void {
  const valid = key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s));
  if (!valid) throw badRequest('Invalid object key');
}

/** Refuses a folder prefix that is not a valid key followed by '/' (so listing can never leave the store). */
export function assertValidObjectPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw badRequest('Invalid object prefix');
  assertValidObjectKey(prefix.slice(0, -1));
}
