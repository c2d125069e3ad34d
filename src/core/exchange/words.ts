// The words an export writes around the lesson's own (the label of a model answer, the marking
// criteria, a word limit, the answers of a not-given statement, the question of a sequence, the
// task of a writing space that has none) and how an import recognises them again, so what goes
// out as text in a format without a place for it comes back as what it was. They are the printed
// worksheet's words, in the lesson's language (students read the same words on paper and on the
// platform); an import knows them in any of its languages, whatever case, spacing or apostrophes
// the platform gave them back with.
import { STATEMENT_ANSWERS } from '../../shared/lessonView';
import { pointsText, WORKSHEET_LANGUAGES, wordLimitText, type WorksheetWords } from '../../shared/worksheetWords';
import { escapeText, inlineMarkup } from './markup';
import type { Criterion, Text, TextBlock } from './quiz';
import { plain } from './quiz';

const LANGUAGES = Object.values(WORKSHEET_LANGUAGES);

/** A statement's answers as students choose them: True, False, Not given. */
export function statementLabels(words: WorksheetWords): string[] {
  return STATEMENT_ANSWERS.map((a) => words.statement[a]);
}

/** A criterion's text with its points, as students read it: "Uses linkers (2 points)". */
export function criterionText(c: Criterion, words: WorksheetWords): Text {
  return c.points === undefined ? c.content : [...c.content, { kind: 'text', text: ` (${pointsText(words, c.points)})` }];
}

export function criteriaHtml(rubric: readonly Criterion[], words: WorksheetWords): string {
  return `<p><strong>${escapeText(words.markingCriteria)}</strong></p><ul>${rubric.map((c) => `<li>${inlineMarkup(criterionText(c, words))}</li>`).join('')}</ul>`;
}

export function modelAnswerHtml(answer: Text, words: WorksheetWords): string {
  return `<p>${escapeText(words.modelAnswer)} ${inlineMarkup(answer)}</p>`;
}

export function limitHtml(min: number | undefined, max: number | undefined, words: WorksheetWords): string {
  const text = wordLimitText(words, min, max);
  return text ? `<p>${escapeText(text)}</p>` : '';
}

const NUMBER = '(\\d+(?:[.,]\\d+)?)';
const WHOLE = '(\\d+)';

/** A sentence of the table as a pattern: any spacing, either apostrophe, a hyphen for a dash. */
function literal(text: string): string {
  return text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/['’]/g, "['’]")
    .replace(/\s*[–-]\s*/g, '\\s*[–-]\\s*')
    .replace(/\s*:/g, '\\s*:')
    .replace(/ /g, '\\s+');
}

function pattern(template: string, number: string): string {
  return template.split(/\{\d\}/).map(literal).join(number);
}

/** The numbers in `text` when it is one of the sentences `key` says in any language, whatever its case. */
function read(text: string, key: 'exercise' | 'writeRange' | 'writeAtLeast' | 'writeAtMost' | 'onePoint' | 'points' | 'markingCriteria' | 'orderPrompt' | 'writeAnswer', number = NUMBER): number[] | undefined {
  for (const words of LANGUAGES) {
    const match = new RegExp(`^\\s*${pattern(words[key], number)}\\s*$`, 'i').exec(text);
    if (match) return match.slice(1).map((n) => Number(n.replace(',', '.')));
  }
  return undefined;
}

/** Whether a sequence's question is the one an export writes (any language): it is no question of the lesson's. */
export function isOrderPrompt(text: string): boolean {
  return read(text, 'orderPrompt') !== undefined;
}

/** Whether a writing task is only the one an export writes for a writing space without one (any language): the lesson gave none. */
export function isFallbackTask(blocks: readonly TextBlock[]): boolean {
  const [only] = blocks;
  return blocks.length === 1 && only?.kind === 'paragraph' && read(plain(only.content), 'writeAnswer') !== undefined;
}

