// The command line's restore and Redo, over the same rewinder as the panel:
//   lesson-agent rewind --session-dir DIR --session ID --to TURN_ID [--only document|conversation]
//   lesson-agent redo --session-dir DIR --session ID
// Each prints what changed as one JSON event (`rewound`, `redone`), or, when the teacher's typing
// meets an agent edit so that both cannot be kept, a `confirmation` event listing the places and
// exits 3: `resume --approve` then restores keeping the typing there, `--deny` changes nothing.
import type { Agent } from './core/agent/agent';
import { RewindRefused, type RewindOutcome, type RewindPlan, type RewindRequest } from './core/rewind/rewinder';
import type { RewindScope } from './core/sessions/schema';
import type { CliEvent, RewindEvent } from './shared/events';

export const REWIND_EXIT = { done: 0, failed: 1, usage: 2, waiting: 3 } as const;

export type RewindCommand =
  | { readonly kind: 'rewind'; readonly session: string; readonly to: string; readonly only: 'document' | 'conversation' | undefined }
  | { readonly kind: 'redo'; readonly session: string };

export interface RewindIo {
  write(event: CliEvent): void;
  /** Prints the error event (and the message on stderr) and returns the exit code. */
  fail(exit: number, code: 'rewind' | 'usage', message: string, sessionId: string, turnId?: string): number;
}

/** What changed, as the `rewound` or `redone` event says it. */
export function changeEvent(sessionId: string, plan: RewindPlan, declined = false): RewindEvent {
  const lesson = plan.lesson && plan.scope !== 'conversation' && !declined ? { undone: [...plan.undone], redone: [...plan.redone], kept: plan.lesson.conflicts.map((c) => ({ ...c })) } : undefined;
  const conversation = plan.scope !== 'document' && !declined ? { setAside: plan.setAside, broughtBack: plan.broughtBack } : undefined;
  return {
    type: plan.kind === 'redo' ? 'redone' : 'rewound',
    sessionId,
    turnId: plan.kind === 'switch' ? '' : plan.to,
    ...(lesson ? { lesson } : {}),
    ...(conversation ? { conversation } : {}),
    ...(declined ? { declined: true } : {}),
  };
}

/** The question a restore asks before anything changes: the places where both cannot be kept. */
function question(sessionId: string, toolCallId: string, plan: RewindPlan): CliEvent {
  const places = plan.lesson?.conflicts ?? [];
  return {
    type: 'confirmation',
    sessionId,
    turnId: plan.to,
    toolCallId,
    request: {
      tool: 'rewind',
      title: 'Restore the lesson, keeping your typing where it meets the agent’s edits?',
      summary: `Your typing meets the agent’s edits in ${places.length === 1 ? 'one place' : `${places.length} places`}, so both cannot be kept there. Approve to restore everything else and keep your typing in those places; deny to change nothing.`,
      details: places.map((p) => `Line ${p.line}: ${p.summary}`).join('\n'),
      hasDiff: false,
    },
  };
}

async function outcome(agent: Agent, io: RewindIo, sessionId: string, result: RewindOutcome): Promise<number> {
  if (result.status === 'done') {
    io.write(changeEvent(sessionId, result.plan));
    return REWIND_EXIT.done;
  }
  const asked = (await agent.readSession(sessionId)).restoring;
  io.write(question(sessionId, asked?.id ?? '', result.plan));
  return REWIND_EXIT.waiting;
}

/** Runs `rewind` or `redo`; a restore that cannot be done changes nothing and exits 1. */
export async function runRewind(agent: Agent, io: RewindIo, cmd: RewindCommand): Promise<number> {
  const session = await agent.readSession(cmd.session);
  let request: RewindRequest = { kind: 'redo' };
  if (cmd.kind === 'rewind') {
    if (!session.turns.some((t) => t.id === cmd.to) && !session.branches?.some((b) => b.turns.some((t) => t.id === cmd.to))) {
      return io.fail(REWIND_EXIT.usage, 'usage', `--to ${cmd.to} is not a turn of session ${cmd.session} (use a turnId its events printed).`, cmd.session);
    }
    const scope: RewindScope = cmd.only ?? 'both';
    request = { kind: 'restore', toTurn: cmd.to, scope };
  }
  try {
    return await outcome(agent, io, cmd.session, await agent.rewinder.rewind(cmd.session, request, { recordQuestion: true }));
  } catch (err) {
    if (err instanceof RewindRefused) return io.fail(REWIND_EXIT.failed, 'rewind', err.message, cmd.session, cmd.kind === 'rewind' ? cmd.to : '');
    throw err;
  }
}

/** `resume --approve` / `--deny` on a restore that asked. */
export async function decideRewind(agent: Agent, io: RewindIo, sessionId: string, approved: boolean): Promise<number> {
  const asked = (await agent.readSession(sessionId)).restoring;
  try {
    const result = await agent.rewinder.decide(sessionId, approved);
    if (result !== 'declined') return outcome(agent, io, sessionId, result);
    const plan: RewindPlan = { kind: asked?.kind ?? 'restore', scope: asked?.scope ?? 'both', to: asked?.to ?? '', setAside: 0, broughtBack: 0, undone: [], redone: [] };
    io.write(changeEvent(sessionId, plan, true));
    return REWIND_EXIT.done;
  } catch (err) {
    if (err instanceof RewindRefused) return io.fail(REWIND_EXIT.failed, 'rewind', err.message, sessionId, asked?.to ?? '');
    throw err;
  }
}
