// What a restore, Redo or switch of branch would change, worked out from the session and the
// document as they are, before anything changes: the messages set aside or brought back (as the
// teacher counts them: their messages and the replies) and the lesson's new text. Pure; the
// rewinder (rewinder.ts) shows it, asks when it must, and carries it out through the owner.
import type { ReadonlyBranch, ReadonlyEdit, ReadonlySession, ReadonlyTurn, RewindScope } from '../sessions/schema';
import { isPrompt } from '../sessions/summary';
import { planLesson, type LessonPlan, type LessonStep } from './lessonPlan';
import { l10n } from '../../shared/l10n';

export type RewindRequest =
  | { readonly kind: 'restore'; readonly toTurn: string; readonly scope: RewindScope }
  | { readonly kind: 'redo' }
  | { readonly kind: 'switch'; readonly branchId: string };

export interface RewindPlan {
  readonly kind: RewindRequest['kind'];
  readonly scope: RewindScope;
  /** restore: the turn it goes back to before; switch: the branch; redo: the turn the restore went back to. */
  readonly to: string;
  /** The turn the conversation is set aside from (restore, switch), if anything is. */
  readonly asideFrom?: string;
  /** Messages set aside and brought back, as the teacher counts them (their words and the replies). */
  readonly setAside: number;
  readonly broughtBack: number;
  /** The lesson's change; absent when the lesson is not part of it or there is no document. */
  readonly lesson?: LessonPlan;
  /** The summaries of the edits undone and made again, in order. */
  readonly undone: readonly string[];
  readonly redone: readonly string[];
}

/** A rewind that cannot be done, in the teacher's words; nothing was changed. */
export class RewindRefused extends Error {}

function countMessages(session: ReadonlySession, turns: readonly ReadonlyTurn[]): number {
  const ids = new Set(turns.map((t) => t.id));
  const prompts = session.messages.filter((m) => ids.has(m.turnId) && isPrompt(m)).length;
  return turns.length + prompts;
}

function branchMessages(branch: ReadonlyBranch): number {
  return branch.turns.length + branch.messages.filter((m) => isPrompt(m)).length;
}

/** The landed edits of `turns` in the bound document, in the order they were made. */
function editsOf(session: ReadonlySession, turnIds: ReadonlySet<string>, documentUri: string | undefined): ReadonlyEdit[] {
  return session.edits.filter((e) => e.status === 'applied' && turnIds.has(e.turnId) && e.documentUri === documentUri);
}

function byIds(session: ReadonlySession, ids: readonly string[]): ReadonlyEdit[] {
  const wanted = new Set(ids);
  return session.edits.filter((e) => wanted.has(e.id));
}

const undoAll = (edits: readonly ReadonlyEdit[]): LessonStep[] => [...edits].reverse().map((edit) => ({ edit, undo: true }));
const redoAll = (edits: readonly ReadonlyEdit[]): LessonStep[] => edits.map((edit) => ({ edit, undo: false }));

interface Parts {
  scope: RewindScope;
  to: string;
  asideFrom?: string;
  setAside: number;
  broughtBack: number;
  steps: LessonStep[];
}

function restoreParts(session: ReadonlySession, toTurn: string, scope: RewindScope, uri: string | undefined): Parts {
  const at = session.turns.findIndex((t) => t.id === toTurn);
  if (at < 0) throw new RewindRefused(l10n.t('That message is no longer in the conversation.'));
  const later = session.turns.slice(at);
  const steps = scope === 'conversation' ? [] : undoAll(editsOf(session, new Set(later.map((t) => t.id)), uri));
  return { scope, to: toTurn, ...(scope === 'document' ? {} : { asideFrom: toTurn }), setAside: scope === 'document' ? 0 : countMessages(session, later), broughtBack: 0, steps };
}

function redoParts(session: ReadonlySession): Parts {
  const redo = session.redo;
  if (!redo) throw new RewindRefused(l10n.t('There is nothing to redo: a message was sent since the last restore, or nothing was restored.'));
  const branch = redo.branch ? session.branches?.find((b) => b.id === redo.branch) : undefined;
  if (redo.branch && !branch) throw new RewindRefused(l10n.t('What the last restore set aside is no longer in this session.'));
  const scope: RewindScope = branch ? (redo.edits.length > 0 ? 'both' : 'conversation') : 'document';
  return { scope, to: redo.to, setAside: 0, broughtBack: branch ? branchMessages(branch) : 0, steps: redoAll(byIds(session, redo.edits)) };
}

function switchParts(session: ReadonlySession, branchId: string, uri: string | undefined): Parts {
  const branch = session.branches?.find((b) => b.id === branchId);
  if (!branch) throw new RewindRefused(l10n.t('That branch is no longer in this session.'));
  const from = branch.afterTurn === undefined ? 0 : session.turns.findIndex((t) => t.id === branch.afterTurn) + 1;
  if (from === 0 && branch.afterTurn !== undefined) throw new RewindRefused(l10n.t('That branch left the conversation at a point that is on another branch now: switch to that one first.'));
  const later = session.turns.slice(from);
  const steps = [...undoAll(editsOf(session, new Set(later.map((t) => t.id)), uri)), ...redoAll(byIds(session, branch.undone))];
  return { scope: 'both', to: branchId, ...(later[0] ? { asideFrom: later[0].id } : {}), setAside: countMessages(session, later), broughtBack: branchMessages(branch), steps };
}

/** The plan for `request` on `session`, the bound document's text being `current` (undefined: none). */
export function planRewind(session: ReadonlySession, request: RewindRequest, current: string | undefined): RewindPlan {
  const uri = session.document?.uri;
  const parts =
    request.kind === 'restore' ? restoreParts(session, request.toTurn, request.scope, uri) : request.kind === 'redo' ? redoParts(session) : switchParts(session, request.branchId, uri);
  const lesson = current !== undefined && parts.steps.length > 0 ? planLesson(current, parts.steps) : undefined;
  const summary = (ids: readonly string[] | undefined): string[] => (ids ? byIds(session, ids).map((e) => e.summary) : []);
  return {
    kind: request.kind,
    scope: parts.scope,
    to: parts.to,
    ...(parts.asideFrom ? { asideFrom: parts.asideFrom } : {}),
    setAside: parts.setAside,
    broughtBack: parts.broughtBack,
    ...(lesson ? { lesson } : {}),
    undone: summary(lesson?.undone),
    redone: summary(lesson?.redone),
  };
}