/** Whether choices are a statement's answers (True, False, and Not given when there are three) in one language. */
export function isStatementChoice(labels: readonly string[]): boolean {
  const same = (label: string, wanted: string | undefined) => wanted !== undefined && new RegExp(`^\\s*${literal(wanted)}\\s*$`, 'i').test(label);
  return LANGUAGES.some((words) => labels.every((label, i) => same(label, statementLabels(words)[i])));
}

/** The word limits a paragraph states, when it is one of the word-limit sentences. */
export function readLimit(block: TextBlock): { minWords?: number; maxWords?: number } | undefined {
  if (block.kind !== 'paragraph') return undefined;
  const text = plain(block.content);
  const both = read(text, 'writeRange', WHOLE);
  if (both) return { minWords: both[0] as number, maxWords: both[1] as number };
  const least = read(text, 'writeAtLeast', WHOLE);
  if (least) return { minWords: least[0] as number };
  const most = read(text, 'writeAtMost', WHOLE);
  return most ? { maxWords: most[0] as number } : undefined;
}

/** A number of points as any language says it ("1 point", "2 Punkte"). */
function readPoints(text: string): number | undefined {
  return read(text, 'points')?.[0] ?? (read(text, 'onePoint') ? 1 : undefined);
}

/** A section's title as an export writes it ("Exercise 2 · B1 · 10 points", in any language): its level and points. */
export function readExerciseTitle(title: string): { level?: string; points?: number } | undefined {
  const [head = '', ...rest] = title.split(/\s+·\s+/);
  if (!read(head, 'exercise', WHOLE)) return undefined;
  const level = rest.find((part) => /^[ABC][12]$/.test(part));
  const points = rest.map(readPoints).find((n) => n !== undefined);
  return { ...(level ? { level } : {}), ...(points !== undefined ? { points } : {}) };
}

/** Reads a criterion back: the points in brackets at its end come off the text. */
export function readCriterion(item: Text): Criterion {
  const last = item.at(-1);
  const match = last?.kind === 'text' ? /\s\(([^()]*)\)$/.exec(last.text) : null;
  const points = readPoints(match?.[1] ?? '');
  if (!last || last.kind !== 'text' || !match || points === undefined) return { content: item };
  const text = last.text.slice(0, match.index);
  return { content: [...item.slice(0, -1), ...(text ? [{ ...last, text }] : [])], points };
}

/** Splits "Marking criteria" and its list off blocks: the rubric, and the blocks without it. */
export function readCriteria(blocks: readonly TextBlock[]): { rubric?: Criterion[]; rest: TextBlock[] } {
  const at = blocks.findIndex((b, i) => b.kind === 'paragraph' && read(plain(b.content), 'markingCriteria') && blocks[i + 1]?.kind === 'list');
  const list = blocks[at + 1];
  if (at < 0 || list?.kind !== 'list') return { rest: [...blocks] };
  return { rubric: list.items.map(readCriterion), rest: [...blocks.slice(0, at), ...blocks.slice(at + 2)] };
}

const MODEL_ANSWER = new RegExp(`^\\s*(?:${LANGUAGES.map((w) => literal(w.modelAnswer)).join('|')})\\s*`, 'i');

/** Splits a model answer ("Model answer: ...") off blocks. */
export function readModelAnswer(blocks: readonly TextBlock[]): { modelAnswer?: Text; rest: TextBlock[] } {
  const at = blocks.findIndex((b) => b.kind === 'paragraph' && MODEL_ANSWER.test(plain(b.content)));
  const block = blocks[at];
  if (!block || block.kind !== 'paragraph') return { rest: [...blocks] };
  const [first, ...others] = block.content;
  const head = first?.kind === 'text' ? first.text.replace(MODEL_ANSWER, '') : '';
  const modelAnswer: Text = [...(first?.kind === 'text' && head ? [{ ...first, text: head }] : []), ...others];
  return { modelAnswer, rest: [...blocks.slice(0, at), ...blocks.slice(at + 1)] };
}
