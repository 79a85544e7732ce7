/**
 * Uploaded files on disk, outside the web root. Names are server-made UUIDs with no extension, so nothing a
 * client sends (name, path, type) ever reaches the file system.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A fresh folder under the system's temp dir, for a server whose data lives in memory. The random name
 * can't be guessed in a shared /tmp; it is created on the first upload.
 */
export function temporaryUploadDir(): string {
  return join(tmpdir(), `uploads-${randomUUID()}`);
}

/** Whether `dir` is `root` or inside it. */
export function isInside(dir: string, root: string): boolean {
  const rel = relative(resolve(root), resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export class UploadStorage {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /** Where a stored file lives. Only keys this storage made are accepted, so a key can't walk out of the folder. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return join(this.dir, key);
  }

  /**
   * Stores the bytes under a new key. Written to a temp file, flushed, then renamed: a reader or a crash never
   * sees half a file under a real key.
   */
  async put(bytes: Uint8Array): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = randomUUID();
    const temp = join(this.dir, `.${key}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.pathOf(key));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return key;
  }

  read(key: string): Promise<Uint8Array<ArrayBuffer>> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
