// A small element tree with source lines, read with saxes (the parser the validator uses). The
// preview needs the whole tree at once (a question's options, an exercise's inferred type), and
// every element needs the lines it spans, which no DOM parser in Node keeps.
import { SaxesParser } from 'saxes';
import { LineIndex } from './positions';
import { plainXmlMessage } from './xmlWords';

export interface XmlElement {
  readonly kind: 'element';
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  /** 1-based line of the start tag's '<'. */
  readonly line: number;
  /** 1-based line of the end tag's '>' (the start tag's, for an empty element). */
  end: number;
  /** Offsets in the source (BOM removed) of the start tag's '<' and just past the end tag's '>'. */
  readonly from: number;
  to: number;
}

export interface XmlText {
  readonly kind: 'text';
  readonly text: string;
  /** 1-based lines where the text starts (its first non-space character) and ends. */
  readonly line: number;
  readonly end: number;
}

export type XmlNode = XmlElement | XmlText;

export interface XmlProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type XmlTreeResult = { ok: true; root: XmlElement; lineCount: number; source: string } | { ok: false; error: XmlProblem };

type Parser = SaxesParser<{ xmlns: false; position: true }>;

/** Parses well-formed XML into a tree; the first well-formedness error ends it, with its position. */
export function parseXmlTree(text: string): XmlTreeResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = new LineIndex(source);
  const parser: Parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let error: XmlProblem | undefined;
  const lineAt = (offset: number) => lines.positionAt(Math.max(0, Math.min(offset, source.length))).line;

  parser.on('opentag', (tag) => {
    // The parser stands just after the start tag's '>'; '<' cannot occur inside a start tag.
    const tagEnd = parser.position;
    const start = source.lastIndexOf('<', tagEnd - 1);
    const element: XmlElement = {
      kind: 'element',
      name: tag.name,
      attributes: tag.attributes,
      children: [],
      line: lineAt(start >= 0 ? start : tagEnd),
      end: lineAt(tagEnd - 1),
      from: start >= 0 ? start : tagEnd,
      to: tagEnd,
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  // saxes closes the open element before it reports a close tag that does not match it.
  let lastClosed: XmlElement | undefined;
  parser.on('closetag', () => {
    const element = stack.pop();
    if (!element) return;
    lastClosed = element;
    element.end = lineAt(parser.position - 1);
    element.to = parser.position;
  });
  const onText = (value: string) => {
    const parent = stack.at(-1);
    if (!parent) return;
    // The parser stands at the '<' after the text, which starts after the previous '>'.
    const start = source.lastIndexOf('>', parser.position - 1) + 1;
    const lead = value.search(/[^ \t\r\n]/);
    parent.children.push({ kind: 'text', text: value, line: lineAt(start + Math.max(lead, 0)), end: lineAt(parser.position - 1) });
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (err) => {
    error ??= problemAt(source, lines, parser.position, err.message, lastClosed);
  });
  try {
    parser.write(source).close();
  } catch (err) {
    // saxes reports through the handler; a throw would be a parser bug, still reported.
    if (!error) error = { line: 1, column: 1, message: err instanceof Error ? err.message : String(err) };
  }
  if (error) return { ok: false, error: bareAmpersand(source, lines, error) ?? error };
  if (!root) return { ok: false, error: { line: 1, column: 1, message: 'The document has no lesson in it: a lesson starts with <lesson>.' } };
  return { ok: true, root, lineCount: lineAt(source.length), source };
}

/**
 * The parser's first error, placed where the mistake is (not where saxes noticed it, `position`)
 * and said in plain words, naming the tag it concerns.
 */
function problemAt(source: string, lines: LineIndex, position: number, saxesMessage: string, lastClosed: XmlElement | undefined): XmlProblem {
  const stopped = Math.max(0, Math.min(position - 1, source.length));
  const unfinished = unfinishedStartTag(source, stopped);
  const offset = unfinished?.quote ?? unfinishedTagEnd(source, stopped);
  const at = lines.positionAt(offset);
  const raw = saxesMessage.replace(/^\d+:\d+:\s*/, '');
  const closing = /^<\/([^\s>]+)/.exec(source.slice(Math.max(0, source.lastIndexOf('</', offset))))?.[1];
  const open = lastClosed && { name: lastClosed.name, line: lastClosed.line };
  const tag = unfinished && { name: unfinished.name, quote: unfinished.quote === undefined ? undefined : source[unfinished.quote] };
  return { line: at.line, column: at.column, message: plainXmlMessage(raw, { closing, open, unfinished: tag }) };
}

/**
 * saxes notices a tag left unfinished (`</p` without its '>') only at the next '<', often on the
 * line after: the mistake is where the unfinished tag ends, so point at its last character.
 */
function unfinishedTagEnd(source: string, at: number): number {
  if (source[at] !== '<') return at;
  const tagStart = source.lastIndexOf('<', at - 1);
  const between = tagStart >= 0 ? source.slice(tagStart, at) : '';
  if (!between.includes('\n') || between.includes('>')) return at;
  return tagStart + between.trimEnd().length - 1;
}

/**
 * A start tag still open where the parser met the next '<' (`<exercise id="a"` and then `<prompt>`
 * on the next line): its name, and the offset of the quote its last value never closed, if any
 * (`id="a>` runs on into the next tag). saxes only says a character is not allowed there.
 */
function unfinishedStartTag(source: string, at: number): { name: string; quote?: number } | undefined {
  if (source[at] !== '<') return undefined;
  const tagStart = source.lastIndexOf('<', at - 1);
  const name = tagStart >= 0 ? /^<([A-Za-z_][\w.:-]*)/.exec(source.slice(tagStart, at))?.[1] : undefined;
  if (name === undefined) return undefined;
  let quote: number | undefined;
  for (let i = tagStart + 1 + name.length; i < at; i++) {
    const c = source[i];
    if (quote !== undefined) {
      if (c === source[quote]) quote = undefined;
    } else if (c === '"' || c === "'") quote = i;
    else if (c === '>') return undefined;
  }
  return quote === undefined ? { name } : { name, quote };
}

/** An '&' that starts no entity or character reference (CDATA sections and comments aside). */
const BARE_AMPERSAND = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/g;

/**
 * saxes reads a lone '&' as the start of an entity and runs on to the end of the document, so
 * its error lands far from the mistake ("unclosed tag" at the last line). A bare '&' before the
 * reported place is the real error: point at it.
 */
function bareAmpersand(source: string, lines: LineIndex, reported: XmlProblem): XmlProblem | undefined {
  for (const match of source.matchAll(BARE_AMPERSAND)) {
    if (match[0] !== '&') continue;
    const at = lines.positionAt(match.index);
    if (at.line > reported.line || (at.line === reported.line && at.column > reported.column)) return undefined;
    return { ...at, message: 'a lone "&": write &amp; for the character itself (XML reads & as the start of an entity such as &lt;)' };
  }
  return undefined;
}

export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => c.kind === 'element');
}

export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c): c is XmlElement => c.kind === 'element' && c.name === name);
}

/** The element's text with every descendant's, whitespace collapsed. */
export function textContent(node: XmlNode): string {
  return rawText(node).replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

function rawText(node: XmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(rawText).join('');
}

/** Element names below `element`, in document order. */
export function* descendantNames(element: XmlElement): Generator<string> {
  for (const child of element.children) {
    if (child.kind !== 'element') continue;
    yield child.name;
    yield* descendantNames(child);
  }
}
