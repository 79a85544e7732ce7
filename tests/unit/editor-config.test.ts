/**
 * The content editor (issue 27): its Decap configuration (src/lib/editor/decap-config.ts) says what the schemas the
 * build parses the content with say, so that the editor refuses what the build would. Decap's field rules are
 * written out below (required, pattern, number bounds, options, dates, lists), applied to the content as it is and
 * to values the schemas refuse. The editor's file formats write the files back byte for byte, and Decap's own
 * configuration schema (left out of the browser's copy, scripts/build-editor.ts) accepts the configuration.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { brands } from '../../src/brands/brands.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { bannerSchema, shopsSchema, type Banner } from '../../src/lib/content/schemas.ts';
import { countryRatesSchema } from '../../src/lib/reference/schemas.ts';
import {
  CONTENT_FOLDER,
  DATA_FILES,
  DATE_FORMAT,
  MARKDOWN_COLLECTIONS,
  NOT_BLANK,
  editorConfig,
  jsonSchemaOf,
  type DecapConfig,
  type DecapField,
  type DecapFilesCollection,
  type DecapFolderCollection,
  type JsonSchema,
} from '../../src/lib/editor/decap-config.ts';
import { unicodePattern, withCompiledPatterns } from '../../src/lib/editor/field-patterns.ts';
import * as jsonList from '../../src/lib/editor/json-list-format.ts';
import * as markdown from '../../src/lib/editor/markdown-format.ts';
import { createPublishing, type PublishStatus } from '../../src/editor/publishing.ts';
import { textDirection } from '../../src/editor/text-direction.tsx';

const root = join(import.meta.dirname, '../..');
const backend = { name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' } as const;
const config = editorConfig({ backend, brand: brands.shipbox });

const folderCollection = (name: string) =>
  config.collections.find((c): c is DecapFolderCollection => c.name === name && 'folder' in c)!;
const dataCollection = config.collections.find((c): c is DecapFilesCollection => 'files' in c)!;
const dataFile = (name: string) => dataCollection.files.find((file) => file.name === name)!;
/** The fields of one item of a data file's list. */
const itemFields = (name: string) => dataFile(name).fields[0]!.fields!;

// ---------------------------------------------------------------------------------------------------------------
// Decap's field rules, as its widgets apply them (decap-cms-core's Widget.js: presence and pattern; the number,
// select, datetime and list widgets: bounds, options, dates as their format writes them, the number of items).

/** Decap's `isEmpty`: nothing, an empty text or list, an object without keys. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function decapProblems(fields: readonly DecapField[], data: Record<string, unknown>, at = ''): string[] {
  const problems: string[] = [];
  const known = new Set(fields.map((field) => field.name));
  for (const key of Object.keys(data)) if (!known.has(key)) problems.push(`${at}${key}: no such field`);
  for (const field of fields) {
    const where = `${at}${field.name}`;
    const value = data[field.name];
    if (isEmpty(value)) {
      if (field.required !== false) problems.push(`${where}: required`);
      continue;
    }
    if (field.pattern && !unicodePattern(field.pattern[0]).test(String(value))) problems.push(`${where}: pattern`);
    switch (field.widget) {
      case 'string':
      case 'text':
      case 'markdown':
        if (typeof value !== 'string') problems.push(`${where}: not text`);
        break;
      case 'number':
        if (typeof value !== 'number' || (field.value_type === 'int' && !Number.isInteger(value))) {
          problems.push(`${where}: not a ${field.value_type}`);
        } else if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
          problems.push(`${where}: out of bounds`);
        }
        break;
      case 'select':
        if (!field.options?.some((option) => option.value === value)) problems.push(`${where}: not an option`);
        break;
      case 'datetime':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
          problems.push(`${where}: not a ${field.format} date`);
        }
        break;
      case 'object':
        problems.push(...decapProblems(field.fields!, value as Record<string, unknown>, `${where}.`));
        break;
      case 'list':
        if (!Array.isArray(value)) {
          problems.push(`${where}: not a list`);
          break;
        }
        if (field.min !== undefined && value.length < field.min) problems.push(`${where}: too few`);
        value.forEach((item, i) => {
          problems.push(...decapProblems(field.fields!, item as Record<string, unknown>, `${where}.${i}.`));
        });
        break;
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The content as it is

const contentPath = (...parts: string[]) => join(root, CONTENT_FOLDER, ...parts);

/** A Markdown file's frontmatter, read with the yaml package as the API reads it. */
function frontmatterOf(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error(`${file}: no frontmatter`);
  return parse(match[1] ?? '') as Record<string, unknown>;
}

