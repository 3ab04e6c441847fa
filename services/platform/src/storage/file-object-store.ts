import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidObjectKey, assertValidObjectPrefix } from './object-key';
import type { ObjectStore, StoredObject } from './object-store';

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
/** Errors that mean "no such object": absent file, or a key whose parent is a file, or a folder. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function isAbsent(err: unknown): boolean {
  // Structural, not `instanceof Error`: Node's system errors may come from another realm (Jest's vm).
  return (
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' && ABSENT.has(err.code)
  );
}

/**
 * Objects as files under `dir` for the one-machine portal: the bytes at `<dir>/<key>`, the content type
 * at `<dir>/.meta/<key>`. Keys never start a segment with '.', so `.meta` and `.tmp` cannot collide with
 * an object. Writes go through `.tmp` and a rename, so a reader never sees half a file.
 */
export function createFileObjectStore(opts: { dir: string }): ObjectStore {
  const root = path.resolve(opts.dir);
  const metaRoot = path.join(root, '.meta');
  const tmpRoot = path.join(root, '.tmp');

  /** Resolves a key under `base`, refusing anything that would land outside it (defence in depth). */
  function locate(base: string, key: string): string {
    assertValidObjectKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Object key escapes the store: ${key}`);
    return file;
  }

  async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
    const tmp = path.join(tmpRoot, randomUUID());
    await mkdir(tmpRoot, { recursive: true });
    await writeFile(tmp, data);
    await mkdir(path.dirname(file), { recursive: true });
    await rename(tmp, file);
  }

  async function unlinkIfPresent(file: string): Promise<void> {
    try {
      await unlink(file);
    } catch (err) {
      if (!isAbsent(err)) throw err;
    }
  }

  async function readContentType(key: string): Promise<string> {
    try {
      return (await readFile(locate(metaRoot, key), 'utf8')) || FALLBACK_CONTENT_TYPE;
    } catch (err) {
      if (isAbsent(err)) return FALLBACK_CONTENT_TYPE;
      throw err;
    }
  }

  /** Every file under a folder, as keys (the folder's own key prefix included). */
  async function filesUnder(prefix: string): Promise<string[]> {
    assertValidObjectPrefix(prefix);
    const folder = locate(root, prefix.slice(0, -1));
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isAbsent(err)) return [];
      throw err;
    }
    return entries
      .filter((e) => e.isFile())
      .map((e) => prefix + path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }

  return {
    async ready() {
      await mkdir(tmpRoot, { recursive: true });
      await mkdir(metaRoot, { recursive: true });
    },

    async put(key, body, contentType) {
      const file = locate(root, key);
      const metaFile = locate(metaRoot, key);
      await writeAtomically(metaFile, contentType);
      await writeAtomically(file, body);
    },

    async get(key): Promise<StoredObject | null> {
      const file = locate(root, key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // Holding the descriptor keeps the bytes readable even if the object is removed meanwhile.
        handle = await open(file, 'r');
      } catch (err) {
        if (isAbsent(err)) return null;
        throw err;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: stat.size, contentType: await readContentType(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async exists(key) {
      try {
        return (await stat(locate(root, key))).isFile();
      } catch (err) {
        if (isAbsent(err)) return false;
        throw err;
      }
    },

    async remove(key) {
      await unlinkIfPresent(locate(root, key));
      await unlinkIfPresent(locate(metaRoot, key));
    },

    list: filesUnder,

    async removePrefix(prefix) {
      const keys = await filesUnder(prefix);
      for (const key of keys) {
        await unlinkIfPresent(locate(root, key));
        await unlinkIfPresent(locate(metaRoot, key));
      }
      // the emptied folders go too, so a removed picture leaves nothing behind
      await rm(locate(root, prefix.slice(0, -1)), { recursive: true, force: true });
      await rm(locate(metaRoot, prefix.slice(0, -1)), { recursive: true, force: true });
      return keys.length;
    },
  };
}
