// The connection to the host: says `ready`, parses every incoming message, and applies the state
// messages at most once per animation frame, however fast the host posts, so a 10,000-delta
// stream costs at most one render per frame.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HostMessage } from '../../../src/shared/protocol';
import { parseHostMessage } from '../../../src/shared/protocol';
import { settleResponse } from '../requests';
import { logToHost, post } from '../vscodeApi';
import type { HostState } from './hostState';
import { applyHostMessages, initialHostState } from './hostState';

export type Exported = Extract<HostMessage, { type: 'exported' }>;

export interface HostHandlers {
  onPrefill: (text: string, send: boolean) => void;
  onFocusInput: () => void;
  onExported: (exported: Exported) => void;
}

/** Hidden webviews get no animation frames; a timer makes sure queued messages still land. */
const FALLBACK_MS = 100;
const MAX_WARNINGS = 10;

export function useHost(handlers: HostHandlers): HostState {
  const [state, setState] = useState<HostState>(initialHostState);
  const current = useRef(state);
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let queue: HostMessage[] = [];
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = (): void => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = 0;
      timer = undefined;
      const batch = queue;
      queue = [];
      const result = applyHostMessages(current.current, batch);
      // A broken stream can produce thousands of warnings: log a few per frame, and count the rest.
      for (const w of result.warnings.slice(0, MAX_WARNINGS)) logToHost('warn', w);
      if (result.warnings.length > MAX_WARNINGS) logToHost('warn', `...and ${result.warnings.length - MAX_WARNINGS} more ignored events`);
      if (result.resync) post({ type: 'ready' });
      if (result.state !== current.current) {
        current.current = result.state;
        setState(result.state);
      }
    };

    const schedule = (): void => {
      if (frame !== 0 || timer !== undefined) return;
      frame = requestAnimationFrame(flush);
      timer = setTimeout(flush, FALLBACK_MS);
    };

    const onMessage = (event: MessageEvent): void => {
      const parsed = parseHostMessage(event.data);
      if (!parsed.ok) {
        logToHost('warn', `ignored a malformed host message: ${parsed.error}`);
        return;
      }
      const msg = parsed.value;
      if (msg.type === 'response') {
        settleResponse(msg);
        return;
      }
      if (msg.type === 'prefill') {
        handlersRef.current.onPrefill(msg.text, msg.send ?? false);
        return;
      }
      if (msg.type === 'focusInput') {
        handlersRef.current.onFocusInput();
        return;
      }
      if (msg.type === 'exported') {
        handlersRef.current.onExported(msg);
        return;
      }
      queue.push(msg);
      schedule();
    };

    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => {
      window.removeEventListener('message', onMessage);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  return state;
}
