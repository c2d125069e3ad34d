// What a turn runs with (settings, tools, skills, document, workspace, a model client), gathered
// fresh for each turn from what the agent was given; and a turn that ends before its first model
// call. A fault while gathering is reported as the turn's error, not thrown.
import { l10n } from '../../shared/l10n';
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent } from '../../shared/events';
import type { DocumentAccess, WorkspaceAccess } from '../documents/types';
import type { SessionOwner } from '../sessions/owner';
import type { ReadonlySession } from '../sessions/schema';
import type { AgentSettings } from '../settings';
import type { SkillCatalog } from '../skills/types';
import { askUserQuestionTool } from '../tools/askUserQuestion';
import { createToolRegistry, type ToolRegistry } from '../tools/registry';
import type { AnyTool } from '../tools/types';
import type { EventBody, LogLevel } from './context';
import type { AgentError } from './errors';
import type { TurnOutcome } from './types';

/** Where a turn's setup comes from (the agent's deps). */
export interface RunSources {
  /** Throws an error the loop turns into an `error` event with code 'no_api_key' when no key exists. */
  createClient(): Anthropic;
  /** Called per turn (skills may change); order must be stable. AskUserQuestion is added if absent. */
  tools(): readonly AnyTool[];
  skills(): SkillCatalog;
  document(session: ReadonlySession): DocumentAccess | undefined;
  workspace(): WorkspaceAccess | undefined;
  settings(): AgentSettings;
}

export interface RunSetup {
  settings: AgentSettings;
  registry: ToolRegistry;
  skills: SkillCatalog;
  document: DocumentAccess | undefined;
  workspace: WorkspaceAccess | undefined;
  client: Anthropic;
}

export type Emit = (event: EventBody | AgentEvent) => void;
type Log = (level: LogLevel, message: string) => void;

/** The run's settings, tools, document and client; a fault here is reported, not thrown. */
export function setUpRun(sources: RunSources, session: ReadonlySession, log: Log): { ok: true; value: RunSetup } | { ok: false; error: AgentError; cause: unknown } {
  try {
    const settings = sources.settings();
    const tools = sources.tools();
    const all = tools.some((t) => t.name === askUserQuestionTool.name) ? tools : [...tools, askUserQuestionTool];
    const value: Omit<RunSetup, 'client'> = {
      settings,
      registry: createToolRegistry(all, (m) => log('warn', m)),
      skills: sources.skills(),
      document: sources.document(session),
      workspace: sources.workspace(),
    };
    try {
      return { ok: true, value: { ...value, client: sources.createClient() } };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, error: { code: 'no_api_key', message, retryable: true }, cause: err };
    }
  } catch (err) {
    const message = l10n.t('The agent could not start: {0}', err instanceof Error ? err.message : String(err));
    return { ok: false, error: { code: 'unknown', message, retryable: true }, cause: err };
  }
}

/** A turn recorded in the session that ends before any model call: saved as failed, said as an error event. */
export async function failBeforeStart(owner: SessionOwner, turnId: string, emit: Emit, error: AgentError, log: Log): Promise<TurnOutcome> {
  owner.fail(turnId, error);
  try {
    await owner.save();
  } catch (err) {
    log('error', `Saving session ${owner.id} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  emit({ type: 'error', ...error });
  return { status: 'error', turnId, error };
}
