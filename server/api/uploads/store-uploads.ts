/**
 * Files attached to something that holds a limited number of them (a request, a shipment's invoice): stored, then
 * recorded after the ones already there, in one transaction. Files no row points at are removed again when
 * anything fails, since they would never be served or cleaned up.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import { uploads } from '../../db/schema.ts';
import { sanitiseFileName } from '../../uploads/file-names.ts';
import type { ApiDeps } from '../env.ts';
import type { CheckedFile, StoredPurpose } from './upload-checks.ts';

/** What the files belong to. */
export interface UploadParent {
  userGuid: string;
  purpose: StoredPurpose;
  requestId?: number;
  shipmentAwb?: string;
}

/**
 * Stores `files` for `parent`. Inside the transaction `lockAndCount` locks the parent row and answers how many
 * files it already holds (or throws when it takes no more), so two uploads at once can't pass a limit together;
 * the new files take the positions after those, in the order sent.
 */
export async function storeUploads(
  deps: Pick<ApiDeps, 'db' | 'uploads' | 'clock'>,
  files: readonly CheckedFile[],
  parent: UploadParent,
  lockAndCount: (tx: Tx) => Promise<number>,
): Promise<void> {
  const { db, uploads: storage, clock } = deps;
  const keys: string[] = [];
  try {
    for (const { bytes } of files) keys.push(await storage.put(bytes));
    await db.transaction(async (t) => {
      const existing = await lockAndCount(t);
      const now = clock();
      await t.insert(uploads).values(
        files.map(({ file, bytes, detected }, i) => ({
          id: randomUUID(),
          ...parent,
          storageKey: keys[i]!,
          type: detected.type,
          size: bytes.length,
          originalName: sanitiseFileName(file.name),
          position: existing + i + 1,
          createdAt: now,
        })),
      );
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key)));
    throw error;
  }
}
