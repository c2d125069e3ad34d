// The chat view of a stored session. It must equal what the shared view reducer builds from the
// live events of the same turns (the host sends this as the snapshot after a reload), so every rule
// here mirrors one in the loop's event emission: one assistant item per turn, text blocks joined
// by a blank line, cards from the interactive tool calls, partial/error as the reducer marks them.
import { redactSecrets } from '../../shared/secrets';
import type {
  AssistantItem,
  BranchView,
  RedoView,
  ChatItem,
  ConfirmationCard,
  NarrationNote,
  QuestionCard,
  SessionView,
  StepView,
} from '../../shared/view';
import { isPrompt, promptText } from './summary';
import { storedPresence } from './presence';
import type { ReadonlyBranch, ReadonlyEdit, ReadonlyMessage, ReadonlySession, ReadonlyToolCall, ReadonlyTurn } from './schema';

/** What separates two text blocks of one turn, in the events and in the view alike. */
export const TEXT_BLOCK_SEPARATOR = '\n\n';

/** Appends a text block to a turn's text the way the loop streams it. */
export function joinText(acc: string, block: string): string {
  if (block.length === 0) return acc;
  return acc.length === 0 ? block : acc + TEXT_BLOCK_SEPARATOR + block;
}

/** The text of a turn: every text block of its assistant messages, partial ones included. */
export function turnText(messages: readonly ReadonlyMessage[], turnId: string): string {
  let acc = '';
  for (const m of messages) {
    if (m.role !== 'assistant' || m.turnId !== turnId) continue;
    for (const b of m.content) if (b.type === 'text') acc = joinText(acc, b.text);
  }
  return acc;
}

/**
 * The progress notes of a turn, as the loop streamed them: the text of its thinking blocks, each
 * placed after the steps started before its reply; notes at the same step joined by a blank line.
 */
export function turnNarration(session: ReadonlySession, turnId: string): NarrationNote[] {
  const notes: NarrationNote[] = [];
  let steps = 0;
  for (const m of session.messages) {
    if (m.role !== 'assistant' || m.turnId !== turnId) continue;
    for (const b of m.content) {
      if (b.type !== 'thinking' || b.thinking.length === 0) continue;
      const last = notes.at(-1);
      // Thinking is kept as signed; a key in it is redacted where it is shown.
      const text = redactSecrets(b.thinking);
      if (last && last.afterStep === steps) last.text = joinText(last.text, text);
      else notes.push({ afterStep: steps, text });
    }
    if (!m.partial) steps += m.content.filter((b) => b.type === 'tool_use').length;
  }
  return notes;
}

const ASSISTANT_STATUS: Record<ReadonlyTurn['status'], AssistantItem['status']> = {
  running: 'streaming',
  completed: 'done',
  awaiting_user: 'awaiting',
  error: 'error',
  stopped: 'stopped',
};

/**
 * Where each tool call's card appears in the turn's text: the text streamed up to the end of the
 * model call that made it (the reducer records the text's length when the card event arrives).
 */
function cardOffsets(messages: readonly ReadonlyMessage[], turnId: string): Map<string, number> {
  const at = new Map<string, number>();
  let acc = '';
  for (const m of messages) {
    if (m.role !== 'assistant' || m.turnId !== turnId) continue;
    for (const b of m.content) if (b.type === 'text') acc = joinText(acc, b.text);
    for (const b of m.content) if (b.type === 'tool_use') at.set(b.id, acc.length);
  }
  return at;
}

function atText(offsets: ReadonlyMap<string, number>, id: string): { atText?: number } {
  const at = offsets.get(id);
  return at === undefined ? {} : { atText: at };
}

/** What a step shows of its edit: reverted from the panel, undone in the editor, changed since. */
function editStateOf(edit: ReadonlyEdit | undefined): Pick<StepView, 'reverted' | 'editState'> {
  if (!edit || edit.status !== 'applied') return {};
  const presence = storedPresence(edit);
  if (presence === 'applied') return {};
  if (edit.revertedAt !== undefined && presence === 'undone') return { reverted: true };
  return { editState: presence };
}

