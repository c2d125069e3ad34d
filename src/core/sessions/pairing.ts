// The transcript's pairing invariant: every tool_use of a complete assistant message is answered by
// exactly one tool_result in the user message after it. A crash, Stop or a failure can leave calls
// unanswered; they are answered "interrupted" so the next request is valid.
import type { ReadonlyMessage, StoredMessage, ToolResultBlock } from './schema';

export const INTERRUPTED_RESULT = 'Interrupted: this tool call was not completed (the turn was stopped or failed before it ran).';

export function interruptedResult(toolUseId: string, content = INTERRUPTED_RESULT): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: true };
}

/** tool_use blocks of complete assistant messages that no later message answers. */
export function unansweredToolUses(messages: readonly ReadonlyMessage[]): Array<{ afterIndex: number; ids: string[] }> {
  const found: Array<{ afterIndex: number; ids: string[] }> = [];
  messages.forEach((m, i) => {
    if (m.role !== 'assistant' || m.partial) return;
    const ids = m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    if (ids.length === 0) return;
    const answered = new Set<string>();
    for (let j = i + 1; j < messages.length; j++) {
      const next = messages[j] as ReadonlyMessage;
      if (next.partial) continue;
      if (next.role === 'assistant') break;
      for (const b of next.content) if (b.type === 'tool_result') answered.add(b.tool_use_id);
    }
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) found.push({ afterIndex: i, ids: missing });
  });
  return found;
}

/**
 * Answers every unanswered tool_use with an "interrupted" error result (or what `resultFor` knows of
 * how it ended), in a user message right after its assistant message (merged later with whatever
 * user message follows). `except` holds ids legitimately waiting (a pending question). Returns
 * the ids it answered.
 */
export function repairPairing(
  messages: StoredMessage[],
  make: (results: ToolResultBlock[], after: StoredMessage) => StoredMessage,
  except: ReadonlySet<string> = new Set(),
  resultFor: (toolUseId: string) => ToolResultBlock | undefined = () => undefined,
): string[] {
  const repaired: string[] = [];
  for (const gap of unansweredToolUses(messages).reverse()) {
    const ids = gap.ids.filter((id) => !except.has(id));
    if (ids.length === 0) continue;
    const after = messages[gap.afterIndex] as StoredMessage;
    messages.splice(gap.afterIndex + 1, 0, make(ids.map((id) => resultFor(id) ?? interruptedResult(id)), after));
    repaired.push(...ids);
  }
  return repaired;
}
