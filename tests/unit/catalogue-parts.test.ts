/**
 * The catalogue reaches the browser in parts (src/i18n/catalogue-parts.ts, docs/decisions/025): the parts split
 * each language's catalogue without loss, `mail.` keys never reach a browser, and every island that can show a
 * feature part's keys loads that part (an island that forgot would show raw keys).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import {
  BROWSER_PARTS,
  cataloguePart,
  featurePartsOf,
  partOfKey,
  type FeaturePart,
} from '../../src/i18n/catalogue-parts.ts';

const root = join(import.meta.dirname, '../..');
/** Every key (both languages have the same). */
const KEYS = new Set(Object.keys(catalogues.en));

describe('catalogue parts', () => {
  it('split each language into its core, feature and server-only keys, each key in exactly one', () => {
    for (const lang of LANGUAGES) {
      const whole = catalogues[lang];
      const browser = BROWSER_PARTS.map((part) => cataloguePart(whole, part));
      const keys = browser.flatMap((part) => Object.keys(part));
      expect(new Set(keys).size, lang).toBe(keys.length);
      const serverOnly = Object.keys(whole).filter((key) => partOfKey(key) === 'server');
      expect([...keys, ...serverOnly].sort(), lang).toEqual(Object.keys(whole).sort());
      // Each part is in use, and the server's e-mails stay on the server.
      for (const part of browser) expect(Object.keys(part).length, lang).toBeGreaterThan(0);
      expect(serverOnly.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.startsWith('mail.'))).toEqual([]);
    }
  });

  it('assign keys by prefix, the core taking what no feature claims', () => {
    expect(partOfKey('directions.errors.tooFar')).toBe('directions');
    expect(partOfKey('checkout.payNow')).toBe('payments');
    expect(partOfKey('wallet.balance')).toBe('wallet');
    expect(partOfKey('membership.upgrade')).toBe('membership');
    expect(partOfKey('gateway.declined')).toBe('gateway');
    expect(partOfKey('mail.activation.subject')).toBe('server');
    expect(partOfKey('footer.copyright')).toBe('server');
    expect(partOfKey('tracking.heading')).toBe('tracking');
    expect(partOfKey('request.submit')).toBe('requests');
    expect(partOfKey('errors.network')).toBe('core');
    // A prefix is a whole namespace, not the start of another word.
    expect(partOfKey('walletNotice')).toBe('core');
    expect(featurePartsOf(['errors.network', 'wallet.cardAdded', 'checkout.paid'])).toEqual(['payments', 'wallet']);
    expect(featurePartsOf(['notifications.saved'])).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Every island names the parts it shows.

interface SourceFacts {
  /** Files it imports at run time (type-only imports carry no keys). */
  imports: string[];
  /** Files it imports when needed (`import()`, React.lazy). */
  lazyImports: string[];
  /** The feature parts named by each `useTranslator(lang, …parts)` call in it. */
  translatorParts: FeaturePart[][];
  /** Feature parts (or 'server', for server-only keys) whose keys appear in it as string or template literals. */
  keyParts: (FeaturePart | 'server')[];
}

function factsOf(file: string): SourceFacts {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: string[] = [];
  const lazyImports: string[] = [];
  const translatorParts: FeaturePart[][] = [];
  const keyParts = new Set<FeaturePart | 'server'>();
  const addImport = (specifier: string, into = imports) => {
    if (specifier.startsWith('.')) into.push(resolve(dirname(file), specifier));
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) addImport(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) {
        addImport(first.text, lazyImports);
      }
      if (ts.isIdentifier(node.expression) && node.expression.text === 'useTranslator') {
        translatorParts.push(
          node.arguments.slice(1).map((arg) => {
            if (!ts.isStringLiteral(arg)) throw new Error(`${file}: name useTranslator's parts literally`);
            return arg.text as FeaturePart;
          }),
        );
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      // A key, or the start of keys written with a template or joined on (`return.step.${step}`, 'return.step.').
      const whole = !ts.isTemplateHead(node) && !node.text.endsWith('.');
      const isKey = whole ? KEYS.has(node.text) : [...KEYS].some((key) => key.startsWith(node.text));
      const part = isKey ? partOfKey(node.text) : 'core';
      if (part !== 'core') keyParts.add(part);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, lazyImports, translatorParts, keyParts: [...keyParts] };
}

const islandFiles = readdirSync(join(root, 'src/islands'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => join(root, 'src/islands', f));

const facts = new Map<string, SourceFacts>();
const factsFor = (file: string): SourceFacts | undefined => {
  if (!/\.tsx?$/.test(file) || !file.startsWith(join(root, 'src'))) return undefined;
  let found = facts.get(file);
  if (!found) {
    found = factsOf(file);
    facts.set(file, found);
  }
  return found;
};

/**
 * The feature parts whose keys a file and everything it imports can show. A part of an island loaded when needed
 * that loads its own translator (a dialog) is checked as an island of its own.
 */
function partsShownFrom(file: string): Map<FeaturePart | 'server', string> {
  const shown = new Map<FeaturePart | 'server', string>();
  const seen = new Set<string>();
  const walk = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const fileFacts = factsFor(current);
    if (!fileFacts) return;
    for (const part of fileFacts.keyParts) if (!shown.has(part)) shown.set(part, relative(root, current));
    fileFacts.imports.forEach(walk);
    fileFacts.lazyImports.filter((lazy) => !factsFor(lazy)?.translatorParts.length).forEach(walk);
  };
  walk(file);
  return shown;
}

describe('islands and the catalogue parts', () => {
  const roots = islandFiles.filter((file) => (factsFor(file)?.translatorParts.length ?? 0) > 0);

  it('finds the islands that load a translator', () => {
    expect(roots.length).toBeGreaterThan(20);
    expect(roots.map((file) => relative(root, file))).toContain('src/islands/ui/checkout/Checkout.tsx');
  });

  it('every island loads each feature part whose keys it (or anything it imports) can show, and no server-only key', () => {
    const missing: string[] = [];
    for (const file of roots) {
      const shown = partsShownFrom(file);
      for (const parts of factsFor(file)!.translatorParts) {
        for (const [part, where] of shown) {
          if (part === 'server') {
            missing.push(`${relative(root, file)} shows server-only keys (${where}), which no browser loads`);
          } else if (!parts.includes(part)) {
            missing.push(`${relative(root, file)} shows ${part} keys (${where}) without loading that part`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('sees a key of a feature part wherever it is written', () => {
    const checkout = partsShownFrom(join(root, 'src/islands/ui/checkout/Checkout.tsx'));
    expect(checkout.has('payments')).toBe(true);
    // The locator's directions, loaded when their tab opens, load their part themselves.
    const locator = partsShownFrom(join(root, 'src/islands/office-locator/OfficeLocatorPage.tsx'));
    expect(locator.has('directions')).toBe(false);
    expect(partsShownFrom(join(root, 'src/islands/office-locator/Directions.tsx')).has('directions')).toBe(true);
    // The three-word picker, loaded when opened, loads the part of its map's messages itself.
    expect(partsShownFrom(join(root, 'src/islands/ui/three-words/ThreeWordPicker.tsx')).has('places')).toBe(true);
    expect(partsShownFrom(join(root, 'src/islands/profile/EditProfilePage.tsx')).has('places')).toBe(false);
    // The login page shows its own parts only: what it shares with the signup and password pages, and its steps.
    expect([...partsShownFrom(join(root, 'src/islands/auth/LoginPage.tsx')).keys()].sort()).toEqual([
      'auth',
      'loginSteps',
    ]);
  });
});
