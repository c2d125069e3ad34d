// Every QTI item of every sample lesson and skill example, rendered and answered in headless
// Chromium by an independent QTI 3 player (@citolab/qti-components): the right answer scores full
// marks by the player's own response processing, a wrong one zero; a writing task renders and
// takes the student's text (it is marked by hand). What is answered is read from the lesson, not
// from the export.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkQti, itemProblems } from '../../../exchange/qtiCheck';
import { QtiPlayer } from '../../../exchange/qtiPlayer';
import { samplesReport, REPORT_PATH } from '../../../exchange/report';
import { ALL_LESSONS } from './giftIndependent.test';

describe('QTI export, played by an independent QTI 3 player', function () {
  this.timeout(120_000);
  let player: QtiPlayer | undefined;
  const kinds = new Set<string>();

  before(async () => {
    player = await QtiPlayer.start();
  });
  after(async () => {
    await player?.close();
  });

  for (const { name, xml } of ALL_LESSONS) {
    it(`${name}: each question renders as its interaction; the right answer scores full marks, a wrong one 0`, async () => {
      const check = await checkQti(player as QtiPlayer, xml, name);
      assert.deepEqual(check.problems, []);
      assert.deepEqual(check.items.flatMap(itemProblems), []);
      for (const item of check.items) kinds.add(item.expected);
    });
  }

  it('every kind of interaction an export writes was played: choice, text entry, inline choice, order, extended text', () => {
    assert.deepEqual([...kinds].sort(), ['choice', 'extended-text', 'inline-choice', 'order', 'text-entry']);
  });

  it('the checks committed under docs/exports are what the samples give today', async () => {
    const committed: unknown = JSON.parse(readFileSync(REPORT_PATH, 'utf8'));
    assert.deepEqual(await samplesReport(player as QtiPlayer), committed, 'run `node --import tsx test/exchange/docs.mjs` to bring docs/exports up to date');
  });
});
