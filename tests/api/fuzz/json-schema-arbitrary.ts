/**
 * fast-check arbitraries from JSON Schema (draft 2020-12, as zod's `z.toJSONSchema` writes it for the calls'
 * declarations): values a schema accepts, and values that break one of its rules. Only the keywords the contract's
 * schemas use are read (tests/api/fuzz-contract.test.ts lists them); an unknown keyword fails loudly, so a new kind
 * of schema can't be fuzzed with values that ignore it.
 */
import fc from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
  $schema?: string;
}

/** The keywords this file understands; anything else in a schema is an error (see the file's comment). */
export const KNOWN_KEYWORDS = new Set<string>([
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  'description',
  '$schema',
]);

function checkKeywords(schema: JsonSchema): void {
  const unknown = Object.keys(schema).filter((k) => !KNOWN_KEYWORDS.has(k));
  if (unknown.length > 0) throw new Error(`JSON Schema keyword(s) not understood: ${unknown.join(', ')}`);
}

/** Arrays longer than this are not drawn (unless a schema asks for more): the calls take short lists. */
const MAX_DRAWN_ITEMS = 4;

/** Text of every kind: plain ASCII mostly, and any Unicode (Arabic, emoji, lone surrogates) now and then. */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const size = { minLength, maxLength: Math.min(maxLength, minLength + 40) };
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ ...size, unit: 'grapheme-ascii' }) },
      { weight: 1, arbitrary: fc.string({ ...size, unit: 'grapheme' }) },
      { weight: 1, arbitrary: fc.string({ ...size, unit: 'binary' }) },
    )
    .filter((s) => s.length >= minLength && s.length <= maxLength);
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  uri: fc.webUrl(),
  email: fc.emailAddress(),
  date: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  const formatted = schema.format ? FORMATS[schema.format] : undefined;
  if (formatted) {
    return (schema.pattern ? formatted.filter((s) => new RegExp(schema.pattern ?? '').test(s)) : formatted).filter(
      fits,
    );
  }
  if (schema.pattern === z.regexes.email.source) {
    return fc.emailAddress().filter((s) => fits(s) && z.regexes.email.test(s));
  }
  if (schema.pattern) {
    // zod writes a pattern with its flags dropped; the calls' patterns are case-sensitive or spell out both cases.
    return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' }).filter(fits);
  }
  return text(minLength, maxLength);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (integer) {
    const min = Math.max(
      Number.MIN_SAFE_INTEGER,
      schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000_000 : Math.floor(schema.exclusiveMinimum) + 1),
    );
    const max = Math.min(
      Number.MAX_SAFE_INTEGER,
      schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000_000 : Math.ceil(schema.exclusiveMaximum) - 1),
    );
    // Small numbers are the ones ids and counts take: draw them more often.
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc.integer({ min: Math.max(min, Math.min(max, 0)), max: Math.min(max, Math.max(min, 20)) }),
      },
      { weight: 1, arbitrary: fc.integer({ min, max }) },
    );
  }
  return fc.double({
    min: schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000,
    max: schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000,
    minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
    maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * Values of the kind a customer types, for fields whose rules JSON Schema can't carry (zod refinements: a strong
 * password, a phone number, an adult's birth date; a pipe's rules, which the schema as sent leaves out), drawn as
 * often as the schema's own.
 */
const FIELD_HINTS: Record<string, fc.Arbitrary<unknown>> = {
  // A pipe's address as sent is any text; the demo customer's makes a login or a reset reach its account.
  '^email$': fc.oneof(fc.constant('demo@example.com'), fc.emailAddress()),
  // Strong, and never the demo customer's (Demo!2345): a drawn change of password never knows the current one.
  password: fc.constant('Fuzz!2345a'),
  'mobile|phone': fc.constantFrom('+962791234567', '+971501234567', '962791234567'),
  birthDate: fc.constantFrom('1990-05-01', '1985-12-31'),
  '^(first|last)Name$': fc.constantFrom('Sara', 'Omar', 'سارة', "O'Neil"),
};

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames ? (valid(schema.propertyNames) as fc.Arbitrary<string>) : text(1, 20);
    return fc.dictionary(keys, valid(schema.additionalProperties), { maxKeys: MAX_DRAWN_ITEMS });
  }
  const shape = Object.fromEntries(
    names.map((name) => {
      const drawn = valid(properties[name] ?? {});
      const hint = Object.entries(FIELD_HINTS).find(([pattern]) => new RegExp(pattern, 'i').test(name))?.[1];
      return [name, hint ? fc.oneof(drawn, hint) : drawn];
    }),
  );
  return fc.record(shape, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values the schema accepts (as far as JSON Schema can say: zod's refinements are not in it). */
export function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  checkKeywords(schema);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map(valid));
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(schema);
        case 'integer':
          return numberArbitrary(schema, true);
        case 'number':
          return numberArbitrary(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(valid(schema.items ?? {}), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_DRAWN_ITEMS, MAX_DRAWN_ITEMS)),
          });
        case 'object':
          return objectArbitrary(schema);
        default:
          throw new Error(`JSON Schema type not understood: ${type}`);
      }
    }),
  );
}

/**
 * Values that break a rule of the schema: the wrong type, past a bound, outside a choice or pattern, or a value
 * PostgreSQL can't store. The list is finite and chosen per schema, so a failure shrinks to one of them.
 */
export function invalidValues(schema: JsonSchema): unknown[] {
  checkKeywords(schema);
  const found: unknown[] = [];
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  if ('const' in schema || schema.enum) found.push('not-one-of-the-choices', 12345, null);
  if (types.includes('string')) {
    found.push(7, true, ['a'], { a: 1 });
    if (schema.maxLength !== undefined) found.push('x'.repeat(schema.maxLength + 1));
    else found.push('x'.repeat(5_000));
    if (schema.minLength) found.push('x'.repeat(schema.minLength - 1));
    if (schema.pattern || schema.format) found.push("' OR 1=1 --", '../../etc/passwd', '١٢٣');
    found.push('a\u0000b', '\uD800');
  }
  if (types.includes('integer') || types.includes('number')) {
    found.push('12', 'x', true, [1], 1e308, -1e308);
    if (types.includes('integer')) found.push(1.5, 2 ** 31, -(2 ** 31) - 1);
    if (schema.minimum !== undefined) found.push(schema.minimum - 1);
    if (schema.exclusiveMinimum !== undefined) found.push(schema.exclusiveMinimum);
    if (schema.maximum !== undefined) found.push(schema.maximum + 1);
    if (schema.exclusiveMaximum !== undefined) found.push(schema.exclusiveMaximum);
  }
  if (types.includes('boolean')) found.push('true', 1, null);
  if (types.includes('array')) {
    found.push({}, 'a', [{ a: { b: { c: [] } } }]);
    if (schema.maxItems !== undefined) found.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
    if (schema.minItems) found.push([]);
  }
  if (types.includes('object')) found.push('a', [], 0);
  // A schema of no type (any value) has no value that breaks it, beyond what the database can't store.
  if (types.length > 0 && !types.includes('null')) found.push(null);
  return found;
}

/** The values of a path or query parameter as they arrive: always text. */
export function invalidTexts(schema: JsonSchema): string[] {
  const texts = invalidValues(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return [...new Set([...texts, '', ' ', '-1', '1e309', 'NaN', '%', '\u0000', "'", '..', 'x'.repeat(5_000)])];
}
