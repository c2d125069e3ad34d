// The lesson view of a document that changes a little at a time (the preview, on every keystroke).
// A top-level element whose source text is unchanged gets the block built for it last time: the
// same object when it has not moved, so the patch to the preview (src/shared/lessonPatch.ts) finds
// it unchanged by identity; a copy with its lines moved when text above it gained or lost lines
// (which the patch finds unchanged but for its first line).
import { shiftLines } from '../../shared/lessonPatch';
import type { LessonBlock, LessonViewResult } from '../../shared/lessonView';
import { buildLessonView, topBlock } from './lessonView';
import type { XmlElement } from './xmlTree';

interface Built {
  line: number;
  block: LessonBlock;
}

export class LessonViewCache {
  /** The blocks of the last build, by their element's source text (nothing older is kept). */
  private built = new Map<string, Built>();

  build(text: string): LessonViewResult {
    const next = new Map<string, Built>();
    const result = buildLessonView(text, (element: XmlElement, source: string) => {
      const key = source.slice(element.from, element.to);
      const cached = this.built.get(key) ?? next.get(key);
      let block: LessonBlock;
      if (cached?.line === element.line) block = cached.block;
      else if (cached) block = shiftLines(cached.block, element.line - cached.line);
      else block = topBlock(element);
      next.set(key, { line: element.line, block });
      return block;
    });
    // A document that cannot be read keeps what the last readable one built: fixing a typo
    // usually restores the same text.
    if (result.ok) this.built = next;
    return result;
  }
}
