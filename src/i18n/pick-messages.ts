import type { Catalogue } from './i18n.ts';

/**
 * The part of a catalogue an island needs, to hand it over as a prop: a server-rendered island then translates
 * synchronously on the server and in the browser (no catalogue to load, nothing to suspend, the same markup on
 * both sides). An entry ending in `.` takes every key under that prefix; any other entry is one key.
 */
export function pickMessages(catalogue: Catalogue, wanted: readonly string[]): Catalogue {
  const prefixes = wanted.filter((w) => w.endsWith('.'));
  const keys = new Set(wanted.filter((w) => !w.endsWith('.')));
  const picked: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (keys.has(key) || prefixes.some((p) => key.startsWith(p))) picked[key] = value;
  }
  return picked;
}
