// VS Code in another display language, offline. code-server's `--locale fr` alone leaves
// vscode.env.language at "en": VS Code takes a language only when a language pack for it is
// installed (its server reads languagepacks.json in the user data folder, and falls back to English
// without an entry). The packs come from the Marketplace, out of reach here, so this writes a stub
// one: the language is registered with no translation of VS Code's own words (its menus stay
// English) and the extensions' words in that language (package.nls.<lang>.json, l10n bundles,
// the panel) are what shows.
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
