/**
 * The content editor's configuration (issue 27): Decap CMS at /admin, which edits the site's Markdown content and
 * the data files that editors keep. Its fields are generated from the schemas the build parses the files with
 * (src/lib/content/schemas.ts, src/lib/reference/schemas.ts), so that the editor refuses what the build would:
 * required fields, patterns, lists of options, whole numbers and their bounds, dates. What a field-by-field editor
 * cannot check (each shop id once, a day range's order, the file name equal to the slug once an item exists) the
 * build still checks when the site is published, and the editor shows its problems.
 *
 * The labels, hints and messages are in the editor's language, from the catalogue's `editor.` keys. Patterns are
 * Unicode regular expressions: the browser entry (src/editor/editor.tsx) compiles them with the `u` flag, since
 * Decap would compile a text pattern without flags.
 */
import type { Brand } from '../../brands/brands.ts';
import type { Catalogue } from '../../i18n/i18n.ts';
import { createTranslator } from '../../i18n/i18n.ts';
import { LANGUAGES, localeOf, type Lang } from '../../i18n/languages.ts';
import en from '../../i18n/en.json' with { type: 'json' };
import ar from '../../i18n/ar.json' with { type: 'json' };
import { z } from '../zod.ts';
import { bannerSchema, faqSchema, pageSchema, serviceUpdateSchema, shopSchema } from '../content/schemas.ts';
import { countryRateSchema } from '../reference/schemas.ts';
import { JSON_LIST_FIELD, JSON_LIST_FORMAT } from './json-list-format.ts';
import { BODY_FIELD, MARKDOWN_FORMAT } from './markdown-format.ts';

// ---------------------------------------------------------------------------------------------------------------
// Decap's configuration, as far as the editor uses it

/** The local file system (decap-server behind the site's server) or a Git host; passed to Decap as it is. */
export type DecapBackend =
  | { name: 'proxy'; proxy_url: string; branch?: string }
  | {
      name: 'github' | 'gitlab' | 'gitea' | 'forgejo' | 'bitbucket' | 'azure' | 'git-gateway';
      repo?: string;
      branch?: string;
      base_url?: string;
      auth_endpoint?: string;
      api_root?: string;
      app_id?: string;
      auth_type?: 'implicit' | 'pkce';
    };

export type DecapWidget = 'string' | 'text' | 'markdown' | 'number' | 'select' | 'datetime' | 'object' | 'list';

export interface DecapOption {
  label: string;
  value: string | number;
}

export interface DecapField {
  name: string;
  label: string;
  widget: DecapWidget;
  /** Decap requires every field unless told otherwise. */
  required?: false;
  hint?: string;
  /** A Unicode regular expression's source and what to tell the editor when a value does not match. */
  pattern?: [string, string];
  /** 'duplicate': one value for every language, edited in the default language. */
  i18n?: true | 'duplicate';
  // number
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  step?: number;
  // select
  options?: DecapOption[];
  // datetime
  format?: string;
  date_format?: string;
  time_format?: false;
  picker_utc?: boolean;
  default?: string;
  // object and list
  fields?: DecapField[];
  summary?: string;
  collapsed?: boolean;
  label_singular?: string;
}

interface DecapCollectionBase {
  name: string;
  label: string;
  label_singular?: string;
  description: string;
  format: string;
  extension: string;
  editor?: { preview: boolean };
}

export interface DecapFolderCollection extends DecapCollectionBase {
  folder: string;
  fields: DecapField[];
  i18n: true;
  create: boolean;
  delete: boolean;
  slug?: string;
  identifier_field: string;
  summary: string;
  sortable_fields: (string | { field: string; default_sort: 'asc' | 'desc' })[];
}

export interface DecapFile {
  name: string;
  label: string;
  file: string;
  description: string;
  fields: DecapField[];
}

export interface DecapFilesCollection extends DecapCollectionBase {
  files: DecapFile[];
}

export type DecapCollection = DecapFolderCollection | DecapFilesCollection;

