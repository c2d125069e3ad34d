// Every translation says everything the English says, with the same placeholders: the extension's
// manifest words (package.nls.<lang>.json), the host's messages (l10n/bundle.l10n.<lang>.json,
// keyed by the English text of each vscode.l10n.t call, read from the source with TypeScript's own
// parser), the chat panel's and the preview's bundles. Every language is in all four.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { BUNDLES as CHAT, en as chatEn } from '../../../webview-ui/src/l10n';
import { BUNDLES as PREVIEW, en as previewEn } from '../../../webview-ui/src/preview/previewL10n';

// The tests run from the repository's root (package.json's test:unit).
const root = process.cwd();

function placeholders(text: string): string {
  return [...new Set(text.match(/\{\d+\}/g) ?? [])].sort().join(' ');
}

function readJson(path: string): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** Files named `<prefix><lang>.json` in `dir`, by language. */
function languagesOf(dir: string, prefix: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const m = new RegExp(`^${prefix.replace(/\./g, '\\.')}([a-z]{2,3}(?:-[a-z0-9]+)*)\\.json$`).exec(name);
    if (m?.[1]) found.set(m[1], join(dir, name));
  }
  return found;
}

/** The English text of every vscode.l10n.t call under src, from the TypeScript syntax tree; calls whose first argument is not a literal too. */
function hostMessages(): { keys: Set<string>; nonLiteral: string[] } {
  const keys = new Set<string>();
  const nonLiteral: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
        const visit = (node: ts.Node): void => {
          // The translator handed to the core (src/shared/l10n.ts) forwards what it is given.
          if (ts.isCallExpression(node) && node.expression.getText(source) === 'setTranslator') return;
          // l10n.both is l10n.t for a message the model reads in English too.
          if (ts.isCallExpression(node) && /l10n\.(?:t|both)$/.test(node.expression.getText(source).replace(/\s/g, ''))) {
            const first = node.arguments[0];
            if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) keys.add(first.text);
            else nonLiteral.push(`${path.slice(root.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
      }
    }
  };
  walk(join(root, 'src'));
  return { keys, nonLiteral };
}

function sameEntries(label: string, english: Record<string, string>, translated: Record<string, string>): void {
  assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort(), `${label}: the same keys as the English`);
  for (const [key, text] of Object.entries(english)) {
    const other = translated[key] ?? '';
    assert.equal(placeholders(other), placeholders(text), `${label} "${key}": the same placeholders as "${text}"`);
    assert.ok(other.trim().length > 0, `${label} "${key}" is translated`);
  }
}

describe('translations: every bundle has every key, with the same placeholders', () => {
  const manifests = languagesOf(root, 'package.nls.');
  const hostBundles = languagesOf(join(root, 'l10n'), 'bundle.l10n.');

  it('reads every host message from the source as a literal (a built-up string could not be translated)', () => {
    const { keys, nonLiteral } = hostMessages();
    assert.deepEqual(nonLiteral, []);
    assert.ok(keys.size > 20, `the host's messages were found (${keys.size})`);
  });

  it('has each language everywhere: the manifest, the host, the panel and the preview', () => {
    const languages = [...manifests.keys()].sort();
    assert.ok(languages.length > 0, 'at least one translation');
    assert.deepEqual([...hostBundles.keys()].sort(), languages, 'host bundles');
    assert.deepEqual(Object.keys(CHAT).filter((l) => l !== 'en').sort(), languages, 'chat panel bundles');
    assert.deepEqual(Object.keys(PREVIEW).filter((l) => l !== 'en').sort(), languages, 'preview bundles');
  });

  it('translates the manifest (commands, settings, walkthrough) key for key', () => {
    const english = readJson(join(root, 'package.nls.json'));
    for (const [language, path] of manifests) sameEntries(`package.nls.${language}.json`, english, readJson(path));
  });

  it("translates every host message, keyed by the source's English", () => {
    const english = Object.fromEntries([...hostMessages().keys].map((k) => [k, k]));
    for (const [language, path] of hostBundles) sameEntries(`bundle.l10n.${language}.json`, english, readJson(path));
  });

  it("translates the panel's and the preview's words with the same placeholders", () => {
    for (const [language, bundle] of Object.entries(CHAT)) sameEntries(`chat ${language}`, chatEn, bundle);
    for (const [language, bundle] of Object.entries(PREVIEW)) sameEntries(`preview ${language}`, previewEn, bundle);
  });
});
