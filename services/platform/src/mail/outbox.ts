import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A file name that sorts by time and names the message: `2026-01-31T08-00-00-000Z_<id>.eml`. */
function emlFileName(messageId: string, at: Date): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  const id = messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_');
  return `${time}_${id}.eml`;
}

/**
 * Writes one RFC 822 message into `dir`, where a person running the portal locally can open it. The messages
 * carry live invitation and password links, so only the portal's own user may read them: the folder is 0700
 * (made so when it already exists) and each file 0600.
 */
export async function writeToOutbox(dir: string, messageId: string, raw: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = path.join(dir, emlFileName(messageId, new Date()));
  // a umask can only take bits away from 0600
  await writeFile(file, raw, { flag: 'wx', mode: 0o600 });
  return file;
}
