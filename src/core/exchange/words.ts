// The words an export writes around the lesson's own (the label of a model answer, the marking
// criteria, a word limit, the answers of a not-given statement) and how an import recognises them
// again, so what goes out as text in a format without a place for it comes back as what it was.
import { escapeXml, inlineMarkup } from './markup';
import type { Criterion, Text, TextBlock } from './quiz';
import { plain } from './quiz';

export const MODEL_ANSWER = 'Model answer:';
export const CRITERIA = 'Marking criteria';
export const NOT_GIVEN_OPTIONS = ['True', 'False', 'Not given'] as const;
export const ORDER_PROMPT = 'Give each line its position in the right order (1 is first).';

function points(n: number): string {
  return `${n} ${n === 1 ? 'point' : 'points'}`;
}

/** A criterion's text with its points, as students read it: "Uses linkers (2 points)". */
export function criterionText(c: Criterion): Text {
  return c.points === undefined ? c.content : [...c.content, { kind: 'text', text: ` (${points(c.points)})` }];
}

export function criteriaHtml(rubric: readonly Criterion[]): string {
  return `<p><strong>${CRITERIA}</strong></p><ul>${rubric.map((c) => `<li>${inlineMarkup(criterionText(c))}</li>`).join('')}</ul>`;
}

export function limitText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Write ${min}–${max} words.`;
  if (min !== undefined) return `Write at least ${min} words.`;
  if (max !== undefined) return `Write at most ${max} words.`;
  return '';
}

export function limitHtml(min: number | undefined, max: number | undefined): string {
  const text = limitText(min, max);
  return text ? `<p>${escapeXml(text)}</p>` : '';
}

/** The word limits a paragraph states, when it is one of limitText's sentences. */
export function readLimit(block: TextBlock): { minWords?: number; maxWords?: number } | undefined {
  if (block.kind !== 'paragraph') return undefined;
  const text = plain(block.content);
  const both = /^Write (\d+)\s*[–-]\s*(\d+) words\.$/.exec(text);
  if (both) return { minWords: Number(both[1]), maxWords: Number(both[2]) };
  const least = /^Write at least (\d+) words\.$/.exec(text);
  if (least) return { minWords: Number(least[1]) };
  const most = /^Write at most (\d+) words\.$/.exec(text);
  return most ? { maxWords: Number(most[1]) } : undefined;
}

/** Reads a criterion back: the points in brackets at its end come off the text. */
export function readCriterion(item: Text): Criterion {
  const last = item.at(-1);
  const match = last?.kind === 'text' ? / \((\d+(?:\.\d+)?) points?\)$/.exec(last.text) : null;
  if (!last || last.kind !== 'text' || !match) return { content: item };
  const text = last.text.slice(0, match.index);
  return { content: [...item.slice(0, -1), ...(text ? [{ ...last, text }] : [])], points: Number(match[1]) };
}

/** Splits "Marking criteria" and its list off blocks: the rubric, and the blocks without it. */
export function readCriteria(blocks: readonly TextBlock[]): { rubric?: Criterion[]; rest: TextBlock[] } {
  const at = blocks.findIndex((b, i) => b.kind === 'paragraph' && plain(b.content) === CRITERIA && blocks[i + 1]?.kind === 'list');
  const list = blocks[at + 1];
  if (at < 0 || list?.kind !== 'list') return { rest: [...blocks] };
  return { rubric: list.items.map(readCriterion), rest: [...blocks.slice(0, at), ...blocks.slice(at + 2)] };
}

/** Splits a model answer ("Model answer: ...") off blocks. */
export function readModelAnswer(blocks: readonly TextBlock[]): { modelAnswer?: Text; rest: TextBlock[] } {
  const at = blocks.findIndex((b) => b.kind === 'paragraph' && plain(b.content).startsWith(MODEL_ANSWER));
  const block = blocks[at];
  if (!block || block.kind !== 'paragraph') return { rest: [...blocks] };
  const [first, ...others] = block.content;
  const head = first?.kind === 'text' ? first.text.replace(MODEL_ANSWER, '').replace(/^ /, '') : '';
  const modelAnswer: Text = [...(first?.kind === 'text' && head ? [{ ...first, text: head }] : []), ...others];
  return { modelAnswer, rest: [...blocks.slice(0, at), ...blocks.slice(at + 1)] };
}
