// The lesson's CEFR level goes out in both formats and comes back in, and the teacher is told
// where it went: GIFT has no place for it (a comment Moodle skips), QTI keeps it in the package's
// LOM description (a CEFR classification), which not every platform shows.
import * as assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { exportLesson, importQuiz } from '../../../../src/core/exchange/exchange';
import { parseXmlTree } from '../../../../src/core/lesson/xmlTree';

const LESSON = `<lesson title="Weather" level="B1" lang="en-GB">
  <exercise id="tf" type="true-false"><statement answer="true" student-answer="">Rain is water.</statement></exercise>
</lesson>`;

function roundTrip(format: 'gift' | 'qti', xml: string) {
  const out = exportLesson(xml, format, 'weather.lesson.xml');
  assert.ok(out.ok);
  const back = importQuiz(out.data, format === 'gift' ? 'weather.gift.txt' : 'weather.qti.zip');
  assert.ok(back.ok, back.ok ? '' : back.message);
  return { out, back };
}

describe("the lesson's level through GIFT and QTI", () => {
  for (const format of ['gift', 'qti'] as const) {
    it(`${format}: the level and language come back; the export says where the level went`, () => {
      const { out, back } = roundTrip(format, LESSON);
      assert.match(back.xml, /<lesson title="Weather" level="B1" lang="en-GB">/);
      const said = out.notCarried.filter((n) => n.place === 'The lesson');
      assert.equal(said.length, 1);
      assert.match(said[0]?.message ?? '', format === 'gift' ? /Its level \(B1\) is written in the file as a comment, which Moodle does not import/ : /Its level \(B1\) is in the package's description/);
    });

    it(`${format}: a lesson without a level says nothing about it`, () => {
      const { out, back } = roundTrip(format, LESSON.replace(' level="B1"', ''));
      assert.equal(out.notCarried.filter((n) => n.place === 'The lesson').length, 0);
      assert.doesNotMatch(back.xml, /<lesson[^>]* level=/);
    });
  }

  it('QTI: the level is a LOM classification of the package, in well-formed XML', () => {
    const out = exportLesson(LESSON, 'qti', 'weather.lesson.xml');
    assert.ok(out.ok);
    const manifest = new TextDecoder().decode(unzipSync(out.data)['imsmanifest.xml']);
    assert.ok(parseXmlTree(manifest).ok);
    assert.match(manifest, /<imsmd:taxonPath><imsmd:source><imsmd:string language="en">CEFR<\/imsmd:string><\/imsmd:source><imsmd:taxon><imsmd:id>B1<\/imsmd:id>/);
    assert.match(manifest, /<imsmd:language>en-GB<\/imsmd:language>/);
  });

  it('GIFT: only a level comment at the top of the file counts, and only a CEFR level', () => {
    const question = '::Q1::Rain is water.{TRUE}\n';
    const read = (text: string) => {
      const r = importQuiz(new TextEncoder().encode(text), 'x.gift');
      assert.ok(r.ok);
      return /<lesson[^>]*>/.exec(r.xml)?.[0] ?? '';
    };
    assert.match(read(`// Level: A2 (CEFR)\n// Language: fr\n\n${question}`), /level="A2" lang="fr"/);
    assert.doesNotMatch(read(`// Level: X9 (CEFR)\n${question}`), /level=/);
    assert.doesNotMatch(read(`${question}\n// Level: A2 (CEFR)\n::Q2::Snow is hot.{FALSE}\n`), /level=/);
  });
});
