// A session exported as Markdown: what the user saw (messages, steps, questions with their answers,
// confirmations with their decisions, errors), readable on its own and safe to share: no tool inputs
// or document snapshots, only the summaries shown in the panel.
import { redactSecrets } from '../../shared/secrets';
import { formatCost, formatDateTime, usageLine } from '../../shared/format';
import { chargeOf, totalSpend } from '../../shared/spend';
import type { AnswerValue } from '../../shared/questions';
import type { AssistantItem } from '../../shared/view';
import type { ReadonlySession } from './schema';
import { sessionToView } from './view';

function quote(text: string): string {
  return text
    .split('\n')
    .map((l) => (l.length > 0 ? `> ${l}` : '>'))
    .join('\n');
}

function answerText(answer: AnswerValue | undefined): string {
  if (answer === null || answer === undefined) return '(skipped)';
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

/** Steps, with the agent's progress notes where they came: with the steps, never in the answer. */
function stepLines(item: AssistantItem): string[] {
  const notes = item.narration ?? [];
  const notesAt = (at: number): string[] => notes.filter((n) => n.afterStep === at).map((n) => `- _Note:_ ${n.text.replace(/\s*\n\s*/g, ' ')}`);
  const lines = item.steps.flatMap((s, i) => {
    const mark = s.status === 'success' ? '✓' : s.status === 'error' ? '✗' : s.status === 'declined' ? '–' : '…';
    const detail = s.status === 'declined' ? 'not applied (you declined)' : (s.error ?? s.resultSummary);
    return [...notesAt(i), `- ${mark} ${s.displayText}${detail ? `: ${detail}` : ''}`];
  });
  return [...lines, ...notesAt(item.steps.length)];
}

function cardLines(item: AssistantItem): string[] {
  const lines: string[] = [];
  for (const card of item.questions) {
    card.questions.forEach((q, i) => {
      const answer = card.status === 'answered' ? answerText(card.answers?.[i]) : `(${card.status})`;
      lines.push(`- **${q.header}**: ${q.question} → ${answer}`);
    });
  }
  for (const card of item.confirmations) {
    const feedback = card.feedback ? ` (“${card.feedback}”)` : '';
    lines.push(`- **${card.request.title}**: ${card.request.summary} → ${card.status}${feedback}`);
  }
  return lines;
}

function assistantSection(item: AssistantItem, locale: string | undefined): string {
  const parts: string[] = ['### Lesson Agent'];
  const steps = stepLines(item);
  if (steps.length > 0) parts.push(steps.join('\n'));
  const cards = cardLines(item);
  if (cards.length > 0) parts.push(cards.join('\n'));
  if (item.text) parts.push(item.partial ? `${item.text}\n\n_(cut short)_` : item.text);
  if (item.status === 'stopped') parts.push('_Stopped._');
  if (item.error) parts.push(`**Error** (${item.error.code}): ${item.error.message}`);
  // The same words as the panel's (chargeOf), so the two never disagree.
  const charge = chargeOf([item]);
  if (charge?.kind === 'cost') parts.push(`_Cost: ${formatCost(charge.usd, locale)}_`);
  else if (charge?.kind === 'free') parts.push('_No charge: offline demo_');
  else if (charge && item.usage) parts.push(`_Cost not known (tokens: ${usageLine(item.usage, locale)})_`);
  return parts.join('\n\n');
}

/** The session as Markdown; `secrets` (the configured key) and any Anthropic-shaped key are redacted. */
export function sessionToMarkdown(session: ReadonlySession, options: { locale?: string; secrets?: readonly (string | undefined)[] } = {}): string {
  return redactSecrets(markdownOf(session, options), options.secrets);
}

function markdownOf(session: ReadonlySession, options: { locale?: string }): string {
  const view = sessionToView(session);
  const out: string[] = [`# ${session.title}`];
  const meta = [`Created ${formatDateTime(session.createdAt, options.locale)}`];
  if (session.document) meta.push(`document: ${session.document.name}`);
  const spent = totalSpend(view.items.flatMap((i) => (i.kind === 'assistant' ? [i] : [])));
  if (spent?.cost !== undefined) meta.push(`cost ${formatCost(spent.cost, options.locale)}`);
  out.push(`_${meta.join(' · ')}_`);
  for (const item of view.items) {
    if (item.kind === 'user') {
      const context = item.context ? `\n\n_Context: ${item.context}_` : '';
      out.push(`### You\n\n${quote(item.text)}${context}`);
    } else {
      out.push(assistantSection(item, options.locale));
    }
  }
  return `${out.join('\n\n')}\n`;
}
