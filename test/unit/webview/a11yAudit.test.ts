// The axe-core audit (WCAG 2.0/2.1 A and AA) of what the real-VS-Code audit cannot reach, in
// headless Chromium: the dropdown of a six-option question (sessions saved before questions were
// limited to four options still show it), the read-only notice, in the harness's Dark, Light and
// High Contrast themes; and the exported worksheets, student and teacher copy, as a browser opens
// them. A figure per screen is printed; any violation fails, named by rule and element.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { exportLesson } from '../../../src/core/exchange/exchange';
import type { Question } from '../../../src/shared/questions';
import { TurnEvents, sessionFrom } from '../../webview/fixtures';
import { launchBrowser, repoRoot } from '../../webview/harness';
import type { ThemeName } from '../../webview/themes';
import { previewSuite } from '../../webview/suite';
import { sample } from '../../webview/previewKit';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE = readFileSync(join(repoRoot(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const THEMES: ThemeName[] = ['dark', 'light', 'hc'];

interface Audit {
  rulesApplied: number;
  violations: string[];
}

/** Runs axe in the page (evaluated through the devtools protocol, which the page's CSP does not govern). */
async function audit(page: Page): Promise<Audit> {
  await page.evaluate(AXE);
  return page.evaluate(`(async () => {
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] });
    const name = (v) => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ');
    return { rulesApplied: r.passes.length + r.violations.length + r.incomplete.length, violations: r.violations.map(name) };
  })()`) as Promise<Audit>;
}

const SIX_LEVELS: Question[] = [
  {
    header: 'Level',
    question: 'Which level are your students?',
    multiSelect: false,
    options: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((label) => ({ label, description: `CEFR ${label}` })),
  },
];

describe('webview: the axe-core audit of the screens the real VS Code cannot show', function () {
  this.timeout(60_000);
  const suite = previewSuite();
  const figures: string[] = [];
  after(() => {
    for (const line of figures) console.log(`      ${line}`);
  });

  for (const theme of THEMES) {
    it(`a six-option question's dropdown and the read-only notice pass in ${theme}`, async () => {
      const events = new TurnEvents('t1').start('Add an exercise').text('One question first:').question('q1', SIX_LEVELS).done('awaiting_user');
      const w = await suite.openWith(sessionFrom(events.events), events.events.length, {}, { theme });
      await w.page.waitForSelector('[data-testid="question-dropdown"]');
      const dropdown = await audit(w.page);
      figures.push(`question dropdown, ${theme}: ${dropdown.rulesApplied} rules applied, ${dropdown.violations.length} violations`);

      const done = new TurnEvents('t1').start('Add an exercise').text('Here it is.').done();
      const readOnly = { ...sessionFrom(done.events), readOnly: 'This session is in use by another VS Code window. It is shown read-only.' };
      const r = await suite.openWith(readOnly, done.events.length, {}, { theme });
      await r.page.waitForSelector('[data-testid="read-only-notice"]');
      const notice = await audit(r.page);
      figures.push(`read-only notice, ${theme}: ${notice.rulesApplied} rules applied, ${notice.violations.length} violations`);
      assert.deepEqual([...dropdown.violations, ...notice.violations], []);
    });
  }

  describe('the exported worksheets', () => {
    let browser: Browser | undefined;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser?.close());

    it('the audit itself finds faults: a page with an unnamed button and an image without text fails', async () => {
      assert.ok(browser);
      const page = await browser.newPage();
      try {
        await page.setContent('<!DOCTYPE html><html><head><title>x</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></body></html>');
        const ids = (await audit(page)).violations.map((v) => v.split(' ')[0]);
        for (const rule of ['html-has-lang', 'image-alt', 'button-name']) assert.ok(ids.includes(rule), `${rule} in ${ids.join(', ')}`);
      } finally {
        await page.close();
      }
    });

    for (const copy of ['student', 'teacher'] as const) {
      it(`the ${copy} copy passes as a browser opens it`, async () => {
        const out = exportLesson(sample('french-verbs.lesson.xml'), copy === 'student' ? 'html-student' : 'html-teacher', 'french-verbs.lesson.xml');
        assert.ok(out.ok, 'the sample exports');
        assert.ok(browser);
        const page = await browser.newPage();
        try {
          await page.setContent(new TextDecoder().decode(out.data));
          const result = await audit(page);
          figures.push(`worksheet, ${copy} copy: ${result.rulesApplied} rules applied, ${result.violations.length} violations`);
          assert.deepEqual(result.violations, []);
        } finally {
          await page.close();
        }
      });
    }
  });
});
