/**
 * The content editor's field patterns are Unicode regular expressions (`\p{Script=Arabic}`, src/lib/editor/
 * decap-config.ts). Decap compiles a pattern given as text without flags, and takes a RegExp as it is, so the
 * browser entry hands Decap compiled patterns.
 */
import type { DecapConfig, DecapField } from './decap-config.ts';

export function unicodePattern(source: string): RegExp {
  return new RegExp(source, 'u');
}

function compiledFields(fields: readonly DecapField[]): unknown[] {
  return fields.map((field) => ({
    ...field,
    ...(field.pattern ? { pattern: [unicodePattern(field.pattern[0]), field.pattern[1]] } : {}),
    ...(field.fields ? { fields: compiledFields(field.fields) } : {}),
  }));
}

/** The configuration with every field's pattern compiled, for `CMS.init`. */
export function withCompiledPatterns(config: DecapConfig): Record<string, unknown> {
  return {
    ...config,
    collections: config.collections.map((collection) =>
      'files' in collection
        ? { ...collection, files: collection.files.map((file) => ({ ...file, fields: compiledFields(file.fields) })) }
        : { ...collection, fields: compiledFields(collection.fields) },
    ),
  };
}
