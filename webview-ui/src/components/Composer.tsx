// The input: Enter sends, Shift+Enter starts a new line; Stop while the agent works; disabled
// while a question or confirmation waits. Focus comes back here once a card is answered.
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { TextArea } from '../ui/TextInput';

interface Props {
  draft: string;
  busy: boolean;
  /** What the agent waits for, if anything: the input stays disabled until it is answered. */
  waiting: 'question' | 'confirmation' | undefined;
  /** Another window or program writes this session: nothing can be sent here meanwhile. */
  readOnly: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function Composer({ draft, busy, waiting, readOnly, inputRef }: Props): ReactNode {
  const { post, ui } = useChat();
  const wasWaiting = useRef(waiting !== undefined);

  useEffect(() => {
    if (wasWaiting.current && waiting === undefined) inputRef.current?.focus();
    wasWaiting.current = waiting !== undefined;
  }, [waiting, inputRef]);

  const canSend = !busy && !readOnly && waiting === undefined && draft.trim().length > 0;
  const send = (): void => {
    if (!canSend) return;
    post({ type: 'send', text: draft.trim() });
    ui({ type: 'draft', text: '' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  return (
    <div className="composer">
      <TextArea
        ref={inputRef}
        className="composer-input"
        rows={1}
        value={draft}
        onChange={(text) => ui({ type: 'draft', text })}
        onKeyDown={onKeyDown}
        label={t('inputLabel')}
        placeholder={
          readOnly ? t('inputReadOnly') : waiting === 'question' ? t('inputWaiting') : waiting === 'confirmation' ? t('inputWaitingConfirmation') : t('inputPlaceholder')
        }
        disabled={readOnly || waiting !== undefined}
        testId={TEST_IDS.input}
      />
      <div className="composer-actions">
        {/* A read-only session's turn runs elsewhere: it is stopped there, not here. */}
        {busy && !readOnly ? (
          <Button appearance="secondary" icon="debug-stop" onClick={() => post({ type: 'stop' })} testId={TEST_IDS.stop}>
            {t('stop')}
          </Button>
        ) : (
          <Button appearance="primary" icon="send" disabled={!canSend} onClick={send} testId={TEST_IDS.send}>
            {t('send')}
          </Button>
        )}
      </div>
    </div>
  );
}
