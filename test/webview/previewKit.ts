// Driving the lesson preview bundle in the webview harness: the tests play the host, sending the
// document as the extension would (its lesson view built by the real function) and reading what
// the preview posts back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildLessonView } from '../../src/core/lesson/lessonView';
import { keyLesson, lessonPatch } from '../../src/shared/lessonPatch';
import type { LessonView } from '../../src/shared/lessonView';
import type { PreviewHostMessage } from '../../src/shared/previewProtocol';
import { PREVIEW_TEST_IDS } from '../../webview-ui/src/preview/previewTestIds';
import type { OpenOptions, WebviewPage } from './harness';
import { repoRoot } from './harness';

export const PREVIEW_ROOT = `[data-testid="${PREVIEW_TEST_IDS.root}"]`;

export function sample(name: string): string {
  return readFileSync(join(repoRoot(), 'samples', name), 'utf8');
}

export function documentMessage(xml: string, version: number, name = 'lesson.lesson.xml'): PreviewHostMessage {
  return { type: 'document', uri: `file:///w/${name}`, name, version, seq: version, result: buildLessonView(xml) };
}

function lessonOf(xml: string): LessonView {
  const result = buildLessonView(xml);
  if (!result.ok) throw new Error(`not a lesson: ${result.error.message}`);
  return result.lesson;
}

/** Version `version` of the document as the host sends it after an edit: what changed since `fromXml`. */
export function patchMessage(fromXml: string, xml: string, version: number, base = version - 1, name = 'lesson.lesson.xml'): PreviewHostMessage {
  const patch = lessonPatch(keyLesson(lessonOf(fromXml)), keyLesson(lessonOf(xml)));
  return { type: 'lessonPatch', uri: `file:///w/${name}`, name, version, seq: version, base, patch };
}

/** Sends a document version and waits until the preview shows it. */
export async function showDocument(page: WebviewPage, xml: string, version: number): Promise<void> {
  await page.pushRaw(documentMessage(xml, version));
  await page.page.waitForSelector(`${PREVIEW_ROOT}[data-version="${version}"]`);
}

export async function openPreview(open: (options?: OpenOptions) => Promise<WebviewPage>, xml: string, options: OpenOptions = {}): Promise<WebviewPage> {
  const page = await open({ width: 760, height: 900, ...options, bundle: 'preview' });
  await showDocument(page, xml, 1);
  return page;
}

export const byPreviewId = (id: keyof typeof PREVIEW_TEST_IDS): string => `[data-testid="${PREVIEW_TEST_IDS[id]}"]`;

/**
 * "kind:line" for each element `selector` matches, its source line read as the preview reads it:
 * the first line of its top-level block (its wrapper's `data-block-line`) plus its own `data-from`.
 */
export async function kindsAndLines(w: WebviewPage, selector: string): Promise<string[]> {
  return w.page.locator(selector).evaluateAll((els) =>
    els.map((element) => {
      const base = Number(element.closest('[data-block-line]')?.getAttribute('data-block-line'));
      return `${element.getAttribute('data-kind')}:${base + Number(element.getAttribute('data-from'))}`;
    }),
  );
}
