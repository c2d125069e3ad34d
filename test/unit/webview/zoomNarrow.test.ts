// 200% zoom in a narrow side bar: VS Code at 200% in a 240 px side bar gives the webview a page
// 240 CSS px wide drawn at two device pixels per CSS pixel; a 320 px side bar at 100% is the other
// narrow case. Each screen a teacher meets (the empty chat, a finished reply with its steps and
// its edit's Review and Revert, a question card with Other and a text question, a confirmation
// card listing the students' work, the sessions list, an error with Retry, the lesson preview) is
// laid out in Dark and Light, and the page is read: nothing scrolls sideways or pokes out, every
// button and field lies inside the panel and a click at its centre lands on it, no two buttons
// overlap, no text is cut off. A figure per screen is printed; pictures go to
// .test-artifacts/webview/zoom/.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ConfirmationRequest } from '../../../src/shared/events';
import { emptySessionView } from '../../../src/shared/view';
import { CONFIRMATION, SESSION_ID, THREE_QUESTIONS, TurnEvents, finishedTurn, sessionFrom } from '../../webview/fixtures';
import type { OpenOptions } from '../../webview/harness';
import { repoRoot } from '../../webview/harness';
import { auditLayout } from '../../webview/layoutAudit';
import { openPreview, sample } from '../../webview/previewKit';
import type { PreviewSuite } from '../../webview/suite';
import { byTestId, previewSuite } from '../../webview/suite';
import type { ThemeName } from '../../webview/themes';
import { TEST_IDS } from '../../../webview-ui/src/testIds';

const SHOTS = join(repoRoot(), '.test-artifacts', 'webview', 'zoom');

const WITH_STUDENT_WORK: ConfirmationRequest = {
  ...CONFIRMATION,
  studentWork: [
    { place: 'Exercise 2: Conjugate "parler"', changes: ['3 answers would be removed', 'the feedback on blank 4 would be lost'] },
    { place: 'Exercise 3: Reading questions', changes: ['the whole exercise, with 5 answers, would be removed'] },
  ],
};

interface Layout {
  name: string;
  width: number;
  deviceScaleFactor: number;
}
const LAYOUTS: Layout[] = [
  { name: '240px@2x', width: 240, deviceScaleFactor: 2 },
  { name: '320px@1x', width: 320, deviceScaleFactor: 1 },
];
const THEMES: ThemeName[] = ['dark', 'light'];

type Open = PreviewSuite['open'];
type OpenWith = PreviewSuite['openWith'];

interface Scene {
  name: string;
  /**
   * Opens the screen; returns the selector of what its picture should show, if not the top, and of
   * the popup open over the panel, if any.
   */
  show(open: Open, openWith: OpenWith, options: OpenOptions): Promise<{ page: Page; focus?: string; popup?: string }>;
}

