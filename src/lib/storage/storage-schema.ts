/** The schema of a package's free storage as the API answers it (src/lib/storage/storage-deadline.ts computes it). */
import { z } from '../zod.ts';

/** A package's free storage at its mailbox (issue 24; the terms are src/content/data/storage.json). */
export const packageStorageSchema = z.object({
  arrivedAt: z.iso.datetime({ offset: true }),
  freeUntil: z.iso.datetime({ offset: true }),
  /** Whole days of free storage left (a day begun counts); 0 once it has ended. */
  freeDaysLeft: z.int().check(z.nonnegative()),
  /** Days begun since free storage ended, each charged `feePerDay`. */
  feeDays: z.int().check(z.nonnegative()),
  feePerDay: z.number(),
  feeSoFar: z.number(),
  currency: z.string(),
  /** `nearDeadlineDays` (3) or fewer free days left. */
  nearDeadline: z.boolean(),
});
export type PackageStorage = z.infer<typeof packageStorageSchema>;
