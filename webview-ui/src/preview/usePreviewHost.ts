// The preview's side of the protocol: says `ready`, keeps the newest document (and the last lesson
// that could be read, shown while the XML is broken), remembers the agent's edit to highlight once
// its version is on screen, and hands the editor's scroll to the page. After the first document
// the host sends patches: one that does not follow the last message, or does not fit the lesson
// held, is refused (what is on screen stays) and the whole document is asked for again. What
// follows a whole document waits until it is painted (paintGate.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExchangeReport, ReportAnswer } from '../../../src/shared/previewProtocol';
import { parsePreviewHostMessage } from '../../../src/shared/previewProtocol';
import type { PreviewDocument } from './previewDocument';
import { nextDocument } from './previewDocument';
import type { PaintGate } from './paintGate';
import { paintGate } from './paintGate';
import type { LineRange } from './sourceMap';
import { post } from './previewApi';

export interface PendingHighlight {
  version: number;
  ranges: LineRange[];
}

export interface PreviewHostState {
  document: PreviewDocument | undefined;
  highlight: PendingHighlight | undefined;
  /** Consumed by the page once applied. */
  clearHighlight: () => void;
  /** The page committed the document it shows (what waits for its paint may follow: paintGate.ts). */
  committed: () => void;
  /** An export's or an import's report, until the teacher answers it. */
  report: ExchangeReport | undefined;
  answerReport: (answer: ReportAnswer) => void;
}

export function usePreviewHost(onScrollTo: (line: number) => void): PreviewHostState {
  const [document, setDocument] = useState<PreviewDocument | undefined>(undefined);
  const [highlight, setHighlight] = useState<PendingHighlight | undefined>(undefined);
  const [report, setReport] = useState<ExchangeReport | undefined>(undefined);
  // The listener is added once; it calls whatever handler the latest render gave.
  const scrollTo = useRef(onScrollTo);
  scrollTo.current = onScrollTo;
  // What the listener applies patches to, current before React renders it.
  const current = useRef<PreviewDocument | undefined>(undefined);
  // Patches that keep coming after a refusal ask once: the whole document is on its way.
  const asked = useRef(false);
  // The listener's gate, told when a document is committed.
  const gate = useRef<PaintGate | undefined>(undefined);

  useEffect(() => {
    /** Applies one message; true when it was a readable whole document (what follows waits for its paint). */
    const apply = (data: unknown, receivedAt: number): boolean => {
      const parsed = parsePreviewHostMessage(data);
      if (!parsed.ok) {
        post({ type: 'log', level: 'warn', message: `preview ignored a malformed message: ${parsed.error}` });
        return false;
      }
      const message = parsed.value;
      switch (message.type) {
        case 'document':
        case 'lessonPatch': {
          const next = nextDocument(current.current, message, receivedAt);
          if ('refused' in next) {
            if (asked.current) return false;
            asked.current = true;
            post({ type: 'log', level: 'warn', message: `preview refused a patch: ${next.refused}` });
            post({ type: 'resync', reason: next.refused });
            return false;
          }
          if (message.type === 'document') asked.current = false;
          current.current = next.document;
          setDocument(next.document);
          return message.type === 'document' && message.result.ok;
        }
        case 'agentEdit':
          setHighlight({ version: message.version, ranges: message.ranges });
          break;
        case 'scrollTo':
          scrollTo.current(message.line);
          break;
        case 'report':
          setReport(message.report ?? undefined);
          break;
      }
      return false;
    };
    const { onMessage, committed } = paintGate(apply);
    gate.current = { onMessage, committed };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => {
      window.removeEventListener('message', onMessage);
      gate.current = undefined;
    };
  }, []);

  const committed = useCallback(() => gate.current?.committed(), []);
  const clearHighlight = useCallback(() => setHighlight(undefined), []);
  const answerReport = useCallback(
    (answer: ReportAnswer) => {
      if (report) post({ type: 'reportAnswer', id: report.id, answer });
      setReport(undefined);
    },
    [report],
  );
  return { document, highlight, clearHighlight, committed, report, answerReport };
}