export interface DecapConfig {
  backend: DecapBackend;
  load_config_file: false;
  /** Decap's own words; the browser entry sets it to the editor's language where Decap has it. */
  locale?: string;
  media_folder: string;
  public_folder: string;
  publish_mode: 'simple';
  i18n: { structure: 'multiple_folders'; locales: Lang[]; default_locale: Lang };
  slug: { encoding: 'ascii'; clean_accents: boolean };
  collections: DecapCollection[];
}

export interface EditorConfigOptions {
  backend: DecapBackend;
  brand: Pick<Brand, 'id' | 'name' | 'languages'>;
  /** The editor's language: its labels, hints and messages. */
  locale?: Lang;
}

// ---------------------------------------------------------------------------------------------------------------
// What the schemas say

/** The content folders, under the repository's root. */
export const CONTENT_FOLDER = 'src/content';

/** The Markdown collections: `<folder>/<lang>/<file>.md`, each item in every language. */
export const MARKDOWN_COLLECTIONS = [
  {
    name: 'pages',
    schema: pageSchema,
    // The site's pages are fixed: editors change their text, the routes stay.
    create: false,
    identifier: 'title',
    summary: '{{fields.title}} ({{filename}})',
    sortable: ['title', 'updated'],
  },
  {
    name: 'faqs',
    schema: faqSchema,
    create: true,
    identifier: 'subject',
    summary: '{{fields.order}}. {{fields.subject}}',
    sortable: [{ field: 'order', default_sort: 'asc' }, 'subject', 'updated'],
  },
  {
    name: 'service-updates',
    schema: serviceUpdateSchema,
    create: true,
    identifier: 'subject',
    summary: '{{fields.date}} · {{fields.subject}}',
    sortable: [{ field: 'date', default_sort: 'desc' }, 'subject'],
  },
  {
    name: 'banners',
    schema: bannerSchema,
    create: true,
    identifier: 'subject',
    summary: '{{fields.order}}. {{fields.subject}}',
    sortable: [{ field: 'order', default_sort: 'asc' }, 'subject', 'updated'],
  },
] as const;

/** The data files editors keep: each a list at the top level, one schema an item. */
export const DATA_FILES = [
  { name: 'shops', schema: shopSchema, summary: '{{fields.name}} · {{fields.countryCode}} · {{fields.category}}' },
  {
    name: 'country-rates',
    schema: countryRateSchema,
    summary: '{{fields.originCountryCode}} → {{fields.destinationCountryCode}} ({{fields.transitDays}})',
  },
] as const;

/** Fields with one value for every language of an item, edited in the default language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['id', 'slug', 'order', 'updated', 'date', 'icon']);

/** Text fields that take sentences: a text box rather than a line. */
const SENTENCES = new Set(['summary', 'description', 'text', 'descriptionEn', 'descriptionAr']);

/** The message of each field's pattern, by field name (catalogue `editor.pattern.<key>`). */
const PATTERN_MESSAGES: Record<string, string> = {
  slug: 'slug',
  countryCode: 'countryCode',
  originCountryCode: 'countryCode',
  destinationCountryCode: 'countryCode',
  transitDays: 'transitDays',
  descriptionAr: 'arabic',
  url: 'https',
};

/** How a list field's items read when folded, by field name (Decap's summary template). */
const LIST_SUMMARIES: Record<string, string> = {
  rates: '{{fields.subscriptionPlanId}}: {{fields.firstHalfKg}} + {{fields.additionalHalfKg}} {{fields.currency}}',
};

/** Where the labels of a select field's options are in the catalogue (`<prefix><value>`); else the value itself. */
const OPTION_LABELS: Record<string, string> = {
  icon: 'editor.icon.',
  category: 'shop.category.',
  subscriptionPlanId: 'plan.name.',
};

/** Text that is not only spaces: how the editor checks text the schema trims before requiring a character. */
export const NOT_BLANK = '\\S';

/** Dates as the files write them (`updated: 2026-11-16`), without a time. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A subset of JSON Schema, as zod writes it for the content's schemas. */
export interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number)[];
  const?: string | number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}

