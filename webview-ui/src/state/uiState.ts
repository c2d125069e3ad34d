// The webview's own state, apart from what the host owns: the input draft, the progress of
// half-answered question cards, which finished step lists are expanded, the sessions panel.
// The draft and card progress are kept through vscode.setState so a reload loses neither.
import * as z from 'zod';
import type { CardAction, CardProgress } from '../questions/questionModel';
import { newProgress, updateCard } from '../questions/questionModel';

export interface UiState {
  draft: string;
  cards: Record<string, CardProgress>;
  /** Turn id -> steps expanded (finished turns start collapsed). */
  expanded: Record<string, boolean>;
  /** Confirmation toolCallId -> decision posted, until the host records it. */
  decided: Record<string, boolean>;
  sessionsOpen: boolean;
  branchesOpen: boolean;
}

export type UiAction =
  | { type: 'draft'; text: string }
  | { type: 'toggleSteps'; turnId: string }
  | { type: 'card'; toolCallId: string; count: number; action: CardAction }
  | { type: 'decided'; toolCallId: string }
  | { type: 'sessionsOpen'; open: boolean }
  | { type: 'branchesOpen'; open: boolean }
  /** Drops card progress for cards that are no longer pending (keeps the persisted state small). */
  | { type: 'prune'; pending: readonly string[] };

export const initialUiState: UiState = { draft: '', cards: {}, expanded: {}, decided: {}, sessionsOpen: false, branchesOpen: false };

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case 'draft':
      return action.text === state.draft ? state : { ...state, draft: action.text };
    case 'toggleSteps':
      return { ...state, expanded: { ...state.expanded, [action.turnId]: !state.expanded[action.turnId] } };
    case 'card': {
      const current = state.cards[action.toolCallId] ?? newProgress(action.count);
      const next = updateCard(current, action.action);
      return next === current ? state : { ...state, cards: { ...state.cards, [action.toolCallId]: next } };
    }
    case 'decided':
      return { ...state, decided: { ...state.decided, [action.toolCallId]: true } };
    case 'sessionsOpen':
      return state.sessionsOpen === action.open ? state : { ...state, sessionsOpen: action.open, ...(action.open ? { branchesOpen: false } : {}) };
    case 'branchesOpen':
      return state.branchesOpen === action.open ? state : { ...state, branchesOpen: action.open, ...(action.open ? { sessionsOpen: false } : {}) };
    case 'prune': {
      const keep = new Set(action.pending);
      const ids = Object.keys(state.cards);
      if (ids.every((id) => keep.has(id))) return state;
      const cards = Object.fromEntries(Object.entries(state.cards).filter(([id]) => keep.has(id)));
      return { ...state, cards };
    }
  }
}

const draftSchema = z.object({
  selected: z.array(z.string()),
  other: z.string().nullable(),
  text: z.string(),
  end: z.string(),
  skipped: z.boolean(),
});
const persistedSchema = z.object({
  version: z.literal(1),
  draft: z.string(),
  cards: z.record(z.string(), z.object({ index: z.number().int().nonnegative(), drafts: z.array(draftSchema), submitted: z.boolean() })),
});
type Persisted = z.infer<typeof persistedSchema>;

export function toPersisted(state: UiState): Persisted {
  // A posted answer is not kept: after a reload the host's snapshot says whether it arrived.
  const cards = Object.fromEntries(Object.entries(state.cards).map(([id, p]) => [id, { ...p, submitted: false }]));
  return { version: 1, draft: state.draft, cards };
}

/** Reads what vscode.getState() returned; anything unreadable starts fresh rather than failing. */
export function fromPersisted(raw: unknown): UiState {
  const parsed = persistedSchema.safeParse(raw);
  if (!parsed.success) return initialUiState;
  return { ...initialUiState, draft: parsed.data.draft, cards: parsed.data.cards };
}
