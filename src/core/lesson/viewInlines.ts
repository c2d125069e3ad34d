// Running text for the lesson view: <strong>, <em>, <br> and <blank> inside paragraphs, list items,
// prompts and the like, flattened to runs with marks. Whitespace collapses as HTML would collapse
// it, so an indented, wrapped paragraph in the XML reads as one line of text.
import type { BlankView, Inline } from '../../shared/lessonView';
import { blankIsCorrect } from './studentAnswers';
import type { XmlElement, XmlNode } from './xmlTree';

interface Marks {
  strong?: boolean;
  em?: boolean;
}

/** XML's whitespace; a no-break space (&#160;) is text and stays. */
const XML_SPACE = /[ \t\r\n]+/g;

/** Elements that are not running text: a list item's nested lists are rendered after its text. */
const NOT_INLINE = new Set(['ul', 'ol']);

/** Attribute value, or undefined when missing or blank. */
export function attr(element: XmlElement, name: string): string | undefined {
  const value = element.attributes[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A student's answer exactly as written, when there is one. */
export function studentAnswerOf(element: XmlElement): string | undefined {
  const value = element.attributes['student-answer'];
  return value === undefined || value.trim() === '' ? undefined : value;
}

export function blankView(element: XmlElement): BlankView {
  const answer = element.attributes['answer'] ?? '';
  const alts = (element.attributes['alts'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const studentAnswer = studentAnswerOf(element);
  return {
    kind: 'blank',
    line: element.line,
    end: element.end,
    ...optional('id', attr(element, 'id')),
    answer,
    alts,
    ...optional('hint', attr(element, 'hint')),
    ...(studentAnswer === undefined ? {} : { studentAnswer, studentCorrect: blankIsCorrect(studentAnswer, answer, alts) }),
  };
}

/** `{ [key]: value }` when value is defined, else `{}`: keeps absent fields out of the JSON. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

type Run = Extract<Inline, { kind: 'text' }>;

/** Appends text to the last run when it carries the same marks (the runs are this module's own, so mutable). */
function pushText(out: Inline[], text: string, marks: Marks): void {
  const last = out[out.length - 1];
  if (last?.kind === 'text' && last.strong === marks.strong && last.em === marks.em) {
    last.text += text;
    return;
  }
  const run: Run = { kind: 'text', text };
  if (marks.strong) run.strong = true;
  if (marks.em) run.em = true;
  out.push(run);
}

const STRONG: Marks = { strong: true };
const EM: Marks = { em: true };
const BOTH: Marks = { strong: true, em: true };
const NONE: Marks = {};

function withMark(marks: Marks, mark: 'strong' | 'em'): Marks {
  const strong = marks.strong || mark === 'strong';
  const em = marks.em || mark === 'em';
  return strong && em ? BOTH : strong ? STRONG : em ? EM : NONE;
}

function collect(nodes: readonly XmlNode[], marks: Marks, out: Inline[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      pushText(out, node.text, marks);
      continue;
    }
    switch (node.name) {
      case 'strong':
      case 'em':
        collect(node.children, withMark(marks, node.name), out);
        break;
      case 'br':
        out.push({ kind: 'br' });
        break;
      case 'blank':
        out.push(blankView(node));
        break;
      default:
        // Unknown inline markup keeps its text; nested lists belong to the list item, not its text.
        if (!NOT_INLINE.has(node.name)) collect(node.children, marks, out);
    }
  }
}

/**
 * Collapses whitespace as HTML would (one space between words, none at the ends, one where two
 * runs meet) and drops empty runs. The runs were built by `collect` and are changed in place.
 */
function normalizeInlines(out: Inline[]): Inline[] {
  let previousEndsInSpace = true; // at the start, a leading space is dropped
  for (const item of out) {
    if (item.kind !== 'text') {
      previousEndsInSpace = false;
      continue;
    }
    let text = item.text.replace(XML_SPACE, ' ');
    if (previousEndsInSpace && text.startsWith(' ')) text = text.slice(1);
    item.text = text;
    if (text !== '') previousEndsInSpace = text.endsWith(' ');
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const item = out[i];
    if (item?.kind !== 'text') break;
    item.text = item.text.replace(/ $/, '');
    if (item.text !== '') break;
  }
  return out.filter((item) => item.kind !== 'text' || item.text !== '');
}

/** The running text of an element (its text, marks, breaks and blanks). */
export function inlinesOf(element: XmlElement): Inline[] {
  const raw: Inline[] = [];
  collect(element.children, {}, raw);
  return normalizeInlines(raw);
}

/** Inline content made of loose nodes (text directly inside a container that expects blocks). */
export function inlinesOfNodes(nodes: readonly XmlNode[]): Inline[] {
  const raw: Inline[] = [];
  collect(nodes, {}, raw);
  return normalizeInlines(raw);
}

/** Whether the node is running text (grouped into a paragraph where blocks are expected). */
export function isInlineNode(node: XmlNode): boolean {
  return node.kind === 'text' || ['strong', 'em', 'br', 'blank'].includes(node.name);
}
