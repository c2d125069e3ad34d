// What the panel asks about going back: what "Restore to here" would change (shown before anything
// changes, with a diff of the lesson on request), the restore itself, Redo, switching to a branch,
// editing an earlier message and sending it again, and a new session from a point. Everything goes
// through the agent's rewinder (and so the session's owner); the editor only shows the diff.
import type { RewindPreview, RewindResult, RewindTarget } from '../../shared/protocol';
import type { Agent } from '../agent/agent';
import { RewindRefused, type RewindPlan, type RewindRequest } from '../rewind/rewinder';
import type { ReadonlySession } from '../sessions/schema';
import { promptText } from '../sessions/summary';
import { SessionInUseError } from '../sessions/types';
import { l10n } from '../../shared/l10n';

export function rewindKey(sessionId: string): string {
  return `rewind:${sessionId}`;
}

export interface PanelRewindDeps {
  agent: Pick<Agent, 'rewinder' | 'readSession' | 'copySession'>;
  /** The editor's diff tabs (ChatHostActions' own, named here so this file needs nothing of the controller). */
  actions: {
    openTextDiff(key: string, documentUri: string, before: string, after: string, title: string): Promise<void>;
    closeDiffs(keys: readonly string[]): Promise<void>;
  };
  currentSessionId(): string | undefined;
  /** A turn is running: nothing is rewound under it. */
  busy(): boolean;
  /** The session changed (restored, switched): the panel shows it as saved. */
  changed(session: ReadonlySession): Promise<void>;
  /** Shows another session (a new one from a point). */
  show(session: ReadonlySession): Promise<void>;
  /** Puts text in the input. */
  prefill(text: string): void;
}

function failure(error: unknown): { ok: false; message: string } {
  if (error instanceof RewindRefused || error instanceof SessionInUseError) return { ok: false, message: error.message };
  throw error;
}

export class PanelRewind {
  constructor(private readonly deps: PanelRewindDeps) {}

  /** The rewinder's request for what the panel names, or why there is none. */
  private async request(target: RewindTarget): Promise<{ sessionId: string; request: RewindRequest; session: ReadonlySession }> {
    const sessionId = this.deps.currentSessionId();
    if (!sessionId) throw new RewindRefused(l10n.t('No session is open.'));
    const session = await this.deps.agent.readSession(sessionId);
    if (target.kind !== 'restore') return { sessionId, session, request: target.kind === 'redo' ? { kind: 'redo' } : { kind: 'switch', branchId: target.branchId } };
    const turnId = session.messages.find((m) => m.id === target.messageId)?.turnId;
    if (!turnId) throw new RewindRefused(l10n.t('That message is no longer in the conversation.'));
    return { sessionId, session, request: { kind: 'restore', toTurn: turnId, scope: target.scope } };
  }

  async preview(target: RewindTarget): Promise<RewindPreview> {
    try {
      const { sessionId, request } = await this.request(target);
      return previewOf(await this.deps.agent.rewinder.preview(sessionId, request));
    } catch (error) {
      return failure(error);
    }
  }

  /** A diff of the lesson now against the lesson after the rewind. */
  async review(target: RewindTarget): Promise<void> {
    const { sessionId, request, session } = await this.request(target);
    const plan = await this.deps.agent.rewinder.preview(sessionId, request);
    const document = session.document;
    if (!plan.lesson || !document) return;
    const title =
      target.kind === 'redo'
        ? l10n.t('Redo: {0} (now ↔ after)', document.name)
        : target.kind === 'switch'
          ? l10n.t('Switch to another branch: {0} (now ↔ after)', document.name)
          : l10n.t('Restore to an earlier point: {0} (now ↔ after)', document.name);
    await this.deps.actions.openTextDiff(rewindKey(sessionId), document.uri, plan.lesson.before, plan.lesson.after, title);
  }

  async rewind(target: RewindTarget, keepTyping: boolean): Promise<RewindResult> {
    if (this.deps.busy()) return { ok: false, message: l10n.t('Wait for the agent to finish before going back.') };
    try {
      const { sessionId, request, session } = await this.request(target);
      const outcome = await this.deps.agent.rewinder.rewind(sessionId, request, { keepTyping });
      if (outcome.status === 'conflict') return { ok: false, message: l10n.t('Your typing meets the agent’s changes here.'), conflicts: [...(outcome.plan.lesson?.conflicts ?? [])] };
      await this.deps.actions.closeDiffs([rewindKey(sessionId)]);
      await this.deps.changed(await this.deps.agent.readSession(sessionId));
      // The words restored away go back in the input, to send again or change.
      const restored = target.kind === 'restore' && target.scope !== 'document' ? session.messages.find((m) => m.id === target.messageId) : undefined;
      if (restored) this.deps.prefill(promptText(restored));
      return { ok: true };
    } catch (error) {
      return failure(error);
    }
  }

  /** Restores both to before the message; the caller then sends the new words. */
  async restoreForResend(messageId: string, keepTyping: boolean): Promise<RewindResult> {
    if (this.deps.busy()) return { ok: false, message: l10n.t('Wait for the agent to finish before sending again.') };
    try {
      const { sessionId, request } = await this.request({ kind: 'restore', messageId, scope: 'both' });
      const outcome = await this.deps.agent.rewinder.rewind(sessionId, request, { keepTyping });
      if (outcome.status === 'conflict') return { ok: false, message: l10n.t('Your typing meets the agent’s changes here.'), conflicts: [...(outcome.plan.lesson?.conflicts ?? [])] };
      await this.deps.changed(await this.deps.agent.readSession(sessionId));
      return { ok: true };
    } catch (error) {
      return failure(error);
    }
  }

  /** A new session with the conversation before the message, shown, with the message in the input. */
  async newSessionFrom(messageId: string): Promise<void> {
    const sessionId = this.deps.currentSessionId();
    if (!sessionId) return;
    const session = await this.deps.agent.readSession(sessionId);
    const message = session.messages.find((m) => m.id === messageId);
    if (!message) throw new RewindRefused(l10n.t('That message is no longer in the conversation.'));
    await this.deps.show(await this.deps.agent.copySession(sessionId, message.turnId));
    this.deps.prefill(promptText(message));
  }
}

function previewOf(plan: RewindPlan): RewindPreview {
  const lesson = plan.lesson;
  return {
    ok: true,
    setAside: plan.setAside,
    broughtBack: plan.broughtBack,
    ...(lesson ? { lesson: { undone: [...plan.undone], redone: [...plan.redone], conflicts: lesson.conflicts.map((c) => ({ ...c })), changes: lesson.after !== lesson.before } } : {}),
  };
}
