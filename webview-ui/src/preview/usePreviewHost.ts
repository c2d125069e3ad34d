// The preview's side of the protocol: says `ready`, keeps the newest document (and the last lesson
// that could be read, shown while the XML is broken), remembers the agent's edit to highlight once
// its version is on screen, and hands the editor's scroll to the page.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LessonView, LessonViewError } from '../../../src/shared/lessonView';
import type { LineRange } from './sourceMap';
import { parsePreviewHostMessage } from '../../../src/shared/previewProtocol';
import { post } from './previewApi';

export interface PreviewDocument {
  uri: string;
  name: string;
  version: number;
  /** The last lesson that could be read (from this version or an earlier one). */
  lesson: LessonView | undefined;
  /** Why this version cannot be read, if it cannot. */
  error: LessonViewError | undefined;
  /** performance.now() when this version arrived. */
  receivedAt: number;
}

export interface PendingHighlight {
  version: number;
  ranges: LineRange[];
}

export interface PreviewHostState {
  document: PreviewDocument | undefined;
  highlight: PendingHighlight | undefined;
  /** Consumed by the page once applied. */
  clearHighlight: () => void;
}

export function usePreviewHost(onScrollTo: (line: number) => void): PreviewHostState {
  const [document, setDocument] = useState<PreviewDocument | undefined>(undefined);
  const [highlight, setHighlight] = useState<PendingHighlight | undefined>(undefined);
  // The listener is added once; it calls whatever handler the latest render gave.
  const scrollTo = useRef(onScrollTo);
  scrollTo.current = onScrollTo;

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      // Update times count from here: checking the message is part of the preview's work.
      const receivedAt = performance.now();
      const parsed = parsePreviewHostMessage(event.data);
      if (!parsed.ok) {
        post({ type: 'log', level: 'warn', message: `preview ignored a malformed message: ${parsed.error}` });
        return;
      }
      const message = parsed.value;
      switch (message.type) {
        case 'document': {
          const { result } = message;
          setDocument((previous) => ({
            uri: message.uri,
            name: message.name,
            version: message.version,
            lesson: result.ok ? result.lesson : previous?.uri === message.uri ? previous.lesson : undefined,
            error: result.ok ? undefined : result.error,
            receivedAt,
          }));
          break;
        }
        case 'agentEdit':
          setHighlight({ version: message.version, ranges: message.ranges });
          break;
        case 'scrollTo':
          scrollTo.current(message.line);
          break;
      }
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const clearHighlight = useCallback(() => setHighlight(undefined), []);
  return { document, highlight, clearHighlight };
}
