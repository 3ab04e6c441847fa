import { badRequest } from '../http/errors';

export const INVALID_FILE_NAME = 'Error: Invalid file name';

/**
 * Refuses an uploaded file's name that names a folder: a path ('/' or '\\'), '.' or '..', or control
 * characters. Names never become keys (those are random), but the name is kept to label downloads, and a name
 * that tries to climb folders is a sign of a hostile client, not of a person choosing a file.
 */
export function assertPlainFileName(name: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (name.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..')
    throw badRequest(INVALID_FILE_NAME);
}
