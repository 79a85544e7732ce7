/**
 * The browser's copy of the API's declarations (docs/decisions/028): `call()` reads a declaration's method, path,
 * body kind and answer, and nothing else. Everything that only the server and the API's description read (the
 * summary and description, the tag, the error codes, the aliases, the headers, the path and query schemas, the
 * status, the access rules) is left out of the pages' bundles, and with it the schemas only it referred to. The
 * server and the OpenAPI document read the contract files as they are.
 */
import { parse } from 'acorn';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import type { EndpointSpec } from '../src/lib/api/endpoint.ts';

/** The properties of a declaration the browser never reads. */
export const SERVER_ONLY: ReadonlySet<string> = new Set([
  'summary',
  'description',
  'tag',
  'errors',
  'aliases',
  'requestHeaders',
  'answerHeaders',
  'params',
  'query',
  'status',
  'auth',
  'ownerBy',
] as const satisfies readonly (keyof EndpointSpec)[]);

/** The contract files whose declarations are trimmed. */
export const CONTRACT_FILE = /\/src\/lib\/api\/[^/]+\/contract\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.filter(isNode).forEach((child) => walk(child, visit));
    else if (isNode(value)) walk(value, visit);
  }
}

const keyName = (property: Node): string | undefined => {
  const key = property.key as Node | undefined;
  if (!key || property.computed) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : typeof key.value === 'string' ? key.value : undefined;
};

/**
 * The module's code with the server-only properties of every `endpoint({...})` left out, and of every object a
 * declaration spreads in (`endpoint({ ...tokenCall, path })`); null when it declares nothing.
 */
export function browserDeclarations(
  code: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node;
  const declarations: Node[] = [];
  const spread = new Set<string>();
  walk(program, (node) => {
    const callee = node.callee as Node | undefined;
    const [spec] = (node.arguments as Node[] | undefined) ?? [];
    if (node.type !== 'CallExpression' || callee?.type !== 'Identifier' || callee.name !== 'endpoint') return;
    if (spec?.type !== 'ObjectExpression') return;
    declarations.push(spec);
    for (const property of spec.properties as Node[]) {
      const argument = property.argument as Node | undefined;
      if (property.type === 'SpreadElement' && argument?.type === 'Identifier') spread.add(argument.name as string);
    }
  });
  if (declarations.length === 0) return null;
  walk(program, (node) => {
    const id = node.id as Node | undefined;
    const init = node.init as Node | undefined;
    if (node.type === 'VariableDeclarator' && id?.type === 'Identifier' && spread.has(id.name as string)) {
      if (init?.type === 'ObjectExpression') declarations.push(init);
    }
  });

  const out = new MagicString(code);
  for (const object of declarations) {
    for (const property of object.properties as Node[]) {
      const name = property.type === 'Property' ? keyName(property) : undefined;
      if (!name || !SERVER_ONLY.has(name)) continue;
      const comma = /^\s*,/.exec(code.slice(property.end));
      out.remove(property.start, property.end + (comma?.[0].length ?? 0));
    }
  }
  return { code: out.toString(), map: out.generateMap({ hires: true }) };
}

/** The Vite plugin: the trimming above, in the browser's build only (server-rendered pages keep it all). */
export function browserDeclarationsPlugin(): Plugin {
  return {
    name: 'browser-declarations',
    // After TypeScript is stripped: the code is JavaScript that acorn reads.
    enforce: 'post',
    transform(code, id, options) {
      if (options?.ssr || !CONTRACT_FILE.test(id.split('?')[0] ?? '')) return null;
      return browserDeclarations(code);
    },
  };
}
