// The lesson preview: a toolbar (student or teacher view, export), the error banner while the XML
// cannot be read (the last readable lesson stays on screen), and the lesson. A click on an element
// reveals its source; the editor's scroll moves the page; the agent's edits light up briefly.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import type { Copy, LessonViewError } from '../../../src/shared/lessonView';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { CopyContext } from './copyContext';
import { ExportMenu } from './ExportMenu';
import { ReportCard } from './ReportCard';
import { LessonBlocks } from './LessonBlocks';
import { post, saveState, savedState } from './previewApi';
import { t } from './previewL10n';
import { PREVIEW_TEST_IDS } from './previewTestIds';
import type { Mapped } from './sourceMap';
import { MAPPED, sourceLinesOf } from './sourceAttributes';
import { editedElements, scrollTopForLine } from './sourceMap';
import type { PendingHighlight } from './usePreviewHost';
import { usePreviewHost } from './usePreviewHost';

/** How long an agent edit stays lit (the CSS animation fades it over the same time). */
const HIGHLIGHT_MS = 3000;

/** Every element tied to source lines, in document order, with its box on the page. */
function mappedElements(root: HTMLElement): { elements: HTMLElement[]; items: Mapped[] } {
  const elements: HTMLElement[] = [];
  const items: Mapped[] = [];
  const index = new Map<Element, number>();
  for (const element of root.querySelectorAll<HTMLElement>(MAPPED)) {
    const lines = sourceLinesOf(element);
    if (!lines) continue;
    const box = element.getBoundingClientRect();
    const parent = element.parentElement?.closest(MAPPED);
    index.set(element, elements.length);
    elements.push(element);
    items.push({ ...lines, top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, parent: parent ? index.get(parent) : undefined });
  }
  return { elements, items };
}

function ErrorBanner({ error, keepsLesson }: { error: LessonViewError; keepsLesson: boolean }): ReactNode {
  const reveal = () => post({ type: 'reveal', line: error.line, column: error.column });
  return (
    <div className="banner banner-error preview-error" role="alert" data-testid={PREVIEW_TEST_IDS.errorBanner} data-line={error.line}>
      <Icon name="error" />
      <div className="banner-body">
        <div className="banner-title">{t('errorTitle', error.line)}</div>
        <div className="banner-detail">{error.message}</div>
        <div className="banner-detail">{keepsLesson ? t('errorKeeps') : t('errorNone')}</div>
      </div>
      <div className="banner-actions">
        <Button appearance="secondary" icon="go-to-file" onClick={reveal} testId={PREVIEW_TEST_IDS.errorGoto}>
          {t('errorGoto', error.line)}
        </Button>
      </div>
    </div>
  );
}

function lightUp(root: HTMLElement, highlight: PendingHighlight): () => void {
  const { elements, items } = mappedElements(root);
  const lit = editedElements(items, highlight.ranges).flatMap((i) => elements[i] ?? []);
  for (const element of lit) element.setAttribute('data-agent-edit', 'true');
  const first = lit[0];
  if (first) {
    const box = first.getBoundingClientRect();
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
    if (box.top < 0 || box.bottom > window.innerHeight) first.scrollIntoView({ block: 'center', behavior: motion });
  }
  root.dataset.highlighted = highlight.ranges.map((r) => `${r.from}-${r.to}`).join(',');
  const timer = setTimeout(() => {
    for (const element of lit) element.removeAttribute('data-agent-edit');
  }, HIGHLIGHT_MS);
  return () => clearTimeout(timer);
}

export function PreviewApp(): ReactNode {
  const [copy, setCopy] = useState<Copy>(() => savedState()?.copy ?? 'student');
  const rootRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  /** The editor's line, kept until a lesson is on screen to scroll in. */
  const pendingScroll = useRef<number | undefined>(undefined);

  const scrollTo = useCallback((line: number) => {
    const root = rootRef.current;
    const items = root ? mappedElements(root).items : [];
    if (items.length === 0) {
      pendingScroll.current = line;
      return;
    }
    pendingScroll.current = undefined;
    const offset = topRef.current?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: Math.max(0, scrollTopForLine(items, line) - offset - 4) });
  }, []);

  const { document: doc, highlight, clearHighlight, committed, report, answerReport } = usePreviewHost(scrollTo);

  useLayoutEffect(() => {
    if (doc?.lesson && pendingScroll.current !== undefined) scrollTo(pendingScroll.current);
  }, [doc, scrollTo]);

  useLayoutEffect(() => {
    if (doc) saveState({ uri: doc.uri, copy });
  }, [doc?.uri, copy]);

  // Tell the host when a version is on screen (the frame after it was committed), and let what
  // waits for its paint follow.
  useLayoutEffect(() => {
    if (!doc) return;
    committed();
    const frame = requestAnimationFrame(() => post({ type: 'rendered', version: doc.version, ms: performance.now() - doc.receivedAt }));
    return () => cancelAnimationFrame(frame);
  }, [doc, committed]);

  // An agent edit lights up once the version it made is the one on screen.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root || !doc?.lesson || !highlight || doc.version < highlight.version) return;
    clearHighlight();
    lightUp(root, highlight);
  }, [doc, highlight, clearHighlight]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    // Selecting text is not a request to jump to the source.
    if (!window.getSelection()?.isCollapsed) return;
    const target = (event.target as Element).closest(MAPPED);
    const lines = target ? sourceLinesOf(target) : undefined;
    if (lines) post({ type: 'reveal', line: lines.line });
  };

  return (
    <div
      className="preview"
      ref={rootRef}
      data-testid={PREVIEW_TEST_IDS.root}
      data-ready={doc ? 'true' : 'false'}
      data-version={doc?.version}
      data-seq={doc?.seq}
      data-copy={copy}
      aria-label={t('previewLabel')}
    >
      <div className="preview-top" ref={topRef}>
        <header className="preview-toolbar">
          <span className="preview-name" data-testid={PREVIEW_TEST_IDS.documentName}>
            {doc?.name ?? ''}
          </span>
          <div className="view-toggle" role="group" aria-label={t('viewToggle')}>
            <Button appearance={copy === 'student' ? 'primary' : 'secondary'} pressed={copy === 'student'} icon="person" onClick={() => setCopy('student')} testId={PREVIEW_TEST_IDS.studentView}>
              {t('studentView')}
            </Button>
            <Button appearance={copy === 'teacher' ? 'primary' : 'secondary'} pressed={copy === 'teacher'} icon="key" onClick={() => setCopy('teacher')} testId={PREVIEW_TEST_IDS.teacherView}>
              {t('teacherView')}
            </Button>
          </div>
          <ExportMenu copy={copy} onExport={(format) => post({ type: 'export', format, copy })} />
        </header>
        {doc?.error ? <ErrorBanner error={doc.error} keepsLesson={doc.lesson !== undefined} /> : null}
        {report ? <ReportCard report={report} onAnswer={answerReport} /> : null}
      </div>
      <CopyContext.Provider value={copy}>
        <article className={`lesson copy-${copy}`} lang={doc?.lesson?.head.lang} data-testid={PREVIEW_TEST_IDS.lesson} onClick={onClick}>
          {doc?.lesson ? <LessonBlocks lesson={doc.lesson} /> : doc ? null : <p className="hint">{t('waiting')}</p>}
        </article>
      </CopyContext.Provider>
    </div>
  );
}
