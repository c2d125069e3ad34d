// The integration run's language passes: which passes a grep asks for, and what the harness writes
// so that the next load of the workbench is in another display language.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setDisplayLanguage } from '../../harness/displayLanguage';
import { DISPLAY_LANGUAGES, languageMarker, passesFor } from '../../integration/displayLanguages';

describe('display-language passes', () => {
  it('runs the English passes and every language without a grep', () => {
    assert.deepEqual(passesFor(''), { english: true, languages: [...DISPLAY_LANGUAGES] });
  });

  it('runs only the language passes a grep names, and no English pass then', () => {
    assert.deepEqual(passesFor('display language'), { english: false, languages: ['fr', 'de', 'es'] });
    assert.deepEqual(passesFor('display language fr'), { english: false, languages: ['fr'] });
    assert.deepEqual(passesFor(`${languageMarker('de')} the panel`), { english: false, languages: ['de'] });
  });

  it('runs no language pass for a grep of English tests', () => {
    assert.deepEqual(passesFor('panel screenshots'), { english: true, languages: [] });
  });

  it("writes the language into argv.json, keeping its other keys, and registers a pack for it", () => {
    const userData = mkdtempSync(join(tmpdir(), 'display-language-'));
    try {
      mkdirSync(join(userData, 'User'));
      writeFileSync(join(userData, 'User', 'argv.json'), JSON.stringify({ 'enable-crash-reporter': false }));
      setDisplayLanguage(userData, 'fr');
      setDisplayLanguage(userData, 'DE');
      const argv = JSON.parse(readFileSync(join(userData, 'User', 'argv.json'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(argv, { 'enable-crash-reporter': false, locale: 'de' });
      const packs = JSON.parse(readFileSync(join(userData, 'languagepacks.json'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(packs).sort(), ['de', 'fr']);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
