// The chat controller's shared types, in a file of their own so the panel's parts
// (shownSession, panelTurns, panelActions, lastSession) use them without importing the
// controller that imports them.
import type { RevertResult } from '../../shared/protocol';
import type { BoundDocumentView, HostMeta } from '../../shared/view';
import type { Agent } from '../agent/agent';
import type { ReadonlyEdit, ReadonlyProposal, ReadonlySession } from '../sessions/schema';
import type { SessionReader } from '../sessions/types';
import type { Scheduler } from './eventBatcher';
import type { LastSessionTracker } from './lastSession';
import type { LogLevel } from '../agent/context';

/** Where an export went: its name and folder's name as the panel says them, its full path (a tooltip), and the file to open. */
export interface ExportedFile {
  uri: string;
  name: string;
  folder: string;
  path: string;
}

/** What only the editor can do: dialogs, diffs, documents. */
export interface ChatHostActions {
  pickFile(): Promise<string | undefined>;
  /** A proposed change (a diff record, rebuilt on the document's current text); `key` names the diff so it can be closed when the proposal is decided or the edit reverted. */
  openProposalDiff(key: string, proposal: ReadonlyProposal, title: string): Promise<void>;
  openEditDiff(key: string, edit: ReadonlyEdit): Promise<void>;
  /** Two texts of a document side by side (what a restore would do to the lesson). */
  openTextDiff(key: string, documentUri: string, before: string, after: string, title: string): Promise<void>;
  /** Closes the diff tabs opened under these keys (those still open). */
  closeDiffs(keys: readonly string[]): Promise<void>;
  revertEdit(session: ReadonlySession, edit: ReadonlyEdit): Promise<RevertResult>;
  /** Makes an undone or reverted edit again on its document (one undoable step). */
  applyEditAgain(edit: ReadonlyEdit): Promise<RevertResult>;
  /** Asks where (a save dialog) and writes the file; undefined when the user cancelled. */
  exportSession(session: ReadonlySession): Promise<ExportedFile | undefined>;
  /** Shows a document in an editor (the session's bound one, or an export). */
  showDocument(uri: string): Promise<void>;
  setApiKey(): Promise<void>;
  openSettings(): Promise<void>;
  notify(level: LogLevel, message: string): void;
}

export interface ChatControllerDeps {
  agent: Agent;
  /** Lists the stored sessions; every change goes through the agent (and so the session's owner). */
  store: SessionReader;
  actions: ChatHostActions;
  meta(): HostMeta;
  /** The document a new session would be bound to (the active editor's). */
  activeDocument(): BoundDocumentView | undefined;
  /** Remembers the open session across reloads and browsers (lastSession.ts). */
  lastSession: LastSessionTracker;
  log(level: LogLevel, message: string): void;
  onBusyChange?(busy: boolean): void;
  /** The panel shows another session, or none (its id): what the editor's menus offer follows it. */
  onSessionShown?(sessionId: string | undefined): void;
  schedule?: Scheduler;
  /** How often a read-only session checks whether its other writer has finished (default 2 s). */
  writerPollMs?: number;
}
