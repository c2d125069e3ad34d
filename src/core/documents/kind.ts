// Which documents get lesson validation: `*.lesson.xml` files. Everything else (Markdown, plain
// text) is edited with the same tools, without XML validation.
import type { DocumentKind } from './types';

export const LESSON_SUFFIX = '.lesson.xml';

/** The kind of a document from its file name or path (POSIX or Windows separators, or a URI). */
export function documentKindForPath(path: string): DocumentKind {
  return path.toLowerCase().endsWith(LESSON_SUFFIX) ? 'lesson' : 'text';
}
