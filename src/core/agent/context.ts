// What the parts of a running turn share: the session's owner (the only way to change it), the
// turn's id, the tools, the bound document, and how to emit events and save. Declared once: the
// turn runner is built from a TurnSetup and is the TurnContext the tool calls and resume use.
import type { AgentEvent, EventBody } from '../../shared/events';
import type { DocumentAccess, DocumentSnapshot, WorkspaceAccess } from '../documents/types';
import type { OwnerClock, SessionOwner } from '../sessions/owner';
import type { ReadonlySession, ReadonlyTurn } from '../sessions/schema';
import type { AgentSettings } from '../settings';
import type { SkillCatalog } from '../skills/types';
import type { ToolRegistry } from '../tools/registry';
import type { SurfaceWords } from './surface';

// The loop's parts take the event body from here with the rest of what a turn shares.
export type { EventBody };

/** How serious a line of the log is: the agent's and the chat panel's, one type for both. */
export type LogLevel = 'info' | 'warn' | 'error';

/** Everything a turn runs with; fixed for the run. */
export interface TurnSetup {
  readonly owner: SessionOwner;
  readonly turnId: string;
  readonly settings: AgentSettings;
  readonly registry: ToolRegistry;
  readonly skills: SkillCatalog;
  readonly document: DocumentAccess | undefined;
  readonly workspace: WorkspaceAccess | undefined;
  readonly signal: AbortSignal;
  readonly clock: OwnerClock;
  /** The surface's words for the user's actions, for messages that name one. */
  readonly words: SurfaceWords;
  /** Stamped events go out as they are; bodies get the session and turn ids first. */
  readonly onEvent: (event: EventBody | AgentEvent) => void;
  readonly log: (level: LogLevel, message: string) => void;
}

export interface TurnContext extends Omit<TurnSetup, 'onEvent' | 'clock' | 'log' | 'words'> {
  readonly session: ReadonlySession;
  readonly turn: ReadonlyTurn;
  /** The document as the model last saw it (the latest request, or a tool's result since). */
  documentSeen: DocumentSnapshot | undefined;
  emit(event: EventBody): void;
  /** Saves the session; a failure ends the turn with a clear error. */
  save(): Promise<void>;
  now(): number;
  newId(prefix: string): string;
  log(level: LogLevel, message: string): void;
}
