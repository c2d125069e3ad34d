// Which documents get lesson validation: `*.lesson.xml` files, whatever the case of the suffix
// (the README and the design call a lesson "a `*.lesson.xml` file"). Everything else (Markdown,
// plain text) is edited with the same tools, without XML validation. This is the one place that
// decides it: the editor, the agent's tools and the CLI all ask here.
import type { DocumentKind } from './types';

export const LESSON_SUFFIX = '.lesson.xml';

/** Whether a file name, path (POSIX or Windows separators) or URI names a lesson. */
export function isLessonPath(path: string): boolean {
  return path.toLowerCase().endsWith(LESSON_SUFFIX);
}

/** The kind of a document from its file name or path (POSIX or Windows separators, or a URI). */
export function documentKindForPath(path: string): DocumentKind {
  return isLessonPath(path) ? 'lesson' : 'text';
}

/**
 * The CLI's wider rule, on purpose: `--doc` names one file explicitly, so any `.xml` given there
 * (a lesson saved as `quiz.xml`, say) is validated as a lesson rather than edited as loose text,
 * where a malformed edit would pass unnoticed. The editor keeps the narrow rule because it decides
 * for every file a teacher happens to open, and most `.xml` files there are not lessons.
 */
export function cliDocumentKindForPath(path: string): DocumentKind {
  return isLessonPath(path) || /\.xml$/i.test(path) ? 'lesson' : 'text';
}
