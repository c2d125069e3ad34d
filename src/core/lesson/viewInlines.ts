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

function collect(nodes: readonly XmlNode[], marks: Marks, out: Inline[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      out.push({ kind: 'text', text: node.text, ...(marks.strong ? { strong: true } : {}), ...(marks.em ? { em: true } : {}) });
      continue;
    }
    switch (node.name) {
      case 'strong':
        collect(node.children, { ...marks, strong: true }, out);
        break;
      case 'em':
        collect(node.children, { ...marks, em: true }, out);
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

function sameMarks(a: Inline, b: Inline): boolean {
  return a.kind === 'text' && b.kind === 'text' && a.strong === b.strong && a.em === b.em;
}

/** Collapses whitespace, joins runs that carry the same marks, trims the ends, drops empty runs. */
export function normalizeInlines(raw: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const item of raw) {
    const prev = out.at(-1);
    if (item.kind === 'text') {
      const text = item.text.replace(XML_SPACE, ' ');
      if (prev && prev.kind === 'text' && sameMarks(prev, item)) out[out.length - 1] = { ...prev, text: (prev.text + text).replace(/ {2,}/g, ' ') };
      else out.push({ ...item, text });
    } else {
      out.push(item);
    }
  }
  const first = out[0];
  if (first?.kind === 'text') out[0] = { ...first, text: first.text.replace(/^ /, '') };
  const last = out.at(-1);
  if (last?.kind === 'text') out[out.length - 1] = { ...last, text: last.text.replace(/ $/, '') };
  // A space between two runs is kept once: "a <em>b</em>" must not lose it, "a  <em> b" shows one.
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1];
    const item = out[i];
    if (prev?.kind === 'text' && item?.kind === 'text' && prev.text.endsWith(' ') && item.text.startsWith(' ')) {
      out[i] = { ...item, text: item.text.slice(1) };
    }
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