/** The JSON Schema of what a file may hold (zod's input), with dates as `format: 'date'` and https-only URLs. */
export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; format?: string; protocol?: RegExp };
      const target = jsonSchema as JsonSchema;
      if (def.type === 'date') {
        target.type = 'string';
        target.format = 'date';
      }
      if (def.type === 'string' && def.format === 'url' && def.protocol) {
        const protocols = def.protocol.source.replace(/^\^/, '').replace(/\$$/, '');
        target.pattern = `^(?:${protocols}):\\/\\/[^\\s/?#]+\\S*$`;
      }
    },
  }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------------
// The configuration

const CATALOGUES: Record<Lang, Catalogue> = { en, ar };

/** The editor's words in one language: `word(key)` throws for a key the catalogue lacks, `hint` may find none. */
function wordsIn(locale: Lang, brandName: string) {
  const catalogue = CATALOGUES[locale];
  const t = createTranslator(locale, catalogue);
  const word = (key: string, values: Record<string, string> = {}): string => {
    if (!(key in catalogue)) throw new Error(`Editor configuration: no catalogue key ${key}`);
    return t(key, { brand: brandName, ...values });
  };
  const first = (...keys: string[]): string | undefined => {
    const key = keys.find((candidate) => candidate in catalogue);
    return key ? word(key) : undefined;
  };
  return { word, first };
}

type Words = ReturnType<typeof wordsIn>;

/**
 * The Decap fields of an object schema. `context` names the collection or data file, for hints of its own
 * (`editor.hint.<context>.<field>`, else `editor.hint.<field>`); `translated` says the fields are kept per language.
 */
function fieldsOf(
  schema: JsonSchema,
  context: string,
  words: Words,
  translated: boolean,
  nested = false,
): DecapField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const field: DecapField = {
      name,
      label: words.word(`editor.field.${name}`),
      ...widgetOf(name, property, context, words, translated),
    };
    if (!required.has(name)) field.required = false;
    const hint = words.first(`editor.hint.${context}.${name}`, `editor.hint.${name}`);
    if (hint) field.hint = hint;
    if (translated) field.i18n = !nested && SAME_IN_EVERY_LANGUAGE.has(name) ? 'duplicate' : true;
    return field;
  });
}

function widgetOf(
  name: string,
  schema: JsonSchema,
  context: string,
  words: Words,
  translated: boolean,
): Omit<DecapField, 'name' | 'label'> {
  const options = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
  if (options) {
    const prefix = OPTION_LABELS[name];
    return {
      widget: 'select',
      options: options.map((value) => ({ value, label: prefix ? words.word(`${prefix}${value}`) : String(value) })),
    };
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const isInt = schema.type === 'integer';
      const step = isInt ? 1 : 0.01;
      // Decap's bounds include their value: above an exclusive minimum means from the next step.
      const min =
        schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + step);
      const max = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
      return {
        widget: 'number',
        value_type: isInt ? 'int' : 'float',
        step,
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
      };
    }
    case 'string': {
      if (schema.format === 'date') {
        // A new item starts with today's date.
        return {
          widget: 'datetime',
          format: DATE_FORMAT,
          date_format: DATE_FORMAT,
          time_format: false,
          default: '{{now}}',
        };
      }
      return { widget: SENTENCES.has(name) ? 'text' : 'string', pattern: patternOf(name, schema, words) };
    }
    case 'object':
      return { widget: 'object', collapsed: false, fields: fieldsOf(schema, context, words, translated, true) };
    case 'array': {
      if (schema.items?.type !== 'object') break;
      return {
        widget: 'list',
        collapsed: true,
        label_singular: words.word(`editor.field.${name}.one`),
        ...(LIST_SUMMARIES[name] ? { summary: LIST_SUMMARIES[name] } : {}),
        fields: fieldsOf(schema.items, context, words, translated, true),
        ...(schema.minItems ? { min: schema.minItems } : {}),
      };
    }
  }
  throw new Error(`Editor configuration: no widget for the field ${context}.${name} (${JSON.stringify(schema)})`);
}