const SCENES: Scene[] = [
  {
    name: 'empty-chat',
    async show(_open, openWith, options) {
      const w = await openWith(emptySessionView(SESSION_ID, 'New session'), 0, { hasApiKey: false }, options);
      await w.page.waitForSelector(byTestId(TEST_IDS.onboarding));
      return { page: w.page };
    },
  },
  {
    name: 'reply',
    async show(_open, openWith, options) {
      const done = finishedTurn();
      const w = await openWith(sessionFrom(done.events), done.events.length, {}, options);
      await w.page.click(byTestId(TEST_IDS.stepsToggle));
      await w.page.waitForSelector(`${byTestId(TEST_IDS.steps)}[data-expanded="true"]`);
      return { page: w.page, focus: byTestId(TEST_IDS.editActions) };
    },
  },
  {
    name: 'question-card',
    async show(_open, openWith, options) {
      const asks = new TurnEvents('t1').start('Add an exercise').text('One question first:').question('q1', THREE_QUESTIONS).done('awaiting_user');
      const w = await openWith(sessionFrom(asks.events), asks.events.length, {}, options);
      await w.page.click(byTestId(TEST_IDS.questionOther));
      await w.page.waitForSelector(byTestId(TEST_IDS.questionOtherInput));
      return { page: w.page, focus: byTestId(TEST_IDS.questionCard) };
    },
  },
  {
    name: 'text-question',
    async show(_open, openWith, options) {
      const topic = THREE_QUESTIONS[2];
      assert.ok(topic);
      const asks = new TurnEvents('t1').start('Add an exercise').question('q1', [topic]).done('awaiting_user');
      const w = await openWith(sessionFrom(asks.events), asks.events.length, {}, options);
      await w.page.waitForSelector(byTestId(TEST_IDS.questionInput));
      return { page: w.page, focus: byTestId(TEST_IDS.questionCard) };
    },
  },
  {
    name: 'confirmation-card',
    async show(_open, openWith, options) {
      const risky = new TurnEvents('t1').start('Start over').confirmation('c1', WITH_STUDENT_WORK).done('awaiting_user');
      const w = await openWith(sessionFrom(risky.events), risky.events.length, {}, options);
      await w.page.waitForSelector(`${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"] ${byTestId(TEST_IDS.confirmStudentWork)}`);
      return { page: w.page, focus: byTestId(TEST_IDS.confirmationCard) };
    },
  },
  {
    name: 'sessions-list',
    async show(_open, openWith, options) {
      const done = finishedTurn();
      const w = await openWith(sessionFrom(done.events), done.events.length, {}, options);
      await w.page.click(byTestId(TEST_IDS.sessionsButton));
      await w.page.waitForSelector(byTestId(TEST_IDS.sessionsPanel));
      return { page: w.page, popup: byTestId(TEST_IDS.sessionsPanel) };
    },
  },
  {
    name: 'error-banner',
    async show(_open, openWith, options) {
      const failed = new TurnEvents('t1').start('Add an exercise').error('network', 'socket hang up', true);
      const w = await openWith(sessionFrom(failed.events), failed.events.length, {}, options);
      await w.page.waitForSelector(byTestId(TEST_IDS.retry));
      return { page: w.page, focus: byTestId(TEST_IDS.errorBanner) };
    },
  },
  {
    name: 'lesson-preview',
    async show(open, _openWith, options) {
      const w = await openPreview(open, sample('french-verbs.lesson.xml'), options);
      return { page: w.page };
    },
  },
];

/** The picture shows the screen's subject, scrolled to its top where it has one. */
async function photograph(page: Page, file: string, focus?: string): Promise<void> {
  if (focus) await page.locator(focus).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, file), await page.screenshot({ animations: 'disabled' }));
}

describe('webview: 200% zoom and a narrow side bar (nothing cut off or overlapping, every button reachable)', function () {
  this.timeout(120_000);
  const suite = previewSuite();
  const figures: string[] = [];
  after(() => {
    for (const line of figures) console.log(`      ${line}`);
  });

  for (const layout of LAYOUTS) {
    for (const scene of SCENES) {
      it(`${scene.name} at ${layout.name}, dark and light`, async () => {
        const faults: string[] = [];
        for (const theme of THEMES) {
          const options: OpenOptions = { theme, width: layout.width, height: 600, deviceScaleFactor: layout.deviceScaleFactor };
          const { page, focus, popup } = await scene.show(suite.open, suite.openWith, options);
          // Fonts and the toolkit's elements settle before the page is read.
          await page.evaluate('document.fonts.ready');
          const result = await auditLayout(page, popup);
          figures.push(`${scene.name}, ${layout.name}, ${theme}: ${result.elements} elements, ${result.controls} controls, ${result.pairs} control pairs, ${result.texts} text boxes checked; ${result.faults.length} faults`);
          faults.push(...result.faults.map((f) => `${scene.name}, ${layout.name}, ${theme}: ${f}`));
          await photograph(page, `${scene.name}-${layout.name}-${theme}.png`, focus);
        }
        assert.deepEqual(faults, []);
      });
    }
  }
});
