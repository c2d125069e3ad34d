// What a model reply means for the turn: its content as stored (verbatim, thinking blocks with
// their signatures, but never an API key: a key the reply echoes is replaced in its text and tool
// calls before anything keeps or runs them), and what its stop reason asks the loop to do.
import type Anthropic from '@anthropic-ai/sdk';
import { redactDeep, redactSecrets } from '../../shared/secrets';
import type { StoredBlock } from '../sessions/schema';
import type { AgentError } from './errors';
import { l10n } from '../../shared/l10n';
import { panelWords } from './surface';

/**
 * The blocks kept from a reply: text, tool calls and thinking, as received, with `secrets` (the
 * configured key) and Anthropic-shaped keys redacted from text and tool inputs. Thinking blocks
 * stay exactly as signed (the API refuses them altered); they are redacted where shown.
 */
export function storedContent(message: Anthropic.Message, secrets: readonly (string | null | undefined)[] = []): StoredBlock[] {
  return message.content.flatMap((b): StoredBlock[] => {
    switch (b.type) {
      case 'text':
        return b.text.length > 0 ? [{ type: 'text', text: redactSecrets(b.text, secrets) }] : [];
      case 'tool_use':
        return [{ type: 'tool_use', id: b.id, name: b.name, input: redactDeep(b.input ?? {}, secrets) }];
      case 'thinking':
        return [{ type: 'thinking', thinking: b.thinking, signature: b.signature }];
      case 'redacted_thinking':
        return [{ type: 'redacted_thinking', data: b.data }];
      default:
        // Server tools are never requested, so nothing else is expected; it is not kept.
        return [];
    }
  });
}

export type StopOutcome =
  /**
   * end_turn, stop_sequence, tool_use: run the tools (if any) and go on, or finish. Also pause_turn,
   * which only a server tool's loop causes: none is ever offered, so it is taken as it stands.
   */
  | { kind: 'normal' }
  /** max_tokens: a tool call in it was cut; without one, the answer was. */
  | { kind: 'cut'; error: AgentError }
  /** refusal: nothing of the reply runs or is sent again. */
  | { kind: 'refused'; error: AgentError }
  /** model_context_window_exceeded: the turn ends with what to do. */
  | { kind: 'failed'; error: AgentError };

/**
 * A refusal in a teacher's words. The API's explanation (`stop_details`) is shown as it is, never
 * parsed (its wording is not stable); the same model usually declines again, so the way on is
 * other words, another request, or another model.
 */
export function refusalMessage(message: Anthropic.Message, modelChoice: string): string {
  const details = (message as { stop_details?: { explanation?: unknown } | null }).stop_details;
  const explanation = typeof details?.explanation === 'string' ? details.explanation.trim() : '';
  const way = l10n.t('You can rephrase it, ask for something else, or try another model ({0}): the conversation goes on.', modelChoice);
  return explanation
    ? l10n.t("Claude declined this request, so nothing was changed. Claude's reason: “{0}”. {1}", explanation.replace(/[.\s]+$/, ''), way)
    : l10n.t('Claude declined this request, so nothing was changed. {0}', way);
}

export function stopOutcome(message: Anthropic.Message, modelChoice = panelWords().modelChoice): StopOutcome {
  switch (message.stop_reason) {
    case 'refusal':
      return { kind: 'refused', error: { code: 'refusal', message: refusalMessage(message, modelChoice), retryable: false } };
    case 'model_context_window_exceeded':
      return {
        kind: 'failed',
        error: {
          code: 'context_window',
          message: l10n.t('The conversation and the document no longer fit in what Claude can read at once. Start a new session (the document stays as it is), or ask about one part of it.'),
          retryable: false,
        },
      };
    case 'max_tokens':
      return {
        kind: 'cut',
        error: {
          code: 'max_tokens',
          // No token count: the teacher knows the setting by its name, not its unit.
          message: l10n.t('The answer reached the maximum reply length and was cut. Raise the maximum reply length, or ask for something shorter.'),
          retryable: false,
        },
      };
    default:
      return { kind: 'normal' };
  }
}
