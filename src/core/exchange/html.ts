// HTML fragments (GIFT's [html] question text, as Moodle and other tools write it: unclosed <br>,
// &nbsp;, attributes without quotes) read with htmlparser2 into markup nodes.
import { parseDocument } from 'htmlparser2';
import type { MarkupNode } from './markup';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];

function convert(node: ChildNode): MarkupNode[] {
  if (node.type === 'text') return [{ kind: 'text', text: node.data }];
  if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
    return [{ kind: 'element', name: node.name, attributes: node.attribs, children: node.children.flatMap(convert) }];
  }
  if (node.type === 'cdata') return node.children.flatMap(convert);
  return [];
}

export function htmlFragment(html: string): MarkupNode[] {
  return parseDocument(html, { decodeEntities: true }).children.flatMap(convert);
}
