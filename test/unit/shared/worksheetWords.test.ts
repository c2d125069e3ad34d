// Which words a lesson's language gets: its own for French, German and Spanish (a region ignored),
// English for any other tag, including ones that name an object's own properties.
import * as assert from 'node:assert/strict';
import { bundleFor, en as chatEn } from '../../../webview-ui/src/l10n';
import { previewBundleFor, en as previewEn } from '../../../webview-ui/src/preview/previewL10n';
import { typeLabel, worksheetWords } from '../../../src/shared/worksheetWords';

const ODD = ['constructor', '__proto__', 'toString', 'hasOwnProperty', '', 'x-klingon'];

describe("a language's words", () => {
  it('takes the language of a tag, whatever its region or case', () => {
    assert.equal(worksheetWords('fr-CA').name, 'Nom :');
    assert.equal(worksheetWords('DE_at').date, 'Datum:');
    assert.equal(worksheetWords(' es ').exercise, 'Ejercicio {0}');
    assert.equal(typeLabel('sequencing', 'fr'), 'Remise en ordre');
    assert.equal(typeLabel('sequencing', 'en'), 'Put in order');
    assert.equal(bundleFor('fr-ca').send, bundleFor('fr').send);
    assert.notEqual(bundleFor('fr').send, chatEn.send);
  });

  it('falls back to English for any other tag, even one named like a property of every object', () => {
    for (const tag of ODD) {
      assert.equal(worksheetWords(tag).name, 'Name:', tag);
      assert.equal(typeLabel(tag, 'fr'), tag, `an unknown type "${tag}" is shown as written`);
      assert.equal(typeLabel('writing', tag), 'Writing', tag);
      assert.equal(bundleFor(tag), chatEn, tag);
      assert.equal(previewBundleFor(tag), previewEn, tag);
    }
  });
});
