// The core's words go through one translator: English (placeholders filled) until the extension
// hands in VS Code's, then that one.
import * as assert from 'node:assert/strict';
import { fillIn, l10n, setTranslator } from '../../../src/shared/l10n';

describe('the core\'s words for teachers', () => {
  afterEach(() => setTranslator(fillIn));

  it('are English with their placeholders filled until a translator is set', () => {
    assert.equal(l10n.t('Exported {0} in {1}.', 'a.html', 'Documents'), 'Exported a.html in Documents.');
    assert.equal(l10n.t('{1} before {0}, {2} left as is', 'x', 2), '2 before x, {2} left as is');
  });

  it("are the translator's once it is set, with the English as the key", () => {
    const asked: unknown[][] = [];
    setTranslator((message, ...args) => {
      asked.push([message, ...args]);
      return fillIn(message === 'Stopped.' ? 'Arrêté.' : message, ...args);
    });
    assert.equal(l10n.t('Stopped.'), 'Arrêté.');
    assert.equal(l10n.t('Saved {0}.', 'x'), 'Saved x.');
    assert.deepEqual(asked, [['Stopped.'], ['Saved {0}.', 'x']]);
  });
});
