// Restore, Redo and switching branches, carried out: the plan worked out on the session and the
// lesson as they are (rewindPlan.ts), a question when the teacher's typing meets the agent's edits
// (nothing changes until it is answered), then, under the session's write lock, the restore
// journalled before the lesson changes (one undoable edit), and the conversation's part done in one
// checkpoint after it (finish.ts). A kill at any moment leaves the old state or the new one: the
// next load finishes or drops what the journal says was under way, by the lesson's hash.
import { computeEdits } from '../documents/diff';
import { hashText, makePatch } from '../documents/patch';
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { SessionOwner, type OwnerClock } from '../sessions/owner';
import type { ReadonlySession, Restoring } from '../sessions/schema';
import type { SessionStore } from '../sessions/types';
import { finishRewind } from './finish';
import { planRewind, RewindRefused, type RewindPlan, type RewindRequest } from './rewindPlan';
import { l10n } from '../../shared/l10n';

export { RewindRefused };
export type { RewindPlan, RewindRequest };

export interface RewinderDeps {
  readonly store: SessionStore;
  readonly clock: OwnerClock;
  document(session: ReadonlySession): DocumentAccess | undefined;
  /** A turn of this session runs here: nothing is rewound under it. */
  busy(sessionId: string): boolean;
  /** Settles what a crash left open in a session just opened (Agent.settle); true when something changed. */
  settle(owner: SessionOwner): Promise<boolean>;
  /** Runs `fn` after this process's other openings of the session (Agent.exclusive): they queue instead of refusing each other. */
  exclusive<T>(sessionId: string, fn: () => Promise<T>): Promise<T>;
}

export interface RewindOptions {
  /** Where the teacher's typing meets the agent's edits, keep the typing (the teacher said so). */
  readonly keepTyping?: boolean;
  /** On such places, record the question in the session (the command line's `resume` answers it). */
  readonly recordQuestion?: boolean;
}

export type RewindOutcome = { readonly status: 'done' | 'conflict'; readonly plan: RewindPlan };

/** What a plan changes at all. */
function changes(plan: RewindPlan): boolean {
  return plan.setAside > 0 || plan.broughtBack > 0 || (plan.lesson !== undefined && plan.lesson.after !== plan.lesson.before) || plan.kind === 'redo';
}

function label(plan: RewindPlan): string {
  return plan.kind === 'restore' ? l10n.t('Restore to an earlier point') : plan.kind === 'redo' ? l10n.t('Redo the restore') : l10n.t('Switch to another branch');
}

export class Rewinder {
  constructor(private readonly deps: RewinderDeps) {}

  /** What `request` would change now; nothing is changed (and no lock is taken). */
  async preview(sessionId: string, request: RewindRequest): Promise<RewindPlan> {
    const session = await this.deps.store.get(sessionId);
    const current = await this.readLesson(session, request);
    return planRewind(session, request, current?.text);
  }

  /** Carries `request` out, or (with places to ask about) changes nothing and says so. */
  async rewind(sessionId: string, request: RewindRequest, options: RewindOptions = {}): Promise<RewindOutcome> {
    if (this.deps.busy(sessionId)) throw new RewindRefused(l10n.t('Wait for the agent to finish before restoring.'));
    return this.deps.exclusive(sessionId, async () => {
      const owner = await SessionOwner.open(this.deps.store, sessionId, this.deps.clock);
      try {
        return await this.rewindOwned(owner, request, options);
      } finally {
        await owner.close();
      }
    });
  }

