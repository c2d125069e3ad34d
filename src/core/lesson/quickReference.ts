// A compact markdown reference of the lesson vocabulary for the base prompt, generated from the
// same table the validator enforces so the two can never disagree. Byte-stable for prompt caching.
import { ELEMENTS } from './vocabulary';

function describeAttributes(name: string): string {
  const attrs = Object.entries(ELEMENTS[name]?.attributes ?? {});
  if (attrs.length === 0) return '';
  return ` (${attrs.map(([attr, spec]) => (spec.required ? `**${attr}**` : attr)).join(', ')})`;
}

/** One line per element: name, required attributes in bold, what it is, where it goes. */
export function lessonQuickReference(): string {
  const lines = Object.entries(ELEMENTS).map(([name, spec]) => {
    const parts = [...spec.children.map((c) => `<${c}>`), ...(spec.text ? ['text'] : [])];
    const inside = parts.length > 0 ? `; contains ${parts.join(' ')}` : '';
    return `- \`<${name}>\`${describeAttributes(name)}: ${spec.description}${inside}`;
  });
  return [
    'Lesson XML: root `<lesson>`; attributes in **bold** are required; everything else is rejected.',
    ...lines,
  ].join('\n');
}