function markdownFiles(collection: string): string[] {
  return LANGUAGES.flatMap((lang) =>
    readdirSync(contentPath(collection, lang))
      .filter((file) => file.endsWith('.md'))
      .map((file) => contentPath(collection, lang, file)),
  );
}

/** Decap's fields of a Markdown collection without the body (the text after the frontmatter). */
const frontmatterFields = (name: string) => folderCollection(name).fields.filter((f) => f.name !== markdown.BODY_FIELD);

const firstItem = (name: string) => frontmatterOf(markdownFiles(name)[0]!);

// ---------------------------------------------------------------------------------------------------------------

describe('the editor configuration', () => {
  /** Every collection's (or data file's) fields with the schema they come from. */
  const pairs = [
    ...MARKDOWN_COLLECTIONS.map((c) => ({
      name: c.name,
      schema: jsonSchemaOf(c.schema),
      fields: frontmatterFields(c.name),
    })),
    ...DATA_FILES.map((f) => ({ name: f.name, schema: jsonSchemaOf(f.schema), fields: itemFields(f.name) })),
  ];

  /** Each field with its schema, at any depth. */
  function eachField(
    fields: readonly DecapField[],
    schema: JsonSchema,
    visit: (field: DecapField, property: JsonSchema, required: boolean, path: string) => void,
    at = '',
  ): void {
    for (const field of fields) {
      const property = schema.properties?.[field.name] ?? {};
      visit(field, property, (schema.required ?? []).includes(field.name), `${at}${field.name}`);
      const inner = property.type === 'array' ? property.items : property;
      if (field.fields && inner) eachField(field.fields, inner, visit, `${at}${field.name}.`);
    }
  }

  it('has a field for every field of the schemas and no other, and the body for Markdown', () => {
    const names = (fields: readonly DecapField[], schema: JsonSchema): unknown =>
      Object.fromEntries(
        Object.keys(schema.properties ?? {}).map((key) => {
          const property = schema.properties![key]!;
          const inner = property.type === 'array' ? property.items : property;
          const field = fields.find((f) => f.name === key);
          return [key, field?.fields && inner?.properties ? names(field.fields, inner) : Boolean(field)];
        }),
      );
    for (const { name, schema, fields } of pairs) {
      const all = (list: readonly DecapField[]): unknown =>
        Object.fromEntries(list.map((f) => [f.name, f.fields ? all(f.fields) : true]));
      expect(all(fields), name).toEqual(names(fields, schema));
    }
    for (const collection of MARKDOWN_COLLECTIONS) {
      expect(folderCollection(collection.name).fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
    }
    expect(pairs.map((pair) => pair.name)).toEqual([
      'pages',
      'faqs',
      'service-updates',
      'banners',
      'shops',
      'country-rates',
    ]);
  });

  it('requires what the schemas require, and only that', () => {
    for (const { name, schema, fields } of pairs) {
      eachField(fields, schema, (field, _property, required, path) => {
        expect(field.required !== false, `${name}.${path}`).toBe(required);
      });
    }
  });

  it("takes the schemas' patterns, options, bounds and dates", () => {
    let patterns = 0;
    for (const { name, schema, fields } of pairs) {
      eachField(fields, schema, (field, property, _required, path) => {
        const where = `${name}.${path}`;
        const options = property.enum ?? (property.const === undefined ? undefined : [property.const]);
        if (options) {
          expect(field.widget, where).toBe('select');
          expect(
            field.options?.map((option) => option.value),
            where,
          ).toEqual(options);
          expect(
            field.options?.every((option) => option.label.trim() !== ''),
            where,
          ).toBe(true);
        } else if (property.type === 'integer' || property.type === 'number') {
          expect(field, where).toMatchObject({
            widget: 'number',
            value_type: property.type === 'integer' ? 'int' : 'float',
          });
          if (property.minimum !== undefined) expect(field.min, where).toBe(property.minimum);
          if (property.exclusiveMinimum !== undefined)
            expect(field.min, where).toBeGreaterThan(property.exclusiveMinimum);
          if (property.maximum !== undefined && property.maximum < Number.MAX_SAFE_INTEGER) {
            expect(field.max, where).toBe(property.maximum);
          }
        } else if (property.format === 'date') {
          expect(field, where).toMatchObject({ widget: 'datetime', format: DATE_FORMAT, time_format: false });
        } else if (property.type === 'string') {
          expect(['string', 'text'], where).toContain(field.widget);
          if (property.pattern) {
            patterns += 1;
            // The schema's own pattern, held to the schema's greatest length where it has one.
            const expected =
              property.maxLength === undefined
                ? property.pattern
                : `^(?=[\\s\\S]{0,${property.maxLength}}$)(?:${property.pattern})`;
            expect(field.pattern?.[0], where).toBe(expected);
          } else {
            expect(property.minLength, where).toBe(1);
            expect(field.pattern?.[0], where).toBe(NOT_BLANK);
          }
          expect(field.pattern?.[1].trim(), where).not.toBe('');
        } else if (property.type === 'object') {
          expect(field.widget, where).toBe('object');
        } else {
          expect(property.type, where).toBe('array');
          expect(field, where).toMatchObject({ widget: 'list', min: property.minItems });
        }
      });
    }
    // Three collections' slugs; the stores' country codes, Arabic descriptions and https addresses; the routes'
    // two country codes and day ranges.
    expect(patterns).toBe(9);
    // The patterns the schemas write themselves, as they write them.
    expect(frontmatterFields('faqs').find((f) => f.name === 'slug')?.pattern?.[0]).toContain(
      '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    );
    expect(itemFields('shops').find((f) => f.name === 'descriptionAr')?.pattern?.[0]).toBe('\\p{Script=Arabic}');
  });

  it('keeps ids, slugs, orders, dates and icons the same in every language and translates the rest', () => {
    const same = ['id', 'slug', 'order', 'updated', 'date', 'icon'];
    for (const collection of MARKDOWN_COLLECTIONS) {
      const fields = folderCollection(collection.name).fields;
      for (const field of fields) {
        expect(field.i18n, `${collection.name}.${field.name}`).toBe(same.includes(field.name) ? 'duplicate' : true);
        for (const inner of field.fields ?? []) expect(inner.i18n).toBe(true);
      }
      expect(folderCollection(collection.name).i18n).toBe(true);
    }
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en', 'ar'], default_locale: 'en' });
    for (const file of dataCollection.files) {
      expect(JSON.stringify(file.fields)).not.toContain('i18n');
    }
  });

  it('names a new item’s file after its slug; the pages stay as they are', () => {
    for (const collection of MARKDOWN_COLLECTIONS) {
      const found = folderCollection(collection.name);
      if (collection.name === 'pages') {
        expect(found).toMatchObject({ create: false, delete: false });
        expect(found.slug).toBeUndefined();
      } else {
        expect(found).toMatchObject({ create: true, slug: '{{fields.slug}}' });
      }
      expect(found.fields.some((field) => field.name === found.identifier_field)).toBe(true);
    }
  });

  it('edits the content folders, with one folder per language holding the same files', () => {
    for (const collection of MARKDOWN_COLLECTIONS) {
      const found = folderCollection(collection.name);
      expect(found.folder).toBe(`${CONTENT_FOLDER}/${collection.name}`);
      const folder = join(root, found.folder);
      const languages = readdirSync(folder).filter((entry) => statSync(join(folder, entry)).isDirectory());
      expect(languages.sort()).toEqual([...LANGUAGES].sort());
      const files = LANGUAGES.map((lang) => readdirSync(join(folder, lang)).sort());
      for (const list of files) expect(list).toEqual(files[0]);
    }
    for (const file of dataCollection.files) expect(statSync(join(root, file.file)).isFile()).toBe(true);
    expect(dataCollection.format).toBe(jsonList.JSON_LIST_FORMAT);
  });

  it('speaks the editor’s language, and tells a one-language brand to keep both languages', () => {
    const arabic = editorConfig({ backend, brand: brands.shipbox, locale: 'ar' });
    const labels = (c: DecapConfig) =>
      JSON.stringify(c.collections).match(/"(?:label|hint|description)":"[^"]*"/g) ?? [];
    expect(labels(arabic).length).toBeGreaterThan(50);
    // Every word is Arabic but the currency's code, an option that names itself.
    expect(labels(arabic).filter((label) => !/\p{Script=Arabic}/u.test(label))).toEqual(['"label":"USD"']);
    expect(folderCollection('faqs').label).toBe('FAQs');
    expect(folderCollection('pages').fields[0]?.hint).toContain('{brand}');
    expect(folderCollection('pages').fields[0]?.hint).toContain('Shipbox');

    const mailbridge = editorConfig({ backend, brand: brands.mailbridge });
    for (const collection of mailbridge.collections.filter((c) => 'folder' in c)) {
      expect(collection.description).toContain('Mailbridge shows them in English only');
    }
    expect(folderCollection('faqs').description).not.toContain('only');
    expect(mailbridge.i18n.locales).toEqual(['en', 'ar']);
  });

  it('passes the configuration as it is to the backend', () => {
    const git = { name: 'github', repo: 'shipbox/web', branch: 'main', base_url: 'https://auth.example' } as const;
    expect(editorConfig({ backend: git, brand: brands.shipbox }).backend).toEqual(git);
    expect(config).toMatchObject({ backend, load_config_file: false, media_folder: 'public/content-media' });
  });
});

describe("Decap's configuration schema", () => {
  let dir: string;
  let decap: {
    validateConfig(config: unknown): void;
    registerWidget(name: string, control: unknown, preview: unknown, schema: unknown): void;
    schemas: Record<string, unknown>;
  };

  beforeAll(async () => {
    // Decap's own check, from its ES modules, without the editor's store (which needs a browser).
    const widgets = ['datetime', 'list', 'markdown', 'number', 'object', 'select'];
    const result = await build({
      stdin: {
        contents: [
          "export { validateConfig } from 'decap-cms-core/dist/esm/constants/configSchema.js';",
          "export { registerWidget } from 'decap-cms-core/dist/esm/lib/registry.js';",
          ...widgets.map((name) => `import ${name} from 'decap-cms-widget-${name}/dist/esm/schema.js';`),
          `export const schemas = { ${widgets.join(', ')} };`,
        ].join('\n'),
        resolveDir: root,
        loader: 'js',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      mainFields: ['module', 'main'],
      write: false,
      logLevel: 'error',
      plugins: [
        {
          name: 'without-the-store',
          setup(builder) {
            builder.onLoad({ filter: /decap-cms-core[\\/]dist[\\/]esm[\\/]reducers[\\/]collections\.js$/ }, () => ({
              contents: 'export function selectEntrySlug() { throw new Error("Not in the configuration check"); }',
              loader: 'js',
            }));
          },
        },
      ],
    });
    dir = mkdtempSync(join(tmpdir(), 'decap-check-'));
    const file = join(dir, 'check.cjs');
    writeFileSync(file, result.outputFiles[0]!.text);
    decap = createRequire(import.meta.url)(file) as typeof decap;
    for (const name of ['string', 'text', ...widgets]) {
      decap.registerWidget(name, () => null, null, decap.schemas[name] ?? {});
    }
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts the configuration for each brand and language, patterns compiled as the browser compiles them', () => {
    for (const brand of Object.values(brands)) {
      for (const locale of LANGUAGES) {
        const generated = editorConfig({ backend, brand, locale });
        expect(() => decap.validateConfig({ ...withCompiledPatterns(generated), locale: 'en' })).not.toThrow();
      }
    }
  });

  it('is a real check', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      ...config,
      collections: [{ ...folderCollection('faqs'), fields: [{ name: 'x', widget: 'select' }] }],
    };
    expect(() => decap.validateConfig(broken)).toThrow(/options/);
    quiet.mockRestore();
  });
});

describe('the content as it is', () => {
  it.each(MARKDOWN_COLLECTIONS.map((c) => [c.name, c] as const))(
    '%s: every file passes the editor and the schema',
    (name, collection) => {
      const files = markdownFiles(name);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const data = frontmatterOf(file);
        expect(decapProblems(frontmatterFields(name), data), file).toEqual([]);
        expect(collection.schema.safeParse(data).success, file).toBe(true);
      }
    },
  );

  it.each(DATA_FILES.map((f) => [f.name] as const))('%s: every item passes the editor and the schema', (name) => {
    const items = JSON.parse(readFileSync(contentPath('data', `${name}.json`), 'utf8')) as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(0);
    items.forEach((item, i) => expect(decapProblems(itemFields(name), item), `${name}[${i}]`).toEqual([]));
    expect((name === 'shops' ? shopsSchema : countryRatesSchema).safeParse(items).success).toBe(true);
  });
});

