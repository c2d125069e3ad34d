// A lesson's GIFT export read back by an independent parser (gift-pegjs, not ours) and compared
// with the lesson's own view (never with our quiz model): each gap, question, statement, sequence
// and writing space is there, of the right GIFT type, with its stem, right answers and feedback.
import { parse } from 'gift-pegjs';
import type { GIFTQuestion } from 'gift-pegjs';
import { exportLesson } from '../../src/core/exchange/exchange';
import { buildLessonView } from '../../src/core/lesson/lessonView';
import type { ContentBlock, Inline, LessonView } from '../../src/shared/lessonView';
import { read, words } from './lessonText';
import { worksheetWords, type WorksheetWords } from '../../src/shared/worksheetWords';

export interface GiftQuestionSummary {
  type: GIFTQuestion['type'];
  stem: string;
  right: string[];
  feedback?: string;
}

function expectedOf(lesson: LessonView): GiftQuestionSummary[] {
  // The words around the lesson's are the printed sheet's, in the lesson's language.
  const sheet = worksheetWords(lesson.lang);
  const out: GiftQuestionSummary[] = [];
  for (const ex of lesson.blocks) {
    if (ex.kind !== 'exercise') continue;
    const bank = ex.blocks.find((b) => b.kind === 'wordBank');
    const notGiven = ex.blocks.some((b) => b.kind === 'statement' && b.answer === 'not-given');
    const sentences = ex.blocks.flatMap((b): Inline[][] => (b.kind === 'paragraph' ? [b.content] : b.kind === 'list' ? b.items.map((i) => i.content) : []));
    for (const content of sentences) {
      const gaps = content.filter((r) => r.kind === 'blank');
      gaps.forEach((gap) => {
        const stem = content.map((r) => (r.kind === 'text' ? r.text : r.kind === 'br' ? ' ' : r === gap ? '_____' : '___') + (r.kind === 'blank' && r.hint ? ` (${r.hint})` : '')).join('');
        out.push({ type: bank ? 'MC' : 'Short', stem: stem.replace(/\s+/g, ' ').trim(), right: bank ? [gap.answer] : [gap.answer, ...gap.alts] });
      });
    }
    for (const b of ex.blocks) out.push(...expectedOfBlock(b, notGiven, sheet));
  }
  return out;
}

function expectedOfBlock(b: ContentBlock, notGiven: boolean, sheet: WorksheetWords): GiftQuestionSummary[] {
  switch (b.kind) {
    case 'question':
      return [{ type: 'MC', stem: words(b.prompt), right: b.options.filter((o) => o.correct).map((o) => words(o.content)), ...(b.explanation ? { feedback: words(b.explanation) } : {}) }];
    case 'statement': {
      const key = sheet.statement[b.answer ?? 'true'];
      return [{ type: notGiven ? 'MC' : 'TF', stem: words(b.content), right: [notGiven ? key : String(b.answer === 'true')], ...(b.correction ? { feedback: b.correction } : {}) }];
    }
    case 'sequence':
      return [{ type: 'Matching', stem: sheet.orderPrompt, right: b.items.map((i) => `${words(i.content)} -> ${i.order}`) }];
    case 'shortAnswer':
      return [{ type: 'Essay', stem: words(b.prompt), right: [], ...(b.modelAnswer ? { feedback: words(b.modelAnswer) } : {}) }];
    case 'writingArea':
      return [{ type: 'Essay', stem: '', right: [] }];
    default:
      return [];
  }
}

function actual(q: GIFTQuestion): GiftQuestionSummary | undefined {
  switch (q.type) {
    case 'MC':
    case 'Short':
      return { type: q.type, stem: read(q.stem.text), right: q.choices.filter((c) => c.isCorrect || (c.weight ?? 0) > 0).map((c) => read(c.text.text)), ...(q.globalFeedback ? { feedback: read(q.globalFeedback.text) } : {}) };
    case 'TF':
      return { type: 'TF', stem: read(q.stem.text), right: [String(q.isTrue)], ...(q.globalFeedback ? { feedback: read(q.globalFeedback.text) } : {}) };
    case 'Matching':
      return { type: 'Matching', stem: read(q.stem.text), right: q.matchPairs.map((p) => `${read(p.subquestion.text)} -> ${p.subanswer}`) };
    case 'Essay':
      return { type: 'Essay', stem: read(q.stem.text), right: [], ...(q.globalFeedback ? { feedback: read(q.globalFeedback.text) } : {}) };
    default:
      return undefined;
  }
}

// gift-pegjs writes a space after the gap of a missing-word choice; Moodle shows the text as written.
const gapless = (stem: string) => stem.replace(/\s*_____\s*/g, '_____');

function compare(want: GiftQuestionSummary, got: GiftQuestionSummary, n: number): string[] {
  const problems: string[] = [];
  if (got.type !== want.type) problems.push(`question ${n}: type ${got.type}, not ${want.type}`);
  if (want.type === 'Essay' && want.stem === '') {
    if (got.stem.length === 0) problems.push(`question ${n}: a writing task has no task`);
  } else if (gapless(got.stem) !== gapless(want.stem)) problems.push(`question ${n}: stem “${got.stem}”, not “${want.stem}”`);
  if (JSON.stringify(got.right) !== JSON.stringify(want.right)) problems.push(`question ${n}: right answers ${JSON.stringify(got.right)}, not ${JSON.stringify(want.right)}`);
  if (want.feedback && !got.feedback?.includes(want.feedback)) problems.push(`question ${n}: feedback “${got.feedback ?? ''}” lacks “${want.feedback}”`);
  return problems;
}

export interface GiftCheck {
  /** The questions gift-pegjs read, by GIFT type. */
  readonly types: Record<string, number>;
  readonly questions: readonly GiftQuestionSummary[];
  /** Descriptions (the lesson's text between exercises) gift-pegjs read. */
  readonly descriptions: readonly string[];
  /** What differs from the lesson; empty when every question matches. */
  readonly problems: readonly string[];
}

/** Exports the lesson as GIFT, parses it with gift-pegjs and compares it with the lesson. */
export function checkGift(xml: string, name: string): GiftCheck {
  const view = buildLessonView(xml);
  if (!view.ok) return { types: {}, questions: [], descriptions: [], problems: [`${name} does not read: ${view.error.message}`] };
  const exported = exportLesson(xml, 'gift', name);
  if (!exported.ok) return { types: {}, questions: [], descriptions: [], problems: [exported.message] };
  const parsed = parse(new TextDecoder().decode(exported.data));
  const types: Record<string, number> = {};
  for (const q of parsed) types[q.type] = (types[q.type] ?? 0) + 1;
  const got = parsed.flatMap((q) => actual(q) ?? []);
  const want = expectedOf(view.lesson);
  const problems = got.length === want.length ? [] : [`${got.length} questions, not ${want.length} (one per gap, question, statement, sequence and writing space)`];
  want.forEach((w, i) => {
    const g = got[i];
    if (g) problems.push(...compare(w, g, i + 1));
  });
  const descriptions = parsed.filter((q) => q.type === 'Description').map((q) => read('stem' in q ? q.stem.text : ''));
  for (const block of view.lesson.blocks) {
    if (block.kind === 'paragraph' && !descriptions.some((d) => d.includes(words(block.content)))) problems.push(`the lesson text “${words(block.content)}” is not a description`);
  }
  return { types, questions: got, descriptions, problems };
}
