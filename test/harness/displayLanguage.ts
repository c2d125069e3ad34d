// VS Code in another display language, offline. code-server's `--locale fr` alone leaves
// vscode.env.language at "en": VS Code takes a language only when a language pack for it is
// installed (its server reads languagepacks.json in the user data folder, and falls back to English
// without an entry). The packs come from the Marketplace, out of reach here, so this writes a stub
// one: the language is registered with no translation of VS Code's own words (its menus stay
// English) and the extensions' words in that language (package.nls.<lang>.json, l10n bundles,
// the panel) are what shows.
//
// A running code-server can change language too: it reads the `locale` of User/argv.json (what
// VS Code's Configure Display Language writes) each time it serves the workbench, so writing it
// and reloading the window is a fresh workbench in that language, with no restart
// (setDisplayLanguage; the integration harness's language passes).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLanguageTag } from '../../src/shared/l10n';

export { isLanguageTag };

/** Registers a stub language pack for `locale` in `userDataDir` (kept alongside any other). */
export function registerStubLanguagePack(userDataDir: string, locale: string): void {
  if (!isLanguageTag(locale)) throw new Error(`not a language tag: ${locale}`);
  const language = locale.toLowerCase();
  const dir = join(userDataDir, 'stub-language-packs', language);
  mkdirSync(dir, { recursive: true });
  const translations = join(dir, 'main.i18n.json');
  writeFileSync(translations, `${JSON.stringify({ version: '1.0.0', contents: {} })}\n`);
  const index = join(userDataDir, 'languagepacks.json');
  const packs = existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as Record<string, unknown>) : {};
  packs[language] = {
    hash: `stub-${language}`,
    extensions: [{ extensionIdentifier: { id: `lesson-agent-test.stub-language-pack-${language}` }, version: '1.0.0' }],
    translations: { vscode: translations },
    label: language,
  };
  writeFileSync(index, `${JSON.stringify(packs, null, 2)}\n`);
}

/**
 * Makes `locale` the display language of the next workbench a running code-server serves: a stub
 * pack for it, and `locale` in User/argv.json (the file's other keys kept).
 */
export function setDisplayLanguage(userDataDir: string, locale: string): void {
  registerStubLanguagePack(userDataDir, locale);
  const dir = join(userDataDir, 'User');
  mkdirSync(dir, { recursive: true });
  const argv = join(dir, 'argv.json');
  // VS Code writes argv.json as JSON with comments; the harness's own copy is plain JSON.
  const current = existsSync(argv) ? (JSON.parse(readFileSync(argv, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(argv, `${JSON.stringify({ ...current, locale: locale.toLowerCase() }, null, 2)}\n`);
}
