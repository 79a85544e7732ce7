/**
 * How the content editor (issue 27) reads and writes the data files that hold a list at the top level
 * (src/content/data/shops.json, country-rates.json). Decap edits the fields of an object, never a bare list, so a
 * file reads as `{ items: [...] }` and is written back as the list alone, two-space indented with a final newline,
 * as the files are kept. The browser entry (src/editor/editor.tsx) registers it under `JSON_LIST_FORMAT`.
 */

/** The format's name in the editor's configuration (src/lib/editor/decap-config.ts). */
export const JSON_LIST_FORMAT = 'json-list';

/** The one field the editor shows for a list file. */
export const JSON_LIST_FIELD = 'items';

export interface JsonList {
  items: unknown[];
}

export function fromFile(content: string): JsonList {
  const parsed: unknown = JSON.parse(content);
  if (!Array.isArray(parsed)) throw new Error('Expected a JSON list at the top level of the file');
  return { items: parsed };
}

export function toFile(data: object): string {
  const items = (data as Partial<JsonList>)[JSON_LIST_FIELD] ?? [];
  return `${JSON.stringify(inListOrder(items), null, 2)}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value with the objects of each list writing their keys in one order: the order in which the list's objects
 * first name them. Items the editor adds get their keys in the order its fields were filled in; written like
 * their neighbours, they change only the lines they add.
 */
function inListOrder(value: unknown): unknown {
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inListOrder(inner)]));
  }
  if (!Array.isArray(value)) return value;
  const keys: string[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  }
  return value.map((item) => {
    if (!isRecord(item)) return inListOrder(item);
    const ordered = keys.filter((key) => key in item).map((key) => [key, inListOrder(item[key])]);
    return Object.fromEntries(ordered);
  });
}
