// What the parts of a running turn share: the session being changed, the turn's record, the tools,
// the bound document, and how to emit events and save. One object per `Agent.run`.
import type { AgentEvent } from '../../shared/events';
import type { DocumentAccess, DocumentSnapshot, WorkspaceAccess } from '../documents/types';
import type { Session, TurnRecord } from '../sessions/types';
import type { SkillCatalog } from '../skills/types';
import type { ToolRegistry } from '../tools/registry';
import type { AgentSettings } from './agent';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the loop stamps it with the session and turn ids. */
export type EventBody = DistributiveOmit<AgentEvent, 'sessionId' | 'turnId'>;

export type LogLevel = 'info' | 'warn' | 'error';

export interface TurnContext {
  readonly session: Session;
  readonly turn: TurnRecord;
  readonly settings: AgentSettings;
  readonly registry: ToolRegistry;
  readonly skills: SkillCatalog;
  readonly document: DocumentAccess | undefined;
  readonly workspace: WorkspaceAccess | undefined;
  readonly signal: AbortSignal;
  /** The document as the model last saw it (the latest request, or a tool's result since). */
  documentSeen: DocumentSnapshot | undefined;
  emit(event: EventBody): void;
  save(): Promise<void>;
  now(): number;
  newId(prefix: string): string;
  log(level: LogLevel, message: string): void;
}
