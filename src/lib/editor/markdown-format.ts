/**
 * How the content editor (issue 27) reads and writes the site's Markdown files: YAML frontmatter, then the body.
 * Decap's own frontmatter writer folds long lines at 80 characters and double-quotes strings; this one writes
 * the frontmatter as the files are kept (and as Prettier leaves them): one line a field, the fields in the order
 * of the editor's fields, a blank line before the body and one final newline. A text keeps the quotes it was read
 * with; new text is quoted only where YAML needs it, in single quotes. A file read and written back unchanged stays
 * byte for byte the same. The browser entry (src/editor/editor.tsx) registers it under `MARKDOWN_FORMAT`.
 */
import { Document, parseDocument, visit, type Scalar } from 'yaml';

/** The format's name in the editor's configuration (src/lib/editor/decap-config.ts). */
export const MARKDOWN_FORMAT = 'site-markdown';

/** The editor's field for the text after the frontmatter. */
export const BODY_FIELD = 'body';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n?---[^\S\r\n]*(?:\r?\n|$)([\s\S]*)$/;

/** The quotes of the quoted texts read so far, so that writing them back keeps them. */
const quotes = new Map<string, Scalar.Type>();

export function fromFile(content: string): Record<string, unknown> {
  const match = FRONTMATTER.exec(content);
  const [, yaml = '', rest = content] = match ?? [];
  const doc = parseDocument(yaml);
  if (doc.errors.length > 0) throw new Error(`Frontmatter: ${doc.errors.map((error) => error.message).join('; ')}`);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && (node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE')) {
        quotes.set(node.value, node.type);
      }
    },
  });
  const data: unknown = doc.toJS() ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('Expected the frontmatter to hold fields');
  }
  const body = rest.replace(/^(?:\r?\n)+/, '');
  return { ...data, ...(body.trim() ? { [BODY_FIELD]: body } : {}) };
}

/** `fieldOrder`: the editor's fields in their order; fields it does not know follow, as they come. */
export function toFile(data: object, fieldOrder: readonly string[] = []): string {
  const { [BODY_FIELD]: body, ...fields } = data as Record<string, unknown>;
  const rank = (key: string) => {
    const index = fieldOrder.indexOf(key);
    return index < 0 ? fieldOrder.length : index;
  };
  const ordered = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b)));
  const text = typeof body === 'string' ? body.replace(/\s+$/, '') : '';
  return `---\n${Object.keys(ordered).length > 0 ? yamlOf(ordered) : ''}---\n${text ? `\n${text}\n` : ''}`;
}

function yamlOf(fields: Record<string, unknown>): string {
  const doc = new Document(fields);
  visit(doc, {
    Scalar(_key, node) {
      const type = typeof node.value === 'string' ? quotes.get(node.value) : undefined;
      if (type) node.type = type;
    },
  });
  return doc.toString({ lineWidth: 0, singleQuote: true });
}
