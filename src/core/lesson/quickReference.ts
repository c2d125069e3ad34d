// A compact markdown reference of the lesson vocabulary for the base prompt, generated from the
// same tables the validator enforces so the two can never disagree. Byte-stable for prompt caching.
import type { AttributeKind } from './vocabulary';
import { ELEMENTS, HTML_ENTITIES, ID_RULE } from './vocabulary';

function describeAttributes(name: string): string {
  const attrs = Object.entries(ELEMENTS[name]?.attributes ?? {});
  if (attrs.length === 0) return '';
  return ` (${attrs.map(([attr, spec]) => (spec.required ? `**${attr}**` : attr)).join(', ')})`;
}

function allowedValues(kind: AttributeKind): string | undefined {
  switch (kind.kind) {
    case 'enum':
      return kind.values.map((v) => `\`${v}\``).join(', ');
    case 'integer':
      return `a whole number from ${kind.min} to ${kind.max}`;
    case 'number':
      return `a number from ${kind.min} to ${kind.max}`;
    case 'id':
      return `${ID_RULE}; unique in the document`;
    case 'text':
      return kind.nonEmpty ? 'any text, not empty' : undefined;
  }
}

/** One line per attribute and set of values, naming the elements that share it. */
function valueLines(): string[] {
  const grouped = new Map<string, { attr: string; values: string; elements: string[] }>();
  for (const [element, spec] of Object.entries(ELEMENTS)) {
    for (const [attr, attrSpec] of Object.entries(spec.attributes)) {
      const values = allowedValues(attrSpec.type);
      if (values === undefined) continue;
      const key = `${attr}\n${values}`;
      const group = grouped.get(key) ?? { attr, values, elements: [] };
      group.elements.push(`<${element}>`);
      grouped.set(key, group);
    }
  }
  return [...grouped.values()].map((g) => {
    const on = g.attr === 'id' ? 'on any element' : `on ${g.elements.join(', ')}`;
    return `- \`${g.attr}\` ${on}: ${g.values}`;
  });
}

function entityLine(): string {
  const pairs = Object.entries(HTML_ENTITIES).map(([name, code]) => `\`&${name};\`→\`&#${code};\``);
  return `- Entities: XML knows only \`&amp;\` \`&lt;\` \`&gt;\` \`&quot;\` \`&apos;\`. Write other characters as themselves or as numeric references: ${pairs.join(', ')}.`;
}

/** One line per element (name, required attributes in bold, what it is, where it goes), then the allowed values. */
export function lessonQuickReference(): string {
  const lines = Object.entries(ELEMENTS).map(([name, spec]) => {
    const parts = [...spec.children.map((c) => `<${c}>`), ...(spec.text ? ['text'] : [])];
    const inside = parts.length > 0 ? `; contains ${parts.join(' ')}` : '';
    return `- \`<${name}>\`${describeAttributes(name)}: ${spec.description}${inside}`;
  });
  return [
    'Lesson XML: root `<lesson>`; attributes in **bold** are required. An edit that adds an element or attribute not listed here is refused; ones already in the document (from other tools) are kept as they are.',
    ...lines,
    '',
    'Allowed values:',
    ...valueLines(),
    '- `type` may be missing on an `<exercise>` a teacher already has (the original format writes `<exercise id="ex-1">`): its content says what it is. Always write `type` on exercises you add.',
    '- `student-answer` holds what a student wrote: write `""` on elements you add; a non-empty one is never changed or removed without the teacher\'s approval, and ids are kept.',
    entityLine(),
  ].join('\n');
}
