// The panel: header, sessions, notices, the conversation (or the empty chat), the input. Host
// state comes from useHost; the webview's own state from uiReducer, persisted with setState.
import type { ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { RevertResult } from '../../../src/shared/protocol';
import type { SessionView } from '../../../src/shared/view';
import { pendingCard } from '../../../src/shared/viewReducer';
import type { MessageKey } from '../l10n';
import { t } from '../l10n';
import type { ChatActions } from '../state/chatContext';
import { ChatContext } from '../state/chatContext';
import { fromPersisted, toPersisted, uiReducer } from '../state/uiState';
import type { Exported } from '../state/useHost';
import { useHost } from '../state/useHost';
import { TEST_IDS } from '../testIds';
import { focusSoon, useFocusRescue } from '../ui/focus';
import { ProgressRing } from '../ui/Icon';
import type { Answer } from '../requests';
import { orWhyNot, request } from '../requests';
import { getState, post, setState } from '../vscodeApi';
import { Composer } from './Composer';
import { EmptyChat } from './EmptyChat';
import { Header } from './Header';
import { MessageList } from './MessageList';
import { Notices } from './Notices';
import { SessionsPanel } from './SessionsPanel';
import { BoundDocumentNote, ExportedNote } from './StatusNotes';
import { BranchesPanel, RedoNote } from '../rewind/Branches';

let renders = 0;

/** The first control of a card waiting for an answer, or the confirmation card itself. */
const PENDING_CARD_CONTROL = [
  `[data-testid="${TEST_IDS.questionCard}"][data-status="pending"] :is(input, textarea, button, vscode-button, vscode-checkbox, vscode-dropdown, [tabindex="0"])`,
  `[data-testid="${TEST_IDS.confirmationCard}"][data-status="pending"]`,
].join(', ');

function liveStatus(session: SessionView): MessageKey | undefined {
  const last = session.items[session.items.length - 1];
  if (last?.kind !== 'assistant') return undefined;
  const map: Record<typeof last.status, MessageKey> = {
    streaming: 'statusStreaming',
    awaiting: 'statusWaiting',
    done: 'statusDone',
    error: 'statusError',
    stopped: 'stopped',
  };
  return map[last.status];
}

const pickFile = (): Promise<Answer<string | null>> => request('pickFile', {});
const revertEdit = (editId: string): Promise<RevertResult> => orWhyNot(request('revertEdit', { editId }));
const applyEditAgain = (editId: string): Promise<RevertResult> => orWhyNot(request('applyEditAgain', { editId }));

export function App(): ReactNode {
  const [ui, dispatchUi] = useReducer(uiReducer, undefined, () => fromPersisted(getState()));
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const [exported, setExported] = useState<Exported | undefined>(undefined);
  // Open Chat may ask for focus before the input exists (the view was just created).
  const wantsFocus = useRef(false);
  const focusInput = useCallback(() => {
    if (inputRef.current) inputRef.current.focus();
    else wantsFocus.current = true;
  }, []);
  const onPrefill = useCallback(
    (text: string, send: boolean) => {
      if (send && text.trim()) post({ type: 'send', text: text.trim() });
      else {
        dispatchUi({ type: 'draft', text });
        focusInput();
      }
    },
    [focusInput],
  );
  const host = useHost({ onPrefill, onFocusInput: focusInput, onExported: setExported });
  // Suggestions read the session and the draft when clicked, so the actions object stays the same.
  const sessionRef = useRef(host.session);
  const draftRef = useRef(ui.draft);
  useLayoutEffect(() => {
    sessionRef.current = host.session;
    draftRef.current = ui.draft;
  }, [host.session, ui.draft]);
  // Every suggestion (a new chat's examples, a reply's list) sends at once. While the agent is busy
  // or waits for an answer it goes into the input instead, after what the teacher typed there: a
  // draft is never replaced (when sent at once, the draft stays in the input as it was).
  const suggest = useCallback(
    (text: string) => {
      const current = sessionRef.current;
      const draft = draftRef.current.trimEnd();
      if (!current.busy && pendingCard(current) === undefined) post({ type: 'send', text });
      else onPrefill(draft && draft !== text ? `${draft}\n${text}` : text, false);
    },
    [onPrefill],
  );
  const actions = useMemo<ChatActions>(() => ({ post, ui: dispatchUi, pickFile, focusInput, revertEdit, applyEditAgain, suggest }), [focusInput, suggest]);

  useEffect(() => {
    if (host.ready && wantsFocus.current && inputRef.current) {
      wantsFocus.current = false;
      inputRef.current.focus();
    }
  });

  // Where the focus goes when what held it goes away: the input, or while it is disabled, the
  // card that waits for an answer.
  const focusHome = useCallback((): HTMLElement | null | undefined => {
    const input = inputRef.current;
    if (input && !input.disabled) return input;
    return rootRef.current?.querySelector<HTMLElement>(PENDING_CARD_CONTROL);
  }, []);
  useFocusRescue(focusHome);
  const sessionsToggleRef = useRef<HTMLElement>(null);
  const dismissSessions = useCallback(() => {
    dispatchUi({ type: 'sessionsOpen', open: false });
    focusSoon(() => sessionsToggleRef.current);
  }, []);
  // A panel (re)loaded while it has the focus (a window reload, Open Chat) puts it in the input,
  // unless a card already took it. Once: later snapshots leave the focus where the teacher put it.
  const placedFocus = useRef(false);
  useEffect(() => {
    if (!host.ready || placedFocus.current) return;
    placedFocus.current = true;
    if (!document.hasFocus() || (document.activeElement && document.activeElement !== document.body)) return;
    return focusSoon(focusHome);
  }, [host.ready, focusHome]);

  useLayoutEffect(() => {
    // Counted for the performance tests: how often the panel re-renders during a stream.
    renders++;
    rootRef.current?.setAttribute('data-render-count', String(renders));
  });

  useEffect(() => {
    setState(toPersisted(ui));
  }, [ui]);

  const { session } = host;
  const waiting = pendingCard(session)?.kind;
  useEffect(() => {
    if (!host.ready) return; // keep restored progress until the host has said what is pending
    const pending = session.items.flatMap((i) => (i.kind === 'assistant' ? i.questions.filter((q) => q.status === 'pending').map((q) => q.toolCallId) : []));
    dispatchUi({ type: 'prune', pending });
  }, [host.ready, session]);

  const status = liveStatus(session);
  return (
    <ChatContext.Provider value={actions}>
      <div className="app" ref={rootRef} role="region" data-testid={TEST_IDS.root} data-ready={host.ready ? 'true' : 'false'} aria-label={t('appLabel')}>
        {host.ready ? (
          <>
            <Header session={session} meta={host.meta} sessionsOpen={ui.sessionsOpen} branchesOpen={ui.branchesOpen} sessionsToggleRef={sessionsToggleRef} />
            <div className="sessions-anchor">
              {ui.sessionsOpen ? <SessionsPanel sessions={host.sessions} currentId={session.sessionId} locale={host.meta.locale} onDismiss={dismissSessions} /> : null}
              {ui.branchesOpen && session.branches?.length ? <BranchesPanel session={session} /> : null}
            </div>
            <Notices meta={host.meta} readOnly={session.readOnly} sessionId={session.sessionId} />
            <main className="chat">
              {session.items.length > 0 ? (
                <MessageList key={session.sessionId} items={session.items} ui={ui} locale={host.meta.locale} locked={session.busy || session.readOnly !== undefined} branches={session.branches} />
              ) : (
                <EmptyChat meta={host.meta} />
              )}
            </main>
            <div className="sr-only" role="status" aria-live="polite">
              {status ? t(status) : ''}
            </div>
            {/* Said in the chat that was exported: another session shown here is not that chat. */}
            {exported?.sessionId === session.sessionId ? <ExportedNote exported={exported} onDismiss={() => setExported(undefined)} /> : null}
            <BoundDocumentNote session={session} meta={host.meta} />
            <RedoNote session={session} />
            <Composer draft={ui.draft} busy={session.busy} waiting={waiting} readOnly={session.readOnly !== undefined} inputRef={inputRef} />
          </>
        ) : (
          <div className="loading">
            <ProgressRing label={t('appLabel')} />
          </div>
        )}
      </div>
    </ChatContext.Provider>
  );
}
