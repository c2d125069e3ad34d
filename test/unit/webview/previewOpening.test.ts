// A long lesson opening in the preview: the host sends its first blocks, then the rest as a patch
// on them (src/vscode/previewPanel.ts postWhole). The first blocks are on screen, painted, before
// the rest is built; and what the teacher ends up with is the lesson opened in one message.
import * as assert from 'node:assert/strict';
import { buildLessonView } from '../../../src/core/lesson/lessonView';
import { keyLesson, splitOpening } from '../../../src/shared/lessonPatch';
import type { LessonView } from '../../../src/shared/lessonView';
import type { PreviewHostMessage } from '../../../src/shared/previewProtocol';
import { OPENING_BLOCKS } from '../../../src/shared/previewProtocol';
import { bigLesson } from '../core/lesson/bigLesson';
import type { WebviewPage } from '../../webview/harness';
import { PREVIEW_ROOT, byPreviewId, documentMessage } from '../../webview/previewKit';
import { previewSuite } from '../../webview/suite';

const URI = 'file:///w/lesson.lesson.xml';
const { text } = bigLesson(100_000);

function lessonOf(xml: string): LessonView {
  const result = buildLessonView(xml);
  if (!result.ok) throw new Error(result.error.message);
  return result.lesson;
}

/** The two messages the host posts for a long lesson, back to back. */
function openingMessages(): PreviewHostMessage[] {
  const split = splitOpening(keyLesson(lessonOf(text)), OPENING_BLOCKS);
  if (!split) throw new Error('the lesson is not long enough to split');
  const fields = { uri: URI, name: 'lesson.lesson.xml', version: 1 };
  return [
    { type: 'document', ...fields, seq: 1, result: { ok: true, lesson: split.opening } },
    { type: 'lessonPatch', ...fields, seq: 2, base: 1, patch: split.rest },
  ];
}

/** Records, at every frame (just before it is painted), the message shown and how many blocks. */
async function watchFrames(w: WebviewPage): Promise<void> {
  await w.page.evaluate((root) => {
    const page = window;
    page.__frames = [];
    const sample = (): void => {
      const seq = page.document.querySelector(root)?.getAttribute('data-seq') ?? '-';
      page.__frames.push(`${seq}:${page.document.querySelectorAll('[data-block-line]').length}`);
      page.requestAnimationFrame(sample);
    };
    page.requestAnimationFrame(sample);
  }, PREVIEW_ROOT);
}

describe('webview: a long lesson opening in the preview', function () {
  this.timeout(60_000);
  const suite = previewSuite();

  it('paints the first blocks before the rest, then shows the lesson as one message would', async () => {
    const w = await suite.open({ bundle: 'preview', width: 760, height: 900 });
    await watchFrames(w);
    await w.page.evaluate((ms) => {
      for (const m of ms) window.__harness.push(m);
    }, openingMessages());
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-seq="2"]`);
    const frames = await w.page.evaluate(() => window.__frames);
    assert.ok(frames.includes(`1:${OPENING_BLOCKS}`), `a frame showed the first ${OPENING_BLOCKS} blocks alone (frames: ${[...new Set(frames)].join(', ')})`);
    const twoMessages = await w.page.innerHTML(byPreviewId('lesson'));

    const one = await suite.open({ bundle: 'preview', width: 760, height: 900 });
    await one.pushRaw(documentMessage(text, 1));
    await one.page.waitForSelector(`${PREVIEW_ROOT}[data-version="1"]`);
    assert.equal(twoMessages, await one.page.innerHTML(byPreviewId('lesson')));
    assert.ok(lessonOf(text).blocks.length > OPENING_BLOCKS * 3);
  });
});
