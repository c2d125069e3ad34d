// Stable `data-testid` values of the lesson preview, for the tests that drive it (the harness in
// test/webview and the integration tests in a real VS Code). Change a value only with its tests.
//
// Every rendered element of the lesson carries `data-from` and `data-to` (its source lines, counted
// from the first line of its top-level block, whose wrapper carries `data-block-line`; see
// sourceAttributes.ts) and `data-kind` (heading, paragraph, list, li, note, exercise, blank,
// question, option, statement, sequence, item, shortAnswer, writingArea, wordBank, rubric,
// criterion, unknown). An element the
// agent just edited carries `data-agent-edit` for a few seconds.

export const PREVIEW_TEST_IDS = {
  /**
   * The preview's root. `data-ready="true"` once a document arrived; `data-version`: the document
   * version on screen; `data-copy`: student or teacher; `data-highlighted`: the line ranges of the
   * last agent edit shown ("3-7,12-12").
   */
  root: 'lesson-preview',
  /** The document's name in the toolbar. */
  documentName: 'preview-document',
  studentView: 'preview-student-view',
  teacherView: 'preview-teacher-view',
  /** The Export menu button; its menu, and each item in it with `data-format` (html, gift, qti). */
  exportButton: 'preview-export',
  exportMenu: 'preview-export-menu',
  exportItem: 'preview-export-item',
  /**
   * An export's or an import's report above the lesson (`data-kind`: export or import), each
   * exercise it names (a place), and its buttons.
   */
  report: 'preview-report',
  reportPlace: 'preview-report-place',
  reportExport: 'preview-report-export',
  reportCancel: 'preview-report-cancel',
  reportClose: 'preview-report-close',
  /** The banner while the XML cannot be read: `data-line` is the error's line; `preview-error-goto` reveals it. */
  errorBanner: 'preview-error',
  errorGoto: 'preview-error-goto',
  /** The rendered lesson. */
  lesson: 'preview-lesson',
  /** Answer-key content, present only in the teacher view. */
  answer: 'preview-answer',
  /** A student's answer that names no option or choice, shown as written. */
  studentAnswer: 'preview-student-answer',
} as const;