  private async rewindOwned(owner: SessionOwner, request: RewindRequest, options: RewindOptions): Promise<RewindOutcome> {
    if (await this.deps.settle(owner)) await owner.save();
    const document = this.deps.document(owner.session);
    const current = await this.readLesson(owner.session, request);
    const plan = planRewind(owner.session, request, current?.text);
    const restoring = this.restoring(plan, document, options.keepTyping ? 'applying' : 'asking');
    if (plan.lesson && plan.lesson.conflicts.length > 0 && !options.keepTyping) {
      if (options.recordQuestion) {
        owner.setRestoring(restoring);
        await owner.save();
      }
      return { status: 'conflict', plan };
    }
    if (!changes(plan)) throw new RewindRefused(l10n.t('Nothing would change: the agent changed nothing in the lesson after that point.'));
    await this.changeLesson(owner, plan, document, current, { ...restoring, state: 'applying' });
    finishRewind(owner, owner.session.restoring ?? { ...restoring, state: 'applying' });
    await owner.save();
    return { status: 'done', plan };
  }

  /**
   * The teacher's answer to a restore that asked (the command line's `resume`): approved, it is
   * carried out keeping their typing in the places it listed; declined, nothing changes.
   */
  async decide(sessionId: string, approved: boolean): Promise<RewindOutcome | 'declined'> {
    const session = await this.deps.store.get(sessionId);
    const asked = session.restoring;
    if (asked?.state !== 'asking') throw new RewindRefused(l10n.t('This session is not waiting for a decision about a restore.'));
    if (!approved) {
      await this.deps.exclusive(sessionId, async () => {
        const owner = await SessionOwner.open(this.deps.store, sessionId, this.deps.clock);
        try {
          owner.setRestoring(undefined);
          await owner.save();
        } finally {
          await owner.close();
        }
      });
      return 'declined';
    }
    const request: RewindRequest =
      asked.kind === 'restore' ? { kind: 'restore', toTurn: asked.to, scope: asked.scope } : asked.kind === 'redo' ? { kind: 'redo' } : { kind: 'switch', branchId: asked.to };
    return this.rewind(sessionId, request, { keepTyping: true });
  }

  private async readLesson(session: ReadonlySession, request: RewindRequest): Promise<DocumentSnapshot | undefined> {
    if (request.kind === 'restore' && request.scope === 'conversation') return undefined;
    const document = this.deps.document(session);
    if (!document) return undefined;
    try {
      return await document.read();
    } catch (error) {
      throw new RewindRefused(l10n.t('The lesson could not be read, so nothing was restored: {0}', error instanceof Error ? error.message : String(error)));
    }
  }

  private restoring(plan: RewindPlan, document: DocumentAccess | undefined, state: Restoring['state']): Restoring {
    const lesson = plan.lesson;
    const changed = lesson !== undefined && lesson.after !== lesson.before;
    return {
      id: this.deps.clock.newId('restore'),
      kind: plan.kind,
      to: plan.to,
      scope: plan.scope,
      state,
      ...(changed && document ? { documentUri: document.uri, hashBefore: hashText(lesson.before), hashAfter: hashText(lesson.after), patch: makePatch(lesson.before, lesson.after) } : {}),
      undone: [...(lesson?.undone ?? [])],
      redone: [...(lesson?.redone ?? [])],
      conflicts: (lesson?.conflicts ?? []).map((c) => ({ ...c })),
      createdAt: this.deps.clock.now(),
    };
  }

  /** Journalled first, then the lesson changes as one undoable edit; a failure drops the record. */
  private async changeLesson(owner: SessionOwner, plan: RewindPlan, document: DocumentAccess | undefined, current: DocumentSnapshot | undefined, restoring: Restoring): Promise<void> {
    const lesson = plan.lesson;
    if (!lesson || lesson.after === lesson.before || !document || !current) return;
    owner.setRestoring(restoring);
    await owner.save();
    const applied = await document.applyEdits(computeEdits(lesson.before, lesson.after), current, label(plan));
    if (applied.ok) return;
    owner.setRestoring(undefined);
    await owner.save();
    throw new RewindRefused(
      applied.reason === 'conflict'
        ? l10n.t('The lesson changed while it was being restored, so nothing was restored. Try again.')
        : l10n.t('The lesson could not be changed, so nothing was restored: {0}', applied.message),
    );
  }
}
