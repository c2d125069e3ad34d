// What of a lesson the quiz formats carry, to compare a lesson with what came back from its export.
import * as assert from 'node:assert/strict';
import type { ExportFormat } from '../../../../src/core/exchange/exchange';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import type { ContentBlock, Inline } from '../../../../src/shared/lessonView';

const words = (c: readonly Inline[] | undefined) => (c ?? []).map((r) => (r.kind === 'text' ? r.text : r.kind === 'br' ? ' ' : '___')).join('').replace(/\s+/g, ' ').trim();

/** What of a lesson the formats carry: its level and language, and per exercise its type and the answers of its questions. */
export function carried(xml: string, format: ExportFormat): unknown[] {
  const view = buildLessonView(xml);
  assert.ok(view.ok);
  const head = { level: view.lesson.level, lang: view.lesson.lang };
  return [head, ...view.lesson.blocks.flatMap((ex) => {
    if (ex.kind !== 'exercise') return [];
    const bank = ex.blocks.some((b) => b.kind === 'wordBank');
    const gaps = ex.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : b.kind === 'list' ? b.items.flatMap((i) => i.content) : []));
    const parts = ex.blocks.flatMap((b: ContentBlock): unknown[] => {
      switch (b.kind) {
        case 'question':
          return [{ prompt: words(b.prompt), options: b.options.map((o) => [words(o.content), o.correct]), explanation: words(b.explanation) }];
        case 'statement':
          return [{ statement: words(b.content), answer: b.answer, correction: b.correction }];
        case 'sequence':
          return [{ order: b.items.map((i) => [words(i.content), i.order]) }];
        case 'shortAnswer':
          return [{ prompt: words(b.prompt), model: words(b.modelAnswer), rubric: b.rubric?.criteria.map((c) => [words(c.content), c.points]), lines: format === 'qti' ? b.lines : undefined }];
        case 'writingArea':
          return [{ min: b.minWords, max: b.maxWords, lines: format === 'qti' ? b.lines : undefined }];
        case 'rubric':
          return [{ rubric: b.criteria.map((c) => [words(c.content), c.points]) }];
        default:
          return [];
      }
    });
    const blanks = gaps.flatMap((r) => (r.kind === 'blank' ? [[r.answer, bank ? [] : r.alts, r.hint]] : []));
    return [{ type: ex.type, level: ex.level, points: format === 'qti' ? ex.points : undefined, blanks, parts }];
  })];
}
