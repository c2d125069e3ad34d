// QTI XML as markup nodes with QTI 3.0's names: QTI 2.1 (as Canvas, TAO and others export it)
// writes the same elements in camelCase (choiceInteraction, responseIdentifier), so its names are
// brought to 3.0's (qti-choice-interaction, response-identifier) and one reader reads both.
import { l10n, type Said } from '../../../shared/l10n';
import { parseXmlTree } from '../../lesson/xmlTree';
import type { XmlNode } from '../../lesson/xmlTree';
import type { MarkupNode } from '../markup';
import { localName } from '../markup';

export type QtiElement = MarkupNode & { kind: 'element' };

/** QTI 2 element names written in lower case, which HTML does not use. */
const QTI2_LOWER = new Set(['value', 'prompt', 'mapping', 'stylesheet', 'correct', 'variable', 'match', 'sum', 'and', 'or', 'not', 'member']);

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function convert(node: XmlNode, qti2: boolean): MarkupNode {
  if (node.kind === 'text') return { kind: 'text', text: node.text };
  const name = localName(node.name.includes(':') ? node.name : node.name);
  const raw = node.name.slice(node.name.indexOf(':') + 1);
  const isQti2 = qti2 && (/[A-Z]/.test(raw) || QTI2_LOWER.has(raw));
  const attributes = isQti2 ? Object.fromEntries(Object.entries(node.attributes).map(([k, v]) => [kebab(k), v])) : node.attributes;
  return { kind: 'element', name: isQti2 ? `qti-${kebab(raw)}` : name, attributes, children: node.children.map((c) => convert(c, qti2)) };
}

/** Why a file cannot be read, for the teacher and for the model (the XML parser's own words stay as it said them). */
export type QtiDocument = { ok: true; root: QtiElement } | { ok: false; message: Said };

/** What to do with a package in the format this reader does not read. */
export function qti12(): Said {
  return l10n.both('this is QTI 1.2 (the format of Canvas classic quizzes), which cannot be read; export the quiz as QTI 2.1 or 3.0, or as GIFT');
}

export function readQtiXml(text: string): QtiDocument {
  const tree = parseXmlTree(text);
  if (!tree.ok) return { ok: false, message: l10n.both('line {0}: {1}', tree.error.line, tree.error.message) };
  const rootName = tree.root.name.slice(tree.root.name.indexOf(':') + 1);
  if (rootName === 'questestinterop') return { ok: false, message: qti12() };
  const qti2 = !rootName.startsWith('qti-') && rootName !== 'manifest';
  return { ok: true, root: convert(tree.root, qti2) as QtiElement };
}

export function children(node: QtiElement, name?: string): QtiElement[] {
  return node.children.filter((c): c is QtiElement => c.kind === 'element' && (name === undefined || c.name === name));
}

export function child(node: QtiElement, name: string): QtiElement | undefined {
  return children(node, name)[0];
}

export function descendants(node: QtiElement, test: (e: QtiElement) => boolean): QtiElement[] {
  return children(node).flatMap((c) => [...(test(c) ? [c] : []), ...descendants(c, test)]);
}

export function textContent(node: MarkupNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textContent).join('');
}
