// What the panel asks of the editor around the conversation: a diff of a proposal or of an
// applied edit, Revert (asked in the panel, answered with its outcome), an export said in the
// panel, and opening the file it wrote. Diffs are opened under keys so they close once their
// proposal is decided or their edit reverted.
import type { HostMessage, RevertResult } from '../../shared/protocol';
import type { Agent } from '../agent/agent';
import type { ReadonlyEdit, ReadonlySession } from '../sessions/schema';
import type { ChatHostActions } from './chatTypes';
import type { LogLevel } from '../agent/context';
import { l10n } from '../../shared/l10n';

export function proposalKey(toolCallId: string): string {
  return `proposal:${toolCallId}`;
}

export function editKey(editId: string): string {
  return `edit:${editId}`;
}

export interface PanelActionsDeps {
  /** Reads sessions and records a revert (the session's owner makes every change). */
  agent: Pick<Agent, 'readSession' | 'markReverted' | 'observeEdits'>;
  actions: ChatHostActions;
  log(level: LogLevel, message: string): void;
  currentSessionId(): string | undefined;
  /** A turn is running: nothing is reverted under it. */
  busy(): boolean;
  send(message: HostMessage): void;
  /** An edit of this (saved) session was reverted or applied again: the panel shows it so. */
  reverted(session: ReadonlySession): void;
}

export class PanelActions {
  /** Files the panel may open on request: the exports this host wrote. */
  private readonly openable = new Set<string>();

  constructor(private readonly deps: PanelActionsDeps) {}

  async reviewProposal(toolCallId: string): Promise<void> {
    const sessionId = this.deps.currentSessionId();
    if (!sessionId) return;
    const pending = (await this.deps.agent.readSession(sessionId)).pending;
    if (pending?.kind !== 'confirmation' || pending.toolCallId !== toolCallId || !pending.proposal) {
      this.deps.actions.notify('warn', l10n.t('There is no proposed change to review for this request any more.'));
      return;
    }
    await this.deps.actions.openProposalDiff(proposalKey(toolCallId), pending.proposal, pending.request.title);
  }

  async reviewEdit(editId: string): Promise<void> {
    const found = await this.findEdit(editId);
    if (!found) {
      this.deps.actions.notify('warn', l10n.t('That edit is no longer in this session.'));
      return;
    }
    await this.deps.actions.openEditDiff(editKey(editId), found.edit);
  }

  /** Reverts one applied edit; the panel asked the user first and shows the outcome. */
  async revert(editId: string): Promise<RevertResult> {
    if (this.deps.busy()) return { ok: false, message: l10n.t('Wait for the agent to finish before reverting an edit.') };
    const found = await this.findEdit(editId);
    if (!found) return { ok: false, message: l10n.t('That edit is no longer in this session.') };
    const { session, edit } = found;
    if (edit.revertedAt) return { ok: false, message: l10n.t('This edit was already reverted.') };
    const result = await this.deps.actions.revertEdit(session, edit);
    if (!result.ok) return result;
    await this.deps.agent.markReverted(session.id, editId);
    this.deps.reverted(await this.deps.agent.readSession(session.id));
    // Its diff shows a change that no longer stands.
    await this.deps.actions.closeDiffs([editKey(editId)]);
    return { ok: true };
  }

  /** Makes an undone or reverted edit again; the panel shows the outcome. */
  async applyAgain(editId: string): Promise<RevertResult> {
    if (this.deps.busy()) return { ok: false, message: l10n.t('Wait for the agent to finish before applying an edit again.') };
    const found = await this.findEdit(editId);
    if (!found) return { ok: false, message: l10n.t('That edit is no longer in this session.') };
    const result = await this.deps.actions.applyEditAgain(found.edit);
    if (!result.ok) return result;
    await this.followDocument();
    return { ok: true };
  }

  /**
   * The bound document changed: edits it no longer holds, or holds again, are recorded so, the
   * panel shows them so, and the review diffs of those edits close (they showed another state).
   */
  async followDocument(): Promise<void> {
    const sessionId = this.deps.currentSessionId();
    if (!sessionId || this.deps.busy()) return;
    const changed = await this.deps.agent.observeEdits(sessionId);
    if (changed.length === 0) return;
    this.deps.reverted(await this.deps.agent.readSession(sessionId));
    await this.deps.actions.closeDiffs(changed.map(editKey));
  }

  /** Exports a session (after a save dialog) and says where it went, in the panel. */
  async exportSession(sessionId: string): Promise<void> {
    const file = await this.deps.actions.exportSession(await this.deps.agent.readSession(sessionId));
    if (!file) return;
    this.openable.add(file.uri);
    this.deps.send({ type: 'exported', sessionId, name: file.name, folder: file.folder, path: file.path, uri: file.uri });
  }

  async openFile(uri: string): Promise<void> {
    if (this.openable.has(uri)) await this.deps.actions.showDocument(uri);
    else this.deps.log('warn', 'Ignored a request to open a file the panel was not offered.');
  }

  private async findEdit(editId: string): Promise<{ session: ReadonlySession; edit: ReadonlyEdit } | undefined> {
    const sessionId = this.deps.currentSessionId();
    if (!sessionId) return undefined;
    const session = await this.deps.agent.readSession(sessionId);
    const edit = session.edits.find((e) => e.id === editId);
    return edit ? { session, edit } : undefined;
  }
}
