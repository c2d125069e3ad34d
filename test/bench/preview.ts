// Preview figures on a 50 KB lesson: the host building the lesson view for a new version, and the
// preview webview (the real bundle in headless Chromium, under its CSP) checking the message,
// rendering it and reaching the next frame. One frame at 60 Hz is 16.7 ms. Printed, not asserted.
// `npm run bench` builds with --production first: React's development build is several times
// slower, and users run the production one.
import { performance } from 'node:perf_hooks';
import { buildLessonView } from '../../src/core/lesson/lessonView';
import type { PreviewHostMessage } from '../../src/shared/previewProtocol';
import { WebviewPage, launchBrowser, startPreviewServer } from '../webview/harness';
import { bigLesson } from '../unit/core/lesson/bigLesson';

const RUNS = 30;
const FRAME_MS = 1000 / 60;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The i-th version: one sentence of the middle section changed, as a teacher's edit would. */
function version(text: string, i: number): string {
  return text.replace('(unit 20)', `(unit 20, edit ${i})`);
}

export async function runPreviewBench(log: (line: string) => void = console.log): Promise<void> {
  const { text } = bigLesson(50_000);
  const build: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    buildLessonView(version(text, i));
    const used = process.cpuUsage(startCpu);
    build.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const message = (i: number): PreviewHostMessage => ({ type: 'document', uri: 'file:///w/big.lesson.xml', name: 'big.lesson.xml', version: i, result: buildLessonView(version(text, i)) });
  const size = JSON.stringify(message(0)).length;

  const server = await startPreviewServer();
  const browser = await launchBrowser();
  const rendered: number[] = [];
  try {
    const page = await WebviewPage.open(browser, server, { bundle: 'preview', width: 800, height: 900 });
    for (let i = 1; i <= RUNS + 1; i++) {
      await page.pushRaw(message(i));
      const posted = await page.waitForPosted('rendered', i);
      const ms = posted.at(-1)?.ms;
      // The first version mounts the whole page; the figure is for updates after an edit.
      if (i > 1 && typeof ms === 'number') rendered.push(ms);
    }
    const { violations, errors } = await page.problems();
    if (violations.length + errors.length > 0) throw new Error(`the preview logged problems: ${[...violations, ...errors].join('; ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
  const host = median(build);
  const webview = median(rendered);
  log(`preview: ${Math.round(text.length / 1024)} KB lesson, one sentence changed per version, ${RUNS} versions`);
  log(`  host: lesson view built in ${host.toFixed(2)} ms (median; ${median(cpu).toFixed(2)} ms of CPU time, which other processes on the machine do not inflate); message ${Math.round(size / 1024)} KB`);
  log(`  preview: message checked, rendered, next frame in ${webview.toFixed(2)} ms (median; range ${Math.min(...rendered).toFixed(1)}-${Math.max(...rendered).toFixed(1)})`);
  log(`  together ${(host + webview).toFixed(2)} ms against one frame (${FRAME_MS.toFixed(1)} ms): ${host + webview <= FRAME_MS ? 'within a frame' : 'OVER a frame'}`);
}
