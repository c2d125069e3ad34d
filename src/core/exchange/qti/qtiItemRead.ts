// One QTI item read as the question it asks: choice (True / False / Not given a statement), text
// entry and inline choice (gaps; inline choices a word bank), order (a sequence), extended text (a
// short answer, or a writing task when the item says so). Feedback shown after the answer is the
// explanation or the correction; the scorer's rubric the model answer and marking criteria.
import { l10n, type Said } from '../../../shared/l10n';
import { STATEMENT_ANSWERS } from '../../../shared/lessonView';
import { EXERCISE_TYPES, type ExerciseType } from '../../lesson/vocabulary';
import type { Converted } from '../groups';
import type { Lost, MarkupNode } from '../markup';
import { readBlocks, readInlines } from '../markup';
import type { Gap, GapText, Passage, Question, Text, TextBlock } from '../quiz';
import { plain } from '../quiz';
import { isStatementChoice, readCriteria, readLimit, readModelAnswer } from '../words';
import { child, children, descendants, textContent, type QtiElement } from './qtiNodes';

export type ItemReading = { kind: 'question'; converted: Converted; tagged?: ExerciseType; id: string | undefined } | { kind: 'passage'; passage: Passage };

interface Declaration {
  readonly cardinality: string;
  readonly correct: string[];
  readonly mapped: string[];
}

const INTERACTIONS = new Set(['qti-choice-interaction', 'qti-text-entry-interaction', 'qti-inline-choice-interaction', 'qti-order-interaction', 'qti-extended-text-interaction']);
const isInteraction = (e: QtiElement) => e.name.endsWith('-interaction');
const values = (e: QtiElement | undefined) => (e ? children(e, 'qti-value').map((v) => textContent(v).trim()) : []);

function declarations(item: QtiElement): Map<string, Declaration> {
  return new Map(
    children(item, 'qti-response-declaration').map((d) => {
      const mapping = child(d, 'qti-mapping');
      const mapped = mapping ? children(mapping, 'qti-map-entry').filter((m) => Number(m.attributes['mapped-value'] ?? 0) > 0).map((m) => m.attributes['map-key'] ?? '') : [];
      return [d.attributes['identifier'] ?? '', { cardinality: d.attributes['cardinality'] ?? 'single', correct: values(child(d, 'qti-correct-response')), mapped }];
    }),
  );
}

/** Body content without the interactions' own parts and rubric blocks: what students read around them. */
function strip(nodes: readonly MarkupNode[], drop: (e: QtiElement) => boolean): MarkupNode[] {
  return nodes.flatMap((n): MarkupNode[] => (n.kind === 'element' ? (drop(n) ? [] : [{ ...n, children: strip(n.children, drop) }]) : [n]));
}

function rubrics(body: QtiElement, view: string): QtiElement[] {
  return descendants(body, (e) => e.name === 'qti-rubric-block' && (e.attributes['view'] ?? '').split(/\s+/).includes(view));
}

function rubricBlocks(body: QtiElement, view: string, lost: Lost): TextBlock[] {
  return rubrics(body, view).flatMap((r) => readBlocks((child(r, 'qti-content-body') ?? r).children, lost));
}

function feedbackText(item: QtiElement, lost: Lost): Text {
  const feedback = [...children(item, 'qti-modal-feedback'), ...descendants(item, (e) => e.name === 'qti-feedback-block' || e.name === 'qti-feedback-inline')];
  return flatten(feedback.flatMap((f) => readBlocks((child(f, 'qti-content-body') ?? f).children, lost)));
}

function flatten(blocks: readonly TextBlock[]): Text {
  return blocks.flatMap((b, i) => [...(i > 0 ? [{ kind: 'br' as const }] : []), ...(b.kind === 'list' ? b.items.flatMap((it, j) => [...(j > 0 ? [{ kind: 'br' as const }] : []), ...it]) : b.content)]);
}

function around(body: QtiElement, lost: Lost): TextBlock[] {
  return readBlocks(strip(body.children, (e) => isInteraction(e) || e.name === 'qti-rubric-block'), lost);
}

function promptOf(interaction: QtiElement, body: QtiElement, lost: Lost): Text {
  const prompt = child(interaction, 'qti-prompt');
  return prompt ? readInlines(prompt.children, lost) : flatten(around(body, lost));
}