/**
 * A text field's pattern: the schema's own (with its greatest length, where it has one), or for text that must
 * not be empty, a character that is not a space (the schemas trim text before they count its characters).
 */
function patternOf(name: string, schema: JsonSchema, words: Words): [string, string] {
  if (schema.pattern) {
    const key = PATTERN_MESSAGES[name];
    if (!key) throw new Error(`Editor configuration: the pattern of ${name} has no message (PATTERN_MESSAGES)`);
    const source =
      schema.maxLength === undefined ? schema.pattern : `^(?=[\\s\\S]{0,${schema.maxLength}}$)(?:${schema.pattern})`;
    return [source, words.word(`editor.pattern.${key}`, { max: String(schema.maxLength ?? '') })];
  }
  if ((schema.minLength ?? 0) < 1 || schema.maxLength !== undefined) {
    throw new Error(`Editor configuration: no rule for the lengths of ${name}`);
  }
  return [NOT_BLANK, words.word('editor.pattern.notBlank')];
}

/** What a collection's description adds for a brand that shows only some of the languages. */
function languagesNote(brand: EditorConfigOptions['brand'], locale: Lang, words: Words): string {
  if (LANGUAGES.every((lang) => brand.languages.includes(lang))) return '';
  const names = new Intl.DisplayNames([localeOf(locale)], { type: 'language' });
  const list = new Intl.ListFormat(localeOf(locale), { type: 'conjunction' });
  return ` ${words.word('editor.collection.languages', { languages: list.format(brand.languages.map((lang) => names.of(lang) ?? lang)) })}`;
}

export function editorConfig({ backend, brand, locale = 'en' }: EditorConfigOptions): DecapConfig {
  const words = wordsIn(locale, brand.name);
  const note = languagesNote(brand, locale, words);
  const markdown = MARKDOWN_COLLECTIONS.map((collection): DecapFolderCollection => {
    const key = `editor.collection.${collection.name}`;
    return {
      name: collection.name,
      label: words.word(key),
      label_singular: words.word(`${key}.one`),
      description: `${words.word(`${key}.description`)}${note}`,
      folder: `${CONTENT_FOLDER}/${collection.name}`,
      format: MARKDOWN_FORMAT,
      extension: 'md',
      i18n: true,
      create: collection.create,
      delete: collection.create,
      // A new item's file is named after its slug, as the build requires.
      ...(collection.create ? { slug: '{{fields.slug}}' } : {}),
      identifier_field: collection.identifier,
      summary: collection.summary,
      sortable_fields: [...collection.sortable],
      fields: [
        ...fieldsOf(jsonSchemaOf(collection.schema), collection.name, words, true),
        { name: BODY_FIELD, label: words.word(`editor.field.${BODY_FIELD}`), widget: 'markdown', i18n: true },
      ],
    };
  });
  const data: DecapFilesCollection = {
    name: 'data',
    label: words.word('editor.collection.data'),
    description: words.word('editor.collection.data.description'),
    format: JSON_LIST_FORMAT,
    extension: 'json',
    editor: { preview: false },
    files: DATA_FILES.map((file) => ({
      name: file.name,
      label: words.word(`editor.data.${file.name}`),
      description: words.word(`editor.data.${file.name}.description`),
      file: `${CONTENT_FOLDER}/data/${file.name}.json`,
      fields: [
        {
          name: JSON_LIST_FIELD,
          label: words.word(`editor.data.${file.name}.items`),
          label_singular: words.word(`editor.data.${file.name}.one`),
          widget: 'list',
          collapsed: true,
          summary: file.summary,
          fields: fieldsOf(jsonSchemaOf(file.schema), file.name, words, false, true),
        },
      ],
    })),
  };
  return {
    backend,
    load_config_file: false,
    // Decap wants a media folder; the content uses no uploaded files.
    media_folder: 'public/content-media',
    public_folder: '/content-media',
    publish_mode: 'simple',
    i18n: { structure: 'multiple_folders', locales: [...LANGUAGES], default_locale: 'en' },
    slug: { encoding: 'ascii', clean_accents: true },
    collections: [...markdown, data],
  };
}
