// Preview figures on a 50 KB lesson: the host's work for a new version (building the lesson view
// and the message, as src/vscode/previewPanel.ts does) and the preview webview's (the real bundle
// in headless Chromium, under its CSP: checking the message, applying it, rendering, reaching the
// next frame). One frame at 60 Hz is 16.7 ms. Printed, not asserted. Two ways of sending, under the
// same machine conditions: the whole view every time (what a preview gets when it opens) and
// patches (what it gets for every edit after that). Two kinds of edit: one sentence changed, and
// a line added at the top (every block below moves: the patch carries where each now starts, and
// the preview, which counts a block's lines from its first, draws none of them again).
// `npm run bench` builds with --production first: React's development build is several times
// slower, and users run the production one.
import { performance } from 'node:perf_hooks';
import { LessonViewCache } from '../../src/core/lesson/lessonViewCache';
import type { KeyedLesson } from '../../src/shared/lessonPatch';
import { keyLesson, lessonPatch } from '../../src/shared/lessonPatch';
import type { PreviewHostMessage } from '../../src/shared/previewProtocol';
import type { Browser } from 'playwright-core';
import type { PreviewServer } from '../webview/harness';
import { WebviewPage, launchBrowser, startPreviewServer } from '../webview/harness';
import { bigLesson } from '../unit/core/lesson/bigLesson';

const RUNS = 30;
const FRAME_MS = 1000 / 60;
const URI = 'file:///w/big.lesson.xml';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type Edit = (text: string, i: number) => string;
/** One sentence of the middle section changed, as a teacher's edit would. */
const sentence: Edit = (text, i) => text.replace('(unit 20)', `(unit 20, edit ${i})`);
/** `i` empty lines after the lesson's start tag: every element's lines move. */
const lineAdded: Edit = (text, i) => text.replace('lang="fr">\n', `lang="fr">\n${'\n'.repeat(i)}`);

interface HostRun {
  messages: PreviewHostMessage[];
  ms: number[];
  cpu: number[];
}

/** The host's side for versions 1..RUNS+1: the first is whole, the rest whole or patched. */
function hostSide(text: string, edit: Edit, patches: boolean): HostRun {
  const cache = new LessonViewCache();
  let shown: KeyedLesson | undefined;
  const run: HostRun = { messages: [], ms: [], cpu: [] };
  for (let version = 1; version <= RUNS + 1; version++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const result = patches ? cache.build(edit(text, version)) : new LessonViewCache().build(edit(text, version));
    if (!result.ok) throw new Error(`the lesson cannot be read: ${result.error.message}`);
    const next = keyLesson(result.lesson);
    const fields = { uri: URI, name: 'big.lesson.xml', version, seq: version };
    const message: PreviewHostMessage =
      patches && shown ? { type: 'lessonPatch', ...fields, base: version - 1, patch: lessonPatch(shown, next) } : { type: 'document', ...fields, result };
    shown = next;
    const used = process.cpuUsage(startCpu);
    run.messages.push(message);
    // The first version mounts the whole page; the figures are for updates after an edit.
    if (version > 1) {
      run.ms.push(performance.now() - start);
      run.cpu.push((used.user + used.system) / 1000);
    }
  }
  return run;
}

/** How long the preview took for each message after the first. */
async function previewSide(browser: Browser, server: PreviewServer, messages: readonly PreviewHostMessage[]): Promise<number[]> {
  const page = await WebviewPage.open(browser, server, { bundle: 'preview', width: 800, height: 900 });
  const rendered: number[] = [];
  for (const [i, message] of messages.entries()) {
    await page.pushRaw(message);
    const posted = await page.waitForPosted('rendered', i + 1);
    const ms = posted.at(-1)?.ms;
    if (i > 0 && typeof ms === 'number') rendered.push(ms);
  }
  const { violations, errors } = await page.problems();
  const refused = (await page.postedOfType('resync')).length;
  if (violations.length + errors.length + refused > 0) throw new Error(`the preview logged problems: ${[...violations, ...errors].join('; ')} (${refused} resyncs)`);
  await page.page.context().close();
  return rendered;
}

function report(log: (line: string) => void, label: string, host: HostRun, rendered: readonly number[]): void {
  const hostMs = median(host.ms);
  const previewMs = median(rendered);
  const sizes = host.messages.slice(1).map((m) => JSON.stringify(m).length);
  const fits = hostMs + previewMs <= FRAME_MS ? 'within a frame' : 'OVER a frame';
  log(`  ${label}`);
  log(`    host: ${hostMs.toFixed(2)} ms (median; ${median(host.cpu).toFixed(2)} ms of CPU time), message ${(median(sizes) / 1024).toFixed(1)} KB`);
  log(`    preview: checked, applied, rendered, next frame in ${previewMs.toFixed(2)} ms (median; range ${Math.min(...rendered).toFixed(1)}-${Math.max(...rendered).toFixed(1)})`);
  log(`    together ${(hostMs + previewMs).toFixed(2)} ms against one frame (${FRAME_MS.toFixed(1)} ms): ${fits}`);
}

export async function runPreviewBench(log: (line: string) => void = console.log): Promise<void> {
  const { text } = bigLesson(50_000);
  const cases = [
    { label: 'one sentence changed, whole view sent (as before patches)', edit: sentence, patches: false },
    { label: 'one sentence changed, patch sent', edit: sentence, patches: true },
    { label: 'a line added at the top (every block moves), whole view sent', edit: lineAdded, patches: false },
    { label: 'a line added at the top (every block moves), patch sent', edit: lineAdded, patches: true },
  ];
  const server = await startPreviewServer();
  const browser = await launchBrowser();
  try {
    log(`preview: ${Math.round(text.length / 1024)} KB lesson, ${RUNS} versions per case`);
    for (const { label, edit, patches } of cases) {
      const host = hostSide(text, edit, patches);
      report(log, label, host, await previewSide(browser, server, host.messages));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
