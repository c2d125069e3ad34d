// The chat view of a stored session: what a reloaded panel shows. Its turns are replayed as the
// events the loop emitted (replay.ts) and folded by the panel's own reducer, so a turn looks the
// same live and reloaded by one set of rules. Only what no event carries is added here: the title,
// the document, the branches and Redo, and what the document holds now of each edit.
import type { AssistantItem, BranchView, ChatItem, RedoView, SessionView, StepView } from '../../shared/view';
import { emptySessionView } from '../../shared/view';
import { applyAgentEvents } from '../../shared/viewReducer';
import { storedPresence } from './presence';
import { turnEvents } from './replay';
import type { ReadonlyBranch, ReadonlyEdit, ReadonlyMessage, ReadonlySession } from './schema';
import { isPrompt, promptText } from './summary';

/** What a step shows of its edit: reverted from the panel, undone in the editor, changed since. */
function editStateOf(edit: ReadonlyEdit | undefined): Pick<StepView, 'reverted' | 'editState'> {
  if (!edit || edit.status !== 'applied') return {};
  const presence = storedPresence(edit);
  if (presence === 'applied') return {};
  if (edit.revertedAt !== undefined && presence === 'undone') return { reverted: true };
  return { editState: presence };
}

function withEditStates(item: ChatItem, edits: ReadonlyMap<string, ReadonlyEdit>): ChatItem {
  if (item.kind !== 'assistant' || !item.steps.some((s) => s.editId !== undefined)) return item;
  const steps = item.steps.map((s) => (s.editId === undefined ? s : { ...s, ...editStateOf(edits.get(s.editId)) }));
  return { ...item, steps } satisfies AssistantItem;
}

const FIRST_WORDS = 80;

function firstWords(messages: readonly ReadonlyMessage[]): string {
  const prompt = messages.find((m) => isPrompt(m));
  const text = prompt ? promptText(prompt).replace(/\s+/g, ' ').trim() : '';
  return text.length > FIRST_WORDS ? `${text.slice(0, FIRST_WORDS - 1).trimEnd()}…` : text;
}

function messageCount(branch: ReadonlyBranch): number {
  return branch.turns.length + branch.messages.filter((m) => isPrompt(m)).length;
}

function branchView(b: ReadonlyBranch): BranchView {
  return { id: b.id, ...(b.afterTurn ? { afterTurn: b.afterTurn } : {}), firstWords: firstWords(b.messages), messages: messageCount(b), setAsideAt: b.setAsideAt };
}

/** The branches that can be switched to from the main line (those that left it at one of its turns), but Redo's. */
function branchesOf(session: ReadonlySession): BranchView[] {
  const turns = new Set(session.turns.map((t) => t.id));
  return (session.branches ?? []).filter((b) => b.id !== session.redo?.branch && (b.afterTurn === undefined || turns.has(b.afterTurn))).map(branchView);
}

function redoOf(session: ReadonlySession): RedoView | undefined {
  const redo = session.redo;
  if (!redo) return undefined;
  const branch = redo.branch ? session.branches?.find((b) => b.id === redo.branch) : undefined;
  return { edits: redo.edits.length, ...(branch ? { branch: branchView(branch) } : {}) };
}

export function sessionToView(session: ReadonlySession): SessionView {
  const items: ChatItem[] = [];
  let busy = false;
  const edits = new Map(session.edits.map((e) => [e.id, e]));
  // Each turn's events touch its own items only, so each is folded on its own: a long session's
  // fold then never copies the items of the others.
  const base = emptySessionView(session.id, session.title);
  for (const events of turnEvents(session)) {
    const turn = applyAgentEvents(base, events);
    for (const item of turn.items) items.push(withEditStates(item, edits));
    busy ||= turn.busy;
  }
  const branches = branchesOf(session);
  const redo = redoOf(session);
  return {
    sessionId: session.id,
    title: session.title,
    ...(session.document ? { document: session.document } : {}),
    items,
    busy,
    ...(branches.length > 0 ? { branches } : {}),
    ...(redo ? { redo } : {}),
  };
}
