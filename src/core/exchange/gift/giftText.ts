// GIFT question text (in any of its formats) as the quiz's runs and blocks, with the gap of a
// missing-word question and the hints Lesson Agent writes beside gaps recovered.
import { l10n } from '../../../shared/l10n';
import type { TextChoice, TextFormat } from 'gift-pegjs';
import { htmlFragment } from '../html';
import type { Lost, MarkupNode } from '../markup';
import { readBlocks, readInlines } from '../markup';
import type { Gap, GapText, Text, TextBlock } from '../quiz';

/** Where gift-pegjs puts the answers of a missing-word question in its stem. */
export const GIFT_GAP = '_____';
const HINT_OPEN = '\u0001';
const HINT_CLOSE = '\u0002';

function isHint(node: MarkupNode): boolean {
  return node.kind === 'element' && node.name.toLowerCase() === 'span' && (node.attributes['class'] ?? '').split(/\s+/).includes('hint');
}

/** Hints become marked text, so they survive into the runs and can be told from the sentence. */
function markHints(nodes: readonly MarkupNode[]): MarkupNode[] {
  return nodes.map((node) => {
    if (node.kind !== 'element') return node;
    if (isHint(node)) return { kind: 'text', text: `${HINT_OPEN}${readInlines(node.children, new Map()).map((r) => (r.kind === 'text' ? r.text : ' ')).join('')}${HINT_CLOSE}` };
    return { ...node, children: markHints(node.children) };
  });
}

export function giftNodes(text: TextFormat | null | undefined): MarkupNode[] {
  if (!text || text.text.trim() === '') return [];
  if (text.format === 'html') return markHints(htmlFragment(text.text));
  // [moodle], [plain] and [markdown] text is read as it is written: lines break where it breaks.
  return text.text.split(/\r?\n/).flatMap((line, i): MarkupNode[] => [...(i > 0 ? [{ kind: 'element', name: 'br', attributes: {}, children: [] } as const] : []), { kind: 'text', text: line }]);
}

function unmark(text: Text): Text {
  return text.map((run) => (run.kind === 'text' ? { ...run, text: run.text.replace(new RegExp(`${HINT_OPEN}([^${HINT_CLOSE}]*)${HINT_CLOSE}`, 'g'), '$1') } : run));
}

/** Text as one run of inlines: paragraphs of an [html] stem joined by line breaks. */
export function giftInlines(text: TextFormat | null | undefined, lost: Lost): Text {
  return giftBlocks(text, lost).flatMap((b, i) => [
    ...(i > 0 ? [{ kind: 'br' as const }] : []),
    ...(b.kind === 'list' ? b.items.flatMap((item, j) => [...(j > 0 ? [{ kind: 'br' as const }] : []), ...item]) : b.content),
  ]);
}

export function giftBlocks(text: TextFormat | null | undefined, lost: Lost): TextBlock[] {
  return readBlocks(giftNodes(text), lost).map((b) => (b.kind === 'list' ? { ...b, items: b.items.map(unmark) } : { ...b, content: unmark(b.content) }));
}

/** Plain text of an answer (answers are compared as text; tags and entities of [html] read as shown). */
export function giftPlain(text: TextFormat | null | undefined): string {
  return giftInlines(text, new Map())
    .map((r) => (r.kind === 'text' ? r.text : ' '))
    .join('')
    .trim();
}

/**
 * A stem with its gap: the runs before and after the first GIFT_GAP (or after the whole stem, for
 * a question whose answers come at the end), the hint written right after it taken as the gap's.
 */
export function withGap(stem: TextFormat, gap: Omit<Gap, 'kind'>, lost: Lost): GapText {
  const runs = readInlines(giftNodes(stem), lost);
  const at = runs.findIndex((r) => r.kind === 'text' && r.text.includes(GIFT_GAP));
  const found = runs[at];
  const before: Text = at < 0 ? runs : runs.slice(0, at);
  let after: Text = at < 0 ? [] : runs.slice(at + 1);
  if (found?.kind === 'text') {
    const [head = '', ...tail] = found.text.split(GIFT_GAP);
    if (head) before.push({ ...found, text: head });
    const rest = tail.join(GIFT_GAP);
    if (rest) after = [{ ...found, text: rest }, ...after];
  }
  let hint = gap.hint;
  const first = after[0];
  const match = first?.kind === 'text' ? new RegExp(`^\\s*${HINT_OPEN}\\(?([^${HINT_CLOSE}]*?)\\)?${HINT_CLOSE}`).exec(first.text) : null;
  if (first?.kind === 'text' && match) {
    hint = match[1];
    after = [{ ...first, text: first.text.slice(match[0].length) }, ...after.slice(1)].filter((r) => r.kind !== 'text' || r.text !== '');
  }
  if (at < 0 && before.length > 0) before.push({ kind: 'text', text: ' ' });
  const g: Gap = { kind: 'gap', answer: gap.answer, alts: gap.alts, ...(hint ? { hint } : {}) };
  return [...unmark(before), g, ...unmark(after)];
}

/** Feedback on each answer, kept as a teacher's note (in the teacher's language): a lesson has no feedback per option. */
export function feedbackNotes(choices: readonly TextChoice[], lost: Lost): TextBlock[] {
  return choices.flatMap((c): TextBlock[] =>
    c.feedback ? [{ kind: 'paragraph', content: [{ kind: 'text', text: `${l10n.t('Feedback on “{0}”:', giftPlain(c.text))} ` }, ...giftInlines(c.feedback, lost)] }] : [],
  );
}

