/**
 * How a saved copy (./saving-rules.ts) makes itself known: the worker stamps it with the time it was saved, and the
 * page hears of it. A module of its own, so that the shell carries these names without the rules.
 */

/** The header a copy is saved with: when it was saved (ISO date and time). Only the worker reads it. */
export const SAVED_AT_HEADER = 'x-saved-at';
/** The attribute of <html> on a page served from its saved copy. */
export const SAVED_AT_ATTRIBUTE = 'data-saved-at';

/** What the worker tells a page: one of its reads was answered from the saved copy, saved at `savedAt`. */
export interface SavedCopyMessage {
  type: 'SAVED_COPY';
  savedAt: string;
}

/** What a page tells the worker: take the new version now, or save what the page read before it was controlled. */
export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'SAVE'; urls: string[] };