function stepOf(call: ReadonlyToolCall, edits: ReadonlyMap<string, ReadonlyEdit>): StepView {
  // A call the user declined did not fail: the reducer shows it as declined too.
  const status =
    call.status === 'success'
      ? 'success'
      : call.status === 'running' || call.status === 'awaiting'
        ? 'running'
        : call.status === 'denied'
          ? 'declined'
          : 'error';
  return {
    id: call.id,
    tool: call.tool,
    displayText: call.displayText,
    status,
    ...(call.error !== undefined && status !== 'declined' ? { error: call.error } : {}),
    ...(call.resultSummary !== undefined ? { resultSummary: call.resultSummary } : {}),
    ...(call.editId !== undefined ? { editId: call.editId } : {}),
    ...(call.editId !== undefined ? editStateOf(edits.get(call.editId)) : {}),
  };
}

function cardsOf(turn: ReadonlyTurn, calls: readonly ReadonlyToolCall[], offsets: ReadonlyMap<string, number>): Pick<AssistantItem, 'questions' | 'confirmations'> {
  const questions: QuestionCard[] = [];
  const confirmations: ConfirmationCard[] = [];
  for (const call of calls) {
    const answer = turn.answers?.[call.id];
    if (call.interaction?.kind === 'question') {
      const status = call.status === 'awaiting' ? 'pending' : answer?.answers ? 'answered' : 'interrupted';
      questions.push({
        toolCallId: call.id,
        // View objects are never mutated, so sharing the stored (read-only) arrays is safe.
        questions: call.interaction.questions as QuestionCard['questions'],
        status,
        ...(status === 'answered' && answer?.answers ? { answers: answer.answers as NonNullable<QuestionCard['answers']> } : {}),
        ...atText(offsets, call.id),
      });
    } else if (call.interaction?.kind === 'confirmation') {
      const decided = answer?.approved;
      const status = call.status === 'awaiting' ? 'pending' : decided === true ? 'approved' : decided === false ? 'denied' : 'interrupted';
      confirmations.push({
        toolCallId: call.id,
        request: call.interaction.request,
        status,
        ...(decided !== undefined && answer?.feedback ? { feedback: answer.feedback } : {}),
        ...atText(offsets, call.id),
      });
    }
  }
  return { questions, confirmations };
}

function assistantItem(session: ReadonlySession, turn: ReadonlyTurn, edits: ReadonlyMap<string, ReadonlyEdit>): AssistantItem {
  const calls = Object.values(session.toolCalls).filter((c) => c.turnId === turn.id);
  const status = ASSISTANT_STATUS[turn.status];
  const narration = turnNarration(session, turn.id);
  return {
    kind: 'assistant',
    id: turn.id,
    text: turnText(session.messages, turn.id),
    steps: calls.map((c) => stepOf(c, edits)),
    ...(narration.length > 0 ? { narration } : {}),
    status,
    ...(turn.partial ? { partial: true } : {}),
    ...(status === 'error' && turn.error ? { error: turn.error } : {}),
    ...(turn.usage ? { usage: turn.usage } : {}),
    ...(turn.usage && turn.cost !== undefined ? { cost: turn.cost } : {}),
    ...(turn.model ? { model: turn.model } : {}),
    ...cardsOf(turn, calls, cardOffsets(session.messages, turn.id)),
    createdAt: turn.startedAt,
  };
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
  const edits = new Map(session.edits.map((e) => [e.id, e]));
  for (const turn of session.turns) {
    const prompt = session.messages.find((m) => m.turnId === turn.id && isPrompt(m));
    if (prompt) {
      items.push({
        kind: 'user',
        id: prompt.id,
        text: promptText(prompt),
        createdAt: prompt.createdAt,
        ...(prompt.context ? { context: prompt.context } : {}),
        ...(prompt.bound ? { bound: prompt.bound } : {}),
      });
    }
    items.push(assistantItem(session, turn, edits));
  }
  const branches = branchesOf(session);
  const redo = redoOf(session);
  return {
    sessionId: session.id,
    title: session.title,
    ...(session.document ? { document: session.document } : {}),
    items,
    busy: session.turns.some((t) => t.status === 'running'),
    ...(branches.length > 0 ? { branches } : {}),
    ...(redo ? { redo } : {}),
  };
}
