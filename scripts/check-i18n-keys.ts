/**
 * Unused translation keys: every key of the reference catalog (ko) must be reachable from the
 * source. A key counts as used when the source holds it as a string (`'filter.title'`,
 * `'search:filter.title'`, `'find.filter.title'`, or, for `errors`, the bare code), when a
 * template literal matches it (`sort.${s}` covers every `sort.*` key), or when one of its
 * parents is used (a subtree read whole, e.g. with `returnObjects`), or when a property chain
 * reads it (`catalogs[language].mail.passwordReset.subject`). Plural forms (`_one`,
 * `_other`) count as their base key. Exits 1 and lists the keys nothing reaches.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { catalogs } from '../packages/i18n/src/catalog.js';
import { repoRoot } from './lib.js';

const sourceRoots = [
  'apps/web/src',
  'services/server/src',
  'services/ml/src',
  'packages/contracts/src',
  'packages/i18n/src',
  'e2e',
];
const skipped = /(^|\/)(node_modules|locales|dist)(\/|$)|\.test\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (skipped.test(relative(repoRoot, path))) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const literals = new Set<string>();
const patterns: RegExp[] = [];
/** Property chains (`texts.passwordReset.subject`; `*` for `[expr]`): catalogs read as objects. */
const chains: string[][] = [];

function chainOf(node: ts.Expression): string[] {
  if (ts.isPropertyAccessExpression(node)) return [...chainOf(node.expression), node.name.text];
  if (ts.isElementAccessExpression(node)) {
    const arg = node.argumentExpression;
    const name = ts.isStringLiteralLike(arg) ? arg.text : '*';
    return [...chainOf(node.expression), name];
  }
  return [];
}

function isOuterAccess(node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  return !(
    parent &&
    (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
    parent.expression === node
  );
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function collect(node: ts.Node): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    literals.add(node.text);
  } else if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    // Only key-shaped templates (`sort.${s}`, `${doc}.intro`): letters, digits, `_ . : -`,
    // with a separator, so `${a}${b}` or a URL does not stand for every key.
    const text = parts.join('');
    if (/^[\w.:-]+$/.test(text) && /[A-Za-z]/.test(text) && /[.:]/.test(text)) {
      patterns.push(new RegExp(`^${parts.map(escape).join('[\\w-]+')}$`));
    }
  }
  if (
    (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
    isOuterAccess(node)
  ) {
    chains.push(chainOf(node));
  }
  ts.forEachChild(node, collect);
}

for (const root of sourceRoots) {
  for (const file of sourceFiles(join(repoRoot, root))) {
    const text = readFileSync(file, 'utf8');
    collect(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
}

function keysOf(value: unknown, prefix: string): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A chain ends with `path` (`*` matches any one segment; at least one name must match). */
function endsWith(chain: string[], path: string[]): boolean {
  if (chain.length < path.length) return false;
  const tail = chain.slice(chain.length - path.length);
  return tail.every((name, i) => name === '*' || name === path[i]) && tail.some((n) => n !== '*');
}

function isUsed(namespace: string, key: string): boolean {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  const segments = base.split('.');
  for (let length = segments.length; length > 0; length -= 1) {
    const path = segments.slice(0, length).join('.');
    const spellings = [path, `${namespace}:${path}`, `${namespace}.${path}`];
    if (spellings.some((s) => literals.has(s))) return true;
    if (spellings.some((s) => patterns.some((pattern) => pattern.test(s)))) return true;
    const names = segments.slice(0, length);
    if (length === segments.length || length > 1 || uniqueNames.has(segments[0] ?? '')) {
      if (chains.some((chain) => endsWith(chain, names))) return true;
    }
  }
  return namespace === 'errors' && literals.has(base);
}

/** Top-level key names that occur once in the whole catalog: `texts.bookingConfirmed` is unambiguous. */
const nameCounts = new Map<string, number>();
for (const tree of Object.values(catalogs.ko)) {
  for (const key of keysOf(tree, '')) {
    for (const name of new Set(key.split('.')))
      nameCounts.set(name, (nameCounts.get(name) ?? 0) + 1);
  }
}
const uniqueNames = new Set(
  Object.values(catalogs.ko).flatMap((tree) =>
    Object.keys(tree as object).filter(
      (name) => nameCounts.get(name) === keysOf((tree as Record<string, unknown>)[name], '').length,
    ),
  ),
);

/**
 * Kept on purpose: LINK_FAILED is the spec's data-link failure message; the web's link sheet is
 * tested against it though no server path answers it today.
 */
const kept = new Set(['errors:LINK_FAILED']);

const unused = Object.entries(catalogs.ko).flatMap(([namespace, tree]) =>
  keysOf(tree, '')
    .filter((key) => !isUsed(namespace, key) && !kept.has(`${namespace}:${key}`))
    .map((key) => `${namespace}:${key}`),
);

if (unused.length > 0) {
  console.error(`✖ ${unused.length} translation keys are used nowhere in the source:`);
  for (const key of unused) console.error(`  ${key}`);
  process.exit(1);
}
console.log('✔ every translation key is used');