describe('values the build refuses, the editor refuses', () => {
  const faq = firstItem('faqs');
  const banner = frontmatterOf(contentPath('banners', 'en', `${(firstItem('banners') as Banner).slug}.md`));
  const update = firstItem('service-updates');
  const page = firstItem('pages');
  const shop = (JSON.parse(readFileSync(contentPath('data', 'shops.json'), 'utf8')) as Record<string, unknown>[])[0]!;
  const route = (
    JSON.parse(readFileSync(contentPath('data', 'country-rates.json'), 'utf8')) as Record<string, unknown>[]
  )[0]!;
  const rate = (route.rates as Record<string, unknown>[])[0]!;

  const cases: [string, string, Record<string, unknown>][] = [
    ['faqs', 'an empty subject', { ...faq, subject: '' }],
    ['faqs', 'a subject of spaces', { ...faq, subject: '   ' }],
    ['faqs', 'no summary', { ...faq, summary: undefined }],
    ['faqs', 'a slug with capitals and spaces', { ...faq, slug: 'How Long' }],
    ['faqs', 'a slug with a double hyphen', { ...faq, slug: 'how--long' }],
    ['faqs', 'a slug too long', { ...faq, slug: 'a'.repeat(81) }],
    ['faqs', 'id 0', { ...faq, id: 0 }],
    ['faqs', 'an id too large', { ...faq, id: 100_000 }],
    ['faqs', 'an id with decimals', { ...faq, id: 1.5 }],
    ['faqs', 'order 0', { ...faq, order: 0 }],
    ['faqs', 'no date', { ...faq, updated: '' }],
    ['service-updates', 'a date that is none', { ...update, date: 'yesterday' }],
    ['pages', 'a title of spaces', { ...page, title: ' ' }],
    ['banners', 'an icon not in the list', { ...banner, icon: 'rocket' }],
    ['banners', "a slide's empty title", { ...banner, loggedOutBanner: { title: '', text: 'Hello' } }],
    ['banners', 'no slide for customers', { ...banner, loggedInBanner: undefined }],
  ];
  const dataCases: [string, string, Record<string, unknown>][] = [
    ['shops', 'id 0', { ...shop, id: 0 }],
    ['shops', 'an Arabic description in English', { ...shop, descriptionAr: 'A huge online marketplace.' }],
    ['shops', 'an http address', { ...shop, url: 'http://www.maplecratemarket.example' }],
    ['shops', 'an address without a host', { ...shop, url: 'https://' }],
    ['shops', 'a country code in small letters', { ...shop, countryCode: 'us' }],
    ['shops', 'a category not in the list', { ...shop, category: 'toys' }],
    ['shops', 'an empty name', { ...shop, name: '' }],
    ['country-rates', 'a day range without its end', { ...route, transitDays: '5' }],
    ['country-rates', 'no prices', { ...route, rates: [] }],
    ['country-rates', 'a plan that is none', { ...route, rates: [{ ...rate, subscriptionPlanId: 4 }] }],
    ['country-rates', 'a free first half kilogram', { ...route, rates: [{ ...rate, firstHalfKg: 0 }] }],
    ['country-rates', 'another currency', { ...route, rates: [{ ...rate, currency: 'EUR' }] }],
  ];

  it.each(cases)('%s: %s', (name, _what, data) => {
    const defined = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
    expect(decapProblems(frontmatterFields(name), defined)).not.toEqual([]);
    const schema = MARKDOWN_COLLECTIONS.find((c) => c.name === name)!.schema;
    expect(schema.safeParse(defined).success).toBe(false);
  });

  it.each(dataCases)('%s: %s', (name, _what, item) => {
    expect(decapProblems(itemFields(name), item)).not.toEqual([]);
    const schema = name === 'shops' ? shopsSchema : countryRatesSchema;
    expect(schema.safeParse([item]).success).toBe(false);
  });

  it('accepts what the schemas accept', () => {
    const arabicOnly = { ...shop, descriptionAr: 'متجر' };
    expect(decapProblems(itemFields('shops'), arabicOnly)).toEqual([]);
    expect(shopsSchema.safeParse([arabicOnly]).success).toBe(true);
    const longest = { ...faq, slug: `${'a'.repeat(78)}-b` };
    expect(decapProblems(frontmatterFields('faqs'), longest)).toEqual([]);
    expect(bannerSchema.shape.slug.safeParse(longest.slug).success).toBe(true);
  });
});

