// Lesson XML -> the view the preview renders and the HTML export prints (src/shared/lessonView.ts).
// Pure and lenient: a well-formed document always gets a view, whatever the validator thinks of
// it (a missing `type` is inferred, unknown elements show their text), because the teacher needs
// to see the lesson while fixing it. Only XML that is not well-formed, or not a <lesson>, has none.
import type {
  ContentBlock,
  ExerciseView,
  LessonBlock,
  LessonViewResult,
  ListItemView,
  ListView,
  ParagraphView,
  QuestionView,
  RubricView,
  SequenceView,
  ShortAnswerView,
  StatementView,
  WritingAreaView,
} from '../../shared/lessonView';
import { STATEMENT_ANSWERS } from '../../shared/lessonView';
import { isExerciseType } from './rules';
import { chosenOptions, sameChoices, statementChoice } from './studentAnswers';
import { inferExerciseType } from './vocabulary';
import { attr, inlinesOf, inlinesOfNodes, isInlineNode, optional, studentAnswerOf } from './viewInlines';
import type { XmlElement, XmlNode } from './xmlTree';
import { childElements, descendantNames, firstChild, parseXmlTree, textContent } from './xmlTree';

interface Context {
  /** Inside an exercise whose statements offer "not given". */
  notGiven: boolean;
  /** Inside an exercise whose false statements are corrected. */
  corrections: boolean;
}

const TOP: Context = { notGiven: false, corrections: false };

function span(element: XmlElement): { line: number; end: number } {
  return { line: element.line, end: element.end };
}

function common(element: XmlElement): { line: number; end: number; id?: string } {
  return { ...span(element), ...optional('id', attr(element, 'id')) };
}

