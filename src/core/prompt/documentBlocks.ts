// How the bound document appears in the conversation: a `<document>` block with its whole text, a
// `<document-outline>` block for a document too long to send whole, a `<document-changes>` block
// (a unified diff) when it changed after the model saw it, or why it could not be read. The
// blocks are rendered from what the session stored, so the same message always renders the same
// bytes. Snapshot blocks are remembered, so the request can put a cache breakpoint after them.
import type Anthropic from '@anthropic-ai/sdk';
import { outlineLines } from '../documents/outline';
import type { DocumentKind } from '../documents/types';
import type { ReadonlyAttachment } from '../sessions/schema';

export function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function documentBlock(name: string, kind: DocumentKind, text: string): string {
  return `<document name="${attr(name)}" kind="${kind}">\n${text}\n</document>`;
}

export function unavailableBlock(name: string, problem: string): string {
  return `<document name="${attr(name)}" unavailable="true">\n${problem}\n</document>`;
}

/** The outline block of a document too long to send whole. */
export function outlineBlock(name: string, kind: DocumentKind, text: string): string {
  const lines = text.length === 0 ? 0 : text.split('\n').length;
  const how =
    kind === 'lesson'
      ? 'Change it with edit_text (find/replace) or replace_element (an element by its id, or a section by its heading); ' +
        'edit_document is refused for a document this long.'
      : 'Change it with edit_text (find/replace) or replace_element (a section by its heading); edit_document is refused for a document this long.';
  return [
    `<document-outline name="${attr(name)}" kind="${kind}" lines="${lines}" characters="${text.length}">`,
    `This document is too long to send whole (${text.length.toLocaleString('en')} characters), so this is its outline, with the line ` +
      `ranges of its text. Read the parts you need with read_document (by ${kind === 'lesson' ? 'element id, ' : ''}heading or line range) ` +
      `before you change or discuss them. ${how}`,
    ...outlineLines(text, kind),
    '</document-outline>',
  ].join('\n');
}

export function changesBlock(name: string, diff: string): string {
  return [
    `<document-changes name="${attr(name)}">`,
    'The document changed since the version you have (your edits, or the user typing in the editor). The changes, as a ' +
      'unified diff of whole lines (numbers as in that version and in the new text); the document now reads as that version with them applied:',
    diff,
    '</document-changes>',
  ].join('\n');
}

const snapshots = new WeakSet<object>();

/** True for a block rendered from a snapshot (the document's text or outline). */
export function isSnapshotBlock(block: Anthropic.ContentBlockParam): boolean {
  return snapshots.has(block);
}

/** The text block an attachment is sent as. */
export function renderAttachment(a: ReadonlyAttachment): Anthropic.TextBlockParam {
  switch (a.kind) {
    case 'snapshot': {
      const block: Anthropic.TextBlockParam = { type: 'text', text: a.outline ?? documentBlock(a.name, a.docKind, a.text) };
      snapshots.add(block);
      return block;
    }
    case 'changes':
      return { type: 'text', text: a.rendered };
    case 'unavailable':
      return { type: 'text', text: unavailableBlock(a.name, a.problem) };
  }
}
