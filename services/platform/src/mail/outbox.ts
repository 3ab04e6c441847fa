import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A file name that sorts by time and names the message: `2026-01-31T08-00-00-000Z_<id>.eml`. */
function emlFileName(messageId: string, at: Date): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  const id = messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_');
  return `${time}_${id}.eml`;
}

/** Writes one RFC 822 message into `dir`, where a person running the portal locally can open it. */
export async function writeToOutbox(dir: string, messageId: string, raw: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, emlFileName(messageId, new Date()));
  await writeFile(file, raw, { flag: 'wx' });
  return file;
}