function choiceItem(interaction: QtiElement, body: QtiElement, decl: Declaration | undefined, feedback: Text, lost: Lost): Converted {
  const choices = children(interaction, 'qti-simple-choice');
  const labels = choices.map((c) => textContent(c).trim());
  const ids = choices.map((c) => c.attributes['identifier'] ?? '');
  const correct = decl?.correct ?? [];
  if ((labels.length === 2 || labels.length === 3) && isStatementChoice(labels) && correct.length === 1) {
    const answer = STATEMENT_ANSWERS[ids.indexOf(correct[0] ?? '')] ?? 'true';
    const correction = plain(feedback);
    return { type: 'true-false', questions: [{ kind: 'statement', content: promptOf(interaction, body, lost), answer, ...(correction ? { correction } : {}) }] };
  }
  const options = choices.map((c, i) => ({ content: readInlines(c.children, lost), correct: correct.includes(ids[i] ?? '') }));
  // With a prompt of its own, the text around the interaction is what students read first.
  const context = child(interaction, 'qti-prompt') ? around(body, lost) : [];
  const question: Question = {
    kind: 'choice',
    prompt: promptOf(interaction, body, lost),
    multiple: decl?.cardinality === 'multiple' || correct.length > 1,
    options,
    ...(feedback.length > 0 ? { explanation: feedback } : {}),
  };
  return { type: 'multiple-choice', questions: [question], ...(context.length > 0 ? { intro: context } : {}) };
}

/** The last gap, when only spaces follow it. */
function lastGap(runs: GapText): number {
  let i = runs.length - 1;
  while (i >= 0 && runs[i]?.kind === 'text' && (runs[i] as { text: string }).text.trim() === '') i--;
  return runs[i]?.kind === 'gap' ? i : -1;
}

/** A block's runs with its gaps: text entries and inline choices in the running text, hints after them. */
function gapRuns(nodes: readonly MarkupNode[], decls: Map<string, Declaration>, bank: Set<string>, lost: Lost): GapText {
  const out: GapText = [];
  for (const node of nodes) {
    if (node.kind === 'element' && (node.name === 'qti-text-entry-interaction' || node.name === 'qti-inline-choice-interaction')) {
      const decl = decls.get(node.attributes['response-identifier'] ?? '');
      const inline = children(node, 'qti-inline-choice');
      for (const c of inline) bank.add(textContent(c).trim());
      const answers = inline.length > 0 ? inline.filter((c) => decl?.correct.includes(c.attributes['identifier'] ?? '')).map((c) => textContent(c).trim()) : [...(decl?.correct ?? []), ...(decl?.mapped ?? [])];
      const [answer = '?', ...alts] = [...new Set(answers)];
      out.push({ kind: 'gap', answer, alts });
    } else if (node.kind === 'element' && node.name === 'span' && (node.attributes['class'] ?? '').includes('hint') && lastGap(out) >= 0) {
      const at = lastGap(out);
      const gap = out[at] as Gap;
      out.splice(at, out.length - at, { ...gap, hint: textContent(node).trim().replace(/^\((.*)\)$/, '$1') });
    } else if (node.kind === 'element' && !['strong', 'b', 'em', 'i', 'br'].includes(node.name) && node.children.length > 0 && descendants(node, isInteraction).length > 0) {
      out.push(...gapRuns(node.children, decls, bank, lost));
    } else if (node.kind === 'text') out.push({ kind: 'text', text: node.text });
    else if (node.name === 'br') out.push({ kind: 'br' });
    else {
      // Inline markup: its runs, with the spaces at its edges that the reader trims.
      const runs = readInlines([node], lost);
      const text = textContent(node);
      if (/^\s/.test(text)) out.push({ kind: 'text', text: ' ' });
      out.push(...runs);
      if (/\s$/.test(text)) out.push({ kind: 'text', text: ' ' });
    }
  }
  return out;
}

function gapItem(body: QtiElement, decls: Map<string, Declaration>, lost: Lost): Converted {
  const bank = new Set<string>();
  const questions: Question[] = [];
  const intro: TextBlock[] = [];
  const blocks = children(body).length > 0 && body.children.every((n) => n.kind === 'element' || n.text.trim() === '') ? children(body) : [body];
  for (const block of blocks) {
    if (descendants(block, isInteraction).length === 0 && !isInteraction(block)) intro.push(...readBlocks([block], lost));
    else questions.push({ kind: 'gaps', content: tidy(gapRuns(block === body ? body.children : block.children, decls, bank, lost)) });
  }
  return { type: 'fill-blanks', questions, ...(intro.length > 0 ? { intro } : {}), ...(bank.size > 0 ? { wordBank: [...bank] } : {}) };
}

