// Quiz text as markup and back. Out: XHTML fragments for QTI item bodies and the HTML of GIFT
// questions ([html] text), every character of the lesson escaped. In: the elements of an item body
// (XML, read with saxes) or of a GIFT question (HTML, read with htmlparser2), turned into the
// lesson's runs; what the lesson cannot show (a picture, a table, a link) is named, never dropped
// in silence.
import { l10n, type Said } from '../../shared/l10n';
import type { Text, TextBlock } from './quiz';

/** Text for XML and HTML, in content and in double-quoted attributes (apostrophes stay as they are). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** Text in element content, where quotes need no escape. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

/** Runs as markup; `br` is self-closed, which reads the same in XHTML and HTML. */
export function inlineMarkup(text: Text): string {
  return text
    .map((run) => {
      if (run.kind === 'br') return '<br/>';
      let out = escapeText(run.text);
      if (run.em) out = `<em>${out}</em>`;
      if (run.strong) out = `<strong>${out}</strong>`;
      return out;
    })
    .join('');
}

export function blockMarkup(block: TextBlock, headingBase = 0): string {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, block.level + headingBase);
      return `<h${level}>${inlineMarkup(block.content)}</h${level}>`;
    }
    case 'paragraph':
      return `<p>${inlineMarkup(block.content)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlineMarkup(item)}</li>`).join('')}</${tag}>`;
    }
  }
}

// ---- reading -------------------------------------------------------------------------------

/** An element or a text of markup: the shape of both our XML tree and htmlparser2's DOM, mapped. */
export type MarkupNode =
  | { readonly kind: 'element'; readonly name: string; readonly attributes: Readonly<Record<string, string>>; readonly children: readonly MarkupNode[] }
  | { readonly kind: 'text'; readonly text: string };

/** What a reader met and the lesson cannot hold, by kind ("a picture"), each counted once per call site. */
/** What a question lost, by its English (said once however often it happened), in both readers' words. */
export type Lost = Map<string, Said>;

/** Records that `what` was lost. */
export function lose(lost: Lost, what: Said): void {
  lost.set(what.en, what);
}

function skipped(name: string): Said | undefined {
  switch (name) {
    case 'img':
      return l10n.both('a picture');
    case 'object':
      return l10n.both('a media file');
    case 'video':
      return l10n.both('a video');
    case 'audio':
      return l10n.both('a sound file');
    case 'iframe':
      return l10n.both('an embedded page');
    case 'math':
      return l10n.both('a formula');
    case 'svg':
      return l10n.both('a drawing');
    case 'script':
      return l10n.both('a script');
    case 'style':
      return l10n.both('styling');
    default:
      return undefined;
  }
}
const INLINE_KEPT = new Set(['span', 'a', 'u', 'sub', 'sup', 'code', 'font', 'small', 'big', 'mark', 'label', 'abbr', 'q', 'cite']);
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'blockquote', 'pre', 'section', 'article', 'hr', 'dl']);

/** Names without a namespace prefix, lower case (QTI 2.1 writes some with one). */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

interface Marks {
  strong?: boolean;
  em?: boolean;
}

function collect(nodes: readonly MarkupNode[], marks: Marks, out: Text, lost: Lost): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      const last = out.at(-1);
      if (last?.kind === 'text' && !!last.strong === !!marks.strong && !!last.em === !!marks.em) last.text += node.text;
      else out.push({ kind: 'text', text: node.text, ...(marks.strong ? { strong: true } : {}), ...(marks.em ? { em: true } : {}) });
      continue;
    }
    const name = localName(node.name);
    const dropped = skipped(name);
    if (dropped) lose(lost, dropped);
    else if (name === 'br') out.push({ kind: 'br' });
    else if (name === 'strong' || name === 'b') collect(node.children, { ...marks, strong: true }, out, lost);
    else if (name === 'em' || name === 'i') collect(node.children, { ...marks, em: true }, out, lost);
    else {
      if (name === 'a') lose(lost, l10n.both('a link (its text is kept)'));
      else if (!INLINE_KEPT.has(name)) lose(lost, l10n.both('<{0}> markup (its text is kept)', name));
      collect(node.children, marks, out, lost);
    }
  }
}

/** Whitespace as HTML reads it: one space between words, none at the ends; empty runs dropped. */
function normalize(runs: Text): Text {
  let spaceBefore = true;
  const out: Text = [];
  for (const run of runs) {
    if (run.kind !== 'text') {
      out.push(run);
      spaceBefore = true;
      continue;
    }
    let text = run.text.replace(/[ \t\r\n]+/g, ' ');
    if (spaceBefore && text.startsWith(' ')) text = text.slice(1);
    if (text === '') continue;
    spaceBefore = text.endsWith(' ');
    out.push({ ...run, text });
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const run = out[i];
    if (run?.kind !== 'text') break;
    const text = run.text.replace(/ $/, '');
    if (text !== '') {
      out[i] = { ...run, text };
      break;
    }
    out.splice(i, 1);
  }
  while (out[0]?.kind === 'br') out.shift();
  while (out.at(-1)?.kind === 'br') out.pop();
  return out;
}

export function readInlines(nodes: readonly MarkupNode[], lost: Lost): Text {
  const out: Text = [];
  collect(nodes, {}, out, lost);
  return normalize(out);
}

function isBlock(node: MarkupNode): boolean {
  return node.kind === 'element' && BLOCKS.has(localName(node.name));
}

function listItems(node: MarkupNode & { kind: 'element' }, lost: Lost): Text[] {
  return node.children.flatMap((child) => {
    if (child.kind !== 'element' || localName(child.name) !== 'li') return [];
    const nested = child.children.filter((c) => c.kind === 'element' && ['ul', 'ol'].includes(localName(c.name)));
    const own = readInlines(child.children.filter((c) => !nested.includes(c)), lost);
    return [own, ...nested.flatMap((n) => (n.kind === 'element' ? listItems(n, lost) : []))].filter((t) => t.length > 0);
  });
}

function readBlock(node: MarkupNode & { kind: 'element' }, lost: Lost): TextBlock[] {
  const name = localName(node.name);
  if (/^h[1-6]$/.test(name)) {
    const content = readInlines(node.children, lost);
    return content.length > 0 ? [{ kind: 'heading', level: Math.min(3, Number(name.slice(1))) as 1 | 2 | 3, content }] : [];
  }
  if (name === 'ul' || name === 'ol') {
    const items = listItems(node, lost);
    return items.length > 0 ? [{ kind: 'list', ordered: name === 'ol', items }] : [];
  }
  if (name === 'table') lose(lost, l10n.both('a table (its text is kept, a paragraph per row)'));
  if (name === 'tr') return paragraphOf(node.children, lost);
  if (name === 'hr') return [];
  if (node.children.some(isBlock) || name === 'table' || ['thead', 'tbody', 'tfoot'].includes(name)) return readBlocks(node.children, lost);
  return paragraphOf(node.children, lost);
}

function paragraphOf(nodes: readonly MarkupNode[], lost: Lost): TextBlock[] {
  const content = readInlines(nodes, lost);
  return content.length > 0 ? [{ kind: 'paragraph', content }] : [];
}

/** Blocks of markup: headings, paragraphs and lists; loose text between blocks becomes a paragraph. */
export function readBlocks(nodes: readonly MarkupNode[], lost: Lost): TextBlock[] {
  const out: TextBlock[] = [];
  let loose: MarkupNode[] = [];
  const flush = () => {
    out.push(...paragraphOf(loose, lost));
    loose = [];
  };
  for (const node of nodes) {
    if (node.kind === 'element' && (isBlock(node) || ['tr', 'thead', 'tbody', 'tfoot'].includes(localName(node.name)))) {
      flush();
      out.push(...readBlock(node, lost));
    } else loose.push(node);
  }
  flush();
  return out;
}