describe("the editor's file formats", () => {
  it.each(DATA_FILES.map((f) => [f.name] as const))('%s.json: read and written back byte for byte', (name) => {
    const text = readFileSync(contentPath('data', `${name}.json`), 'utf8');
    const data = jsonList.fromFile(text);
    expect(Object.keys(data)).toEqual([jsonList.JSON_LIST_FIELD]);
    expect(jsonList.toFile(data)).toBe(text);
  });

  it('writes a new list item’s keys in the order of its neighbours', () => {
    const text = jsonList.toFile({
      items: [
        { id: 1, name: 'A' },
        { name: 'B', id: 2 },
      ],
    });
    expect(text).toBe('[\n  {\n    "id": 1,\n    "name": "A"\n  },\n  {\n    "id": 2,\n    "name": "B"\n  }\n]\n');
    expect(() => jsonList.fromFile('{"a": 1}')).toThrow(/list/);
  });

  it('reads and writes back every Markdown file byte for byte', () => {
    for (const collection of MARKDOWN_COLLECTIONS) {
      const order = folderCollection(collection.name).fields.map((field) => field.name);
      for (const file of markdownFiles(collection.name)) {
        const text = readFileSync(file, 'utf8');
        const data = markdown.fromFile(text);
        expect(data, file).toMatchObject(frontmatterOf(file));
        expect(markdown.toFile(data, order), file).toBe(text);
      }
    }
  });

  it('writes fields in the editor’s order, one line each, with a blank line before the body', () => {
    const text = markdown.toFile(
      {
        body: 'First line.\n\n',
        updated: '2026-12-01',
        subject: 'Resolved: a question',
        summary: 'A long summary '.repeat(10).trim(),
        id: 301,
      },
      ['id', 'subject', 'summary', 'updated', 'body'],
    );
    expect(text).toBe(
      `---\nid: 301\nsubject: 'Resolved: a question'\nsummary: ${'A long summary '.repeat(10).trim()}\nupdated: 2026-12-01\n---\n\nFirst line.\n`,
    );
  });
});