function number(element: XmlElement, name: string): number | undefined {
  const raw = attr(element, name);
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function positiveInteger(element: XmlElement, name: string): number | undefined {
  const value = number(element, name);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

function list(element: XmlElement): ListView {
  const items: ListItemView[] = childElements(element).map((li) => ({
    ...span(li),
    content: inlinesOf(li),
    lists: childElements(li)
      .filter((c) => c.name === 'ul' || c.name === 'ol')
      .map(list),
  }));
  return { kind: 'list', ...common(element), ordered: element.name === 'ol', items };
}

function question(element: XmlElement): QuestionView {
  const prompt = firstChild(element, 'prompt');
  const explanation = firstChild(element, 'explanation');
  const optionElements = childElements(element).filter((c) => c.name === 'option');
  const options = optionElements.map((o) => ({ ...span(o), correct: o.attributes['correct'] === 'true', content: inlinesOf(o) }));
  const correct = options.flatMap((o, i) => (o.correct ? [i] : []));
  const studentAnswer = studentAnswerOf(element);
  const studentChoices = studentAnswer === undefined ? undefined : chosenOptions(studentAnswer, optionElements.map(textContent));
  return {
    kind: 'question',
    ...common(element),
    multiple: element.attributes['multiple'] === 'true' || correct.length > 1,
    prompt: prompt ? inlinesOf(prompt) : [],
    options,
    ...optional('explanation', explanation ? inlinesOf(explanation) : undefined),
    ...optional('studentAnswer', studentAnswer),
    ...optional('studentChoices', studentChoices),
    ...optional('studentCorrect', studentChoices && correct.length > 0 ? sameChoices(studentChoices, correct) : undefined),
  };
}

function isStatementAnswer(value: string | undefined): value is StatementView['answer'] & string {
  return (STATEMENT_ANSWERS as readonly (string | undefined)[]).includes(value);
}

function statement(element: XmlElement, context: Context): StatementView {
  const answer = element.attributes['answer'];
  const studentAnswer = studentAnswerOf(element);
  const studentChoice = studentAnswer === undefined ? undefined : statementChoice(studentAnswer);
  const key = isStatementAnswer(answer) ? answer : undefined;
  return {
    kind: 'statement',
    ...common(element),
    ...optional('answer', key),
    notGiven: context.notGiven,
    corrections: context.corrections,
    ...optional('correction', attr(element, 'correction')),
    content: inlinesOf(element),
    ...optional('studentAnswer', studentAnswer),
    ...optional('studentChoice', studentChoice),
    ...optional('studentCorrect', studentChoice && key ? studentChoice === key : undefined),
  };
}

function sequence(element: XmlElement): SequenceView {
  const items = childElements(element).map((item) => {
    const order = number(item, 'order');
    return { ...span(item), ...optional('order', order !== undefined && Number.isInteger(order) ? order : undefined), content: inlinesOf(item) };
  });
  return { kind: 'sequence', ...common(element), items, ...optional('studentAnswer', studentAnswerOf(element)) };
}

function rubric(element: XmlElement): RubricView {
  const criteria = childElements(element).map((c) => ({ ...span(c), ...optional('points', number(c, 'points')), content: inlinesOf(c) }));
  return { kind: 'rubric', ...common(element), criteria };
}

function shortAnswer(element: XmlElement): ShortAnswerView {
  const prompt = firstChild(element, 'prompt');
  const model = firstChild(element, 'model-answer');
  const marking = firstChild(element, 'rubric');
  return {
    kind: 'shortAnswer',
    ...common(element),
    ...optional('lines', positiveInteger(element, 'lines')),
    prompt: prompt ? inlinesOf(prompt) : [],
    ...optional('modelAnswer', model ? inlinesOf(model) : undefined),
    ...optional('rubric', marking ? rubric(marking) : undefined),
    ...optional('studentAnswer', studentAnswerOf(element)),
  };
}

function writingArea(element: XmlElement): WritingAreaView {
  return {
    kind: 'writingArea',
    ...common(element),
    ...optional('lines', positiveInteger(element, 'lines')),
    ...optional('minWords', positiveInteger(element, 'min-words')),
    ...optional('maxWords', positiveInteger(element, 'max-words')),
    ...optional('studentAnswer', studentAnswerOf(element)),
  };
}

/** Inside a note only paragraphs and lists: anything else is read as a paragraph of its text. */
function noteBlock(element: XmlElement): ParagraphView | ListView {
  if (element.name === 'ul' || element.name === 'ol') return list(element);
  return { kind: 'paragraph', ...common(element), content: inlinesOf(element) };
}

function note(element: XmlElement): ContentBlock {
  return { kind: 'note', ...common(element), blocks: blocksOf(element, noteBlock) };
}

function exercise(element: XmlElement): ExerciseView {
  // The declared type when it is one of ours, else the one the content says (the validator's rule).
  const declared = element.attributes['type'];
  const inferred = !isExerciseType(declared);
  const type = inferred ? inferExerciseType(descendantNames(element)) : declared;
  const statements = childElements(element).filter((c) => c.name === 'statement');
  const context: Context = {
    notGiven: statements.some((s) => s.attributes['answer'] === 'not-given'),
    corrections: statements.some((s) => attr(s, 'correction') !== undefined),
  };
  return {
    kind: 'exercise',
    ...common(element),
    ...optional('type', type),
    typeInferred: inferred,
    ...optional('level', attr(element, 'level')),
    ...optional('points', number(element, 'points')),
    blocks: blocksOf(element, (child) => block(child, context)).flatMap((b) => (b.kind === 'exercise' ? b.blocks : [b])),
  };
}

function block(element: XmlElement, context: Context): LessonBlock {
  switch (element.name) {
    case 'h1':
    case 'h2':
    case 'h3':
      return { kind: 'heading', ...common(element), level: Number(element.name.slice(1)), content: inlinesOf(element) };
    case 'p':
      return { kind: 'paragraph', ...common(element), content: inlinesOf(element) };
    case 'ul':
    case 'ol':
      return list(element);
    case 'note':
      return note(element);
    case 'exercise':
      return exercise(element);
    case 'word-bank':
      return { kind: 'wordBank', ...common(element), words: childElements(element).map((w) => ({ ...span(w), text: textContent(w) })) };
    case 'question':
      return question(element);
    case 'statement':
      return statement(element, context);
    case 'sequence':
      return sequence(element);
    case 'short-answer':
      return shortAnswer(element);
    case 'writing-area':
      return writingArea(element);
    case 'rubric':
      return rubric(element);
    default:
      return { kind: 'unknown', ...common(element), name: element.name, content: inlinesOf(element) };
  }
}

function meaningful(node: XmlNode): boolean {
  return node.kind === 'element' || node.text.trim() !== '';
}

/** The blocks of a container; running text found where blocks belong becomes a paragraph. */
function blocksOf<B>(container: XmlElement, convert: (element: XmlElement) => B | ParagraphView): Array<B | ParagraphView> {
  const out: Array<B | ParagraphView> = [];
  let loose: XmlNode[] = [];
  const flush = () => {
    const content = inlinesOfNodes(loose);
    const spanned = loose.filter(meaningful);
    const first = spanned[0];
    if (content.length > 0 && first) {
      out.push({ kind: 'paragraph', line: first.line, end: Math.max(...spanned.map((n) => n.end)), content });
    }
    loose = [];
  };
  for (const node of container.children) {
    if (isInlineNode(node)) {
      loose.push(node);
      continue;
    }
    flush();
    if (node.kind === 'element') out.push(convert(node));
  }
  flush();
  return out;
}

/** Turns one element of the lesson's top level into its block. */
export type TopBlockBuilder = (element: XmlElement, source: string) => LessonBlock;

/** The block of an element at the lesson's top level (no exercise around it). */
export function topBlock(element: XmlElement): LessonBlock {
  return block(element, TOP);
}

/**
 * Reads a lesson for the preview and the export. Never throws. `top` builds each top-level
 * element's block; a caller that keeps earlier results (lessonViewCache.ts) passes its own.
 */
export function buildLessonView(text: string, top: TopBlockBuilder = topBlock): LessonViewResult {
  const tree = parseXmlTree(text);
  if (!tree.ok) return { ok: false, error: tree.error };
  const root = tree.root;
  if (root.name !== 'lesson') {
    return { ok: false, error: { line: root.line, column: 1, message: `A lesson starts with <lesson>; this document starts with <${root.name}>.` } };
  }
  return {
    ok: true,
    lesson: {
      ...optional('title', attr(root, 'title')),
      ...optional('level', attr(root, 'level')),
      ...optional('lang', attr(root, 'lang')),
      blocks: blocksOf(root, (child) => top(child, tree.source)),
      lineCount: tree.lineCount,
    },
  };
}
