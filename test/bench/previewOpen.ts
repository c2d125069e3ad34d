// Opening the preview of a 300 KB lesson, in two shapes: reading units (a passage and one exercise
// each, 273 exercises: the lesson the issue measured) and dense exercises (759 short ones). From the host's first message
// reaching the preview to the first frame with the lesson on screen (its `rendered`), and the
// host's work before it (building the lesson view and the messages, as src/vscode/previewPanel.ts
// does). Two ways of opening, alternated under the same machine conditions: the whole lesson in
// one `document` (as before), and its first OPENING_BLOCKS blocks as the `document` then the rest
// as one `lessonPatch` (what the host sends now; the preview paints the first before it builds the
// rest). Then typing in the opened lesson: one sentence changed, as a patch, against one frame.
// Printed, not asserted; `npm run bench -- preview-open` runs it alone.
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import { LessonViewCache } from '../../src/core/lesson/lessonViewCache';
import type { KeyedLesson } from '../../src/shared/lessonPatch';
import { keyLesson, lessonPatch, splitOpening } from '../../src/shared/lessonPatch';
import type { PreviewHostMessage } from '../../src/shared/previewProtocol';
import { OPENING_BLOCKS } from '../../src/shared/previewProtocol';
import { bigLesson, readingLesson } from '../unit/core/lesson/bigLesson';
import type { PreviewServer } from '../webview/harness';
import { WebviewPage, launchBrowser, startPreviewServer } from '../webview/harness';

const ROUNDS = 7;
const FRAME_MS = 1000 / 60;
/** The target for opening a 300 KB lesson. */
const OPEN_BUDGET_MS = 500;
const URI = 'file:///w/big.lesson.xml';
const fields = (version: number, seq: number) => ({ uri: URI, name: 'big.lesson.xml', version, seq });

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The host's messages for opening `text`, whole or split, and how long building them took. */
function hostOpen(text: string, split: boolean): { messages: PreviewHostMessage[]; ms: number; cache: LessonViewCache; shown: KeyedLesson } {
  const start = performance.now();
  const cache = new LessonViewCache();
  const result = cache.build(text);
  if (!result.ok) throw new Error(`the lesson cannot be read: ${result.error.message}`);
  const shown = keyLesson(result.lesson);
  const parts = split ? splitOpening(shown, OPENING_BLOCKS) : undefined;
  const messages: PreviewHostMessage[] = parts
    ? [
        { type: 'document', ...fields(1, 1), result: { ok: true, lesson: parts.opening } },
        { type: 'lessonPatch', ...fields(1, 2), base: 1, patch: parts.rest },
      ]
    : [{ type: 'document', ...fields(1, 1), result }];
  // Serialising is part of posting (the webview channel sends JSON).
  for (const m of messages) JSON.stringify(m);
  return { messages, ms: performance.now() - start, cache, shown };
}

interface OpenRun {
  hostMs: number;
  firstMs: number;
  wholeMs: number;
  typingMs: number;
}

/** One opening in a fresh page: the first `rendered`, the one with the whole lesson, then one sentence typed. */
async function openOnce(browser: Browser, server: PreviewServer, text: string, split: boolean): Promise<OpenRun> {
  const host = hostOpen(text, split);
  const page = await WebviewPage.open(browser, server, { bundle: 'preview', width: 800, height: 900 });
  // Posted back to back, as the host posts them.
  await page.page.evaluate((ms) => {
    for (const m of ms) window.__harness.push(m);
  }, host.messages);
  await page.page.waitForSelector(`[data-seq="${host.messages.length}"]`);
  const [first] = await page.waitForPosted('rendered');
  const whole = (await page.waitForPosted('rendered', host.messages.length)).at(-1);
  // Typing: one sentence changed, as a patch on what the preview holds.
  const typed = host.cache.build(text.replace('(unit 20)', '(unit 20, typed)'));
  if (!typed.ok) throw new Error('the typed lesson cannot be read');
  const seq = host.messages.length + 1;
  await page.pushRaw({ type: 'lessonPatch', ...fields(2, seq), base: seq - 1, patch: lessonPatch(host.shown, keyLesson(typed.lesson)) });
  const typing = (await page.waitForPosted('rendered', host.messages.length + 1)).at(-1);
  const { violations, errors } = await page.problems();
  if (violations.length + errors.length > 0) throw new Error(`the preview logged problems: ${[...violations, ...errors].join('; ')}`);
  await page.close();
  return { hostMs: host.ms, firstMs: Number(first?.ms), wholeMs: Number(whole?.ms), typingMs: Number(typing?.ms) };
}

/** The two lessons opened: the shape (reading units, 273 exercises in 300 KB) and a denser one (759 short exercises in 300 KB). */
function lessons(): Array<{ label: string; text: string }> {
  return [
    { label: 'reading units', text: readingLesson(273) },
    { label: 'dense exercises', text: bigLesson(300_000).text },
  ];
}

export async function runPreviewOpenBench(log: (line: string) => void = console.log): Promise<void> {
  const server = await startPreviewServer();
  const browser = await launchBrowser();
  try {
    for (const { label, text } of lessons()) await benchLesson(browser, server, label, text, log);
  } finally {
    await browser.close();
    await server.close();
  }
}

async function benchLesson(browser: Browser, server: PreviewServer, name: string, text: string, log: (line: string) => void): Promise<void> {
  const built = new LessonViewCache().build(text);
  const blocks = built.ok ? built.lesson.blocks.length : 0;
  const exercises = (text.match(/<exercise\b/g) ?? []).length;
  const runs: Record<'whole' | 'split', OpenRun[]> = { whole: [], split: [] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.whole.push(await openOnce(browser, server, text, false));
    runs.split.push(await openOnce(browser, server, text, true));
  }
  log(`preview-open (${name}): ${Math.round(text.length / 1024)} KB lesson, ${exercises} exercises, ${blocks} blocks; ${ROUNDS} alternating openings each`);
  for (const [label, key] of [['whole lesson in one message (as before)', 'whole'], [`first ${OPENING_BLOCKS} blocks, then the rest as a patch`, 'split']] as const) {
    const r = runs[key];
    const first = r.map((x) => x.firstMs);
    const host = median(r.map((x) => x.hostMs));
    const whole = median(r.map((x) => x.wholeMs));
    log(`  ${label}`);
    log(`    host: ${host.toFixed(0)} ms (median) to build the view and the messages`);
    log(`    preview, first rendered: ${median(first).toFixed(0)} ms (median; range ${Math.min(...first).toFixed(0)}-${Math.max(...first).toFixed(0)})`);
    log(`    preview, whole lesson on screen: ${whole.toFixed(0)} ms (median, from its message)`);
    log(`    opening in all (host + first rendered / + whole lesson): ${(host + median(first)).toFixed(0)} / ${(host + whole).toFixed(0)} ms, against ${OPEN_BUDGET_MS} ms`);
    const typing = median(r.map((x) => x.typingMs));
    log(`    then one sentence typed: ${typing.toFixed(1)} ms (median) against one frame (${FRAME_MS.toFixed(1)} ms): ${typing <= FRAME_MS ? 'within a frame' : 'OVER a frame'}`);
  }
}
