// Noting a lesson's language in it (export asks once when the lesson does not say): ` lang="xx"`
// goes into the root element's start tag and nowhere else, the lesson stays valid and reads as
// that language, and a lesson that already says one, or is not a lesson, is left alone.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageInsert, type TextInsert } from '../../../../src/core/lesson/lessonLanguage';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import { validateLesson } from '../../../../src/core/lesson/validate';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

function apply(text: string, insert: TextInsert | undefined): string {
  assert.ok(insert, 'an insertion');
  return text.slice(0, insert.offset) + insert.text + text.slice(insert.offset);
}

const LESSON = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!-- not <lesson here> -->',
  '<lesson title="Le temps" level="A2">',
  '  <h1>Quel temps fait-il ?</h1>',
  '</lesson>',
  '',
].join('\n');

describe('noting a lesson\'s language in it', () => {
  it('puts lang into the start tag, past the prolog and a comment that mentions <lesson', () => {
    const after = apply(LESSON, languageInsert(LESSON, 'fr'));
    assert.equal(after, LESSON.replace('<lesson title', '<lesson lang="fr" title'));
    const view = buildLessonView(after);
    assert.ok(view.ok);
    assert.equal(view.lesson.lang, 'fr');
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
  });

  it('counts the offset in the text as given, a byte order mark included', () => {
    const text = `\ufeff${LESSON}`;
    assert.equal(apply(text, languageInsert(text, 'de')), `\ufeff${LESSON.replace('<lesson title', '<lesson lang="de" title')}`);
  });

  it('leaves a lesson that says its language alone, and a sample that does', () => {
    assert.equal(languageInsert(LESSON.replace('<lesson title', '<lesson lang="es" title'), 'fr'), undefined);
    const sample = readFileSync(join(ROOT, 'samples', 'french-verbs.lesson.xml'), 'utf8');
    assert.equal(languageInsert(sample, 'en'), undefined);
  });

  it('refuses what is not a language tag, a document that is not a lesson, and broken XML', () => {
    assert.equal(languageInsert(LESSON, 'fr" onload="x'), undefined);
    assert.equal(languageInsert('<notes>\n</notes>\n', 'fr'), undefined);
    assert.equal(languageInsert('<lesson title="x">\n<h1>x</h1>\n', 'fr'), undefined);
  });
});