/** Whitespace as a reader sees it around the gaps. */
function tidy(runs: GapText): GapText {
  return runs
    .map((r, i) => (r.kind === 'text' ? { ...r, text: r.text.replace(/\s+/g, ' ').replace(i === 0 ? /^ / : /$^/, '').replace(i === runs.length - 1 ? / $/ : /$^/, '') } : r))
    .filter((r) => r.kind !== 'text' || r.text !== '');
}

function extendedItem(interaction: QtiElement, body: QtiElement, decl: Declaration | undefined, writing: boolean, lost: Lost): Converted {
  const lines = Number(interaction.attributes['expected-lines']) || undefined;
  if (writing) {
    const text = around(body, lost);
    const limitAt = text.findIndex((b) => readLimit(b));
    const limit = limitAt >= 0 ? readLimit(text[limitAt] as TextBlock) : undefined;
    const { rubric } = readCriteria(rubricBlocks(body, 'candidate', lost));
    return { type: 'writing', intro: text.filter((_, i) => i !== limitAt), questions: [{ kind: 'essay', ...(lines ? { lines } : {}), ...limit }], ...(rubric ? { rubric } : {}) };
  }
  const scorer = readCriteria(rubricBlocks(body, 'scorer', lost));
  const model = readModelAnswer(scorer.rest);
  const fallback = decl?.correct[0];
  const modelAnswer = model.modelAnswer ?? (fallback ? [{ kind: 'text' as const, text: fallback }] : undefined);
  const open: Question = { kind: 'open', prompt: promptOf(interaction, body, lost), ...(lines ? { lines: Math.min(lines, 20) } : {}), ...(modelAnswer ? { modelAnswer } : {}), ...(scorer.rubric ? { rubric: scorer.rubric } : {}) };
  return { type: 'short-answer', questions: [open] };
}

function orderItem(interaction: QtiElement, decl: Declaration | undefined, said: Said[], lost: Lost): Converted {
  const choices = children(interaction, 'qti-simple-choice');
  const key = decl?.correct ?? [];
  if (key.length !== choices.length) said.push(l10n.both('a sequence had no right order: the order shown is taken as the right one, check it'));
  const items = choices.map((c, i) => ({ content: readInlines(c.children, lost), order: key.length === choices.length ? key.indexOf(c.attributes['identifier'] ?? '') + 1 : i + 1 }));
  return { type: 'sequencing', questions: [{ kind: 'order', items }] };
}

export function readItem(item: QtiElement, lost: Lost, said: Said[]): ItemReading {
  const body = child(item, 'qti-item-body') ?? { kind: 'element', name: 'qti-item-body', attributes: {}, children: [] };
  const label = item.attributes['label'];
  const tagged = EXERCISE_TYPES.find((t) => t === label);
  const interactions = descendants(body, isInteraction);
  const known = interactions.filter((i) => INTERACTIONS.has(i.name));
  const first = known[0];
  for (const other of interactions.filter((i) => !INTERACTIONS.has(i.name))) said.push(l10n.both('a {0} question cannot be part of a lesson: its text is kept', other.name.replace(/^qti-|-interaction$/g, '').replace(/-/g, ' ')));
  if (!first) {
    const tutor = rubricBlocks(body, 'tutor', lost);
    if (tutor.length > 0) return { kind: 'passage', passage: { kind: 'passage', blocks: tutor, teacherOnly: true } };
    return { kind: 'passage', passage: { kind: 'passage', blocks: readBlocks(strip(body.children, (e) => e.name === 'qti-rubric-block'), lost) } };
  }
  const decls = declarations(item);
  const decl = decls.get(first.attributes['response-identifier'] ?? '');
  const feedback = feedbackText(item, lost);
  const id = item.attributes['identifier'];
  const converted = ((): Converted => {
    switch (first.name) {
      case 'qti-choice-interaction':
        return choiceItem(first, body, decl, feedback, lost);
      case 'qti-order-interaction':
        return orderItem(first, decl, said, lost);
      case 'qti-extended-text-interaction':
        return extendedItem(first, body, decl, tagged === 'writing', lost);
      default:
        return gapItem({ ...body, children: strip(body.children, (e) => e.name === 'qti-rubric-block') }, decls, lost);
    }
  })();
  if (known.some((i) => i.name !== first.name && !(first.name.includes('text-entry') || first.name.includes('inline-choice')))) said.push(l10n.both('an item asking several kinds of question at once kept only its first'));
  const tutor = rubricBlocks(body, 'tutor', lost);
  return { kind: 'question', converted: tutor.length > 0 ? { ...converted, notes: [...(converted.notes ?? []), ...tutor] } : converted, ...(tagged ? { tagged } : {}), id };
}