describe('the editor in the browser', () => {
  it('writes a text in the direction of its first letter', () => {
    expect(textDirection('متجر إلكتروني')).toBe('rtl');
    expect(textDirection('2026: سوق')).toBe('rtl');
    expect(textDirection('Shop مع')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });

  it('asks for a publish and follows it until it is published', async () => {
    const answers: PublishStatus['state'][] = ['checking', 'building', 'building', 'published'];
    const requests: string[] = [];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      requests.push(`${init?.method} ${String(init?.body ?? '')}`);
      const state = answers.shift() ?? 'published';
      return new Response(JSON.stringify({ state, startedAt: null, finishedAt: null, problems: [], log: '' }));
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      const publishing = createPublishing('/admin/publish', async () => undefined);
      const seen: string[] = [];
      publishing.subscribe(() => {
        const view = publishing.view();
        seen.push(view.phase === 'status' ? view.status.state : view.phase);
      });
      await publishing.publish();
      expect(requests).toEqual(['POST {}', 'GET ', 'GET ', 'GET ']);
      expect(seen).toEqual(['checking', 'building', 'building', 'published']);
      expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Content-Type': 'application/json' });

      fetchMock.mockImplementation(async () => new Response('', { status: 503 }));
      await publishing.publish();
      expect(publishing.view()).toEqual({ phase: 'unreachable' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
