// An edit is planned once, approved as planned, landed as planned: through the real loop, the
// document is read once before the card, the card's diff is what lands (also after the teacher
// typed elsewhere, and after a reload), and typing in the approved part refuses it, never silently
// landing something else.
import * as assert from 'node:assert/strict';
import { proposalReview } from '../../../../src/core/chat/review';
import type { DocumentSnapshot } from '../../../../src/core/documents/types';
import { editDocumentTool } from '../../../../src/core/tools/editDocument';
import { editTextTool } from '../../../../src/core/tools/editText';
import { replaceElementTool } from '../../../../src/core/tools/replaceElement';
import type { AgentEvent } from '../../../../src/shared/events';
import { LESSON } from '../tools/toolContext';
import { MemoryDocument, messagesOf, useHarnesses, type Harness } from './harness';

/** The lesson document, counting every read the core makes through the document interface. */
class CountingDocument extends MemoryDocument {
  reads = 0;
  override read(): Promise<DocumentSnapshot> {
    this.reads++;
    return super.read();
  }
  /** The teacher types in the editor. */
  type(next: string): void {
    this.text = next;
    this.version++;
  }
}

const EXERCISE = LESSON.slice(LESSON.indexOf('  <exercise'), LESSON.indexOf('</lesson>'));
const NEW_EXERCISE = `<exercise id="fb-1" type="fill-blanks">
    <p>Ils <blank answer="achètent" hint="acheter" student-answer=""/> des poires.</p>
  </exercise>`;
const CALLS = {
  edit_text: { edits: [{ find: 'des pommes', replace: 'des poires' }], summary: 'Pears instead of apples' },
  replace_element: { id: 'fb-1', content: NEW_EXERCISE, summary: 'A new first exercise' },
  edit_document: { documentXml: LESSON.replace(EXERCISE, ''), summary: 'Remove the exercise' },
} as const;
type ToolName = keyof typeof CALLS;

const thanks = { blocks: [{ type: 'text' as const, text: 'Done.' }] };

/** Reads made between two events of a run. */
async function readsBetween(h: Harness, doc: CountingDocument, request: Parameters<Harness['run']>[0], from: AgentEvent['type'], to: AgentEvent['type'], agent = h.agent): Promise<number> {
  let start = -1;
  let reads = -1;
  await agent.run(request, (e) => {
    if (e.type === from && start < 0) start = doc.reads;
    if (e.type === to && reads < 0) reads = doc.reads - start;
  });
  assert.ok(start >= 0 && reads >= 0, `the run had ${from} and ${to}`);
  return reads;
}

describe('an edit is planned once, approved as planned, landed as planned', () => {
  const startHarness = useHarnesses();

  async function paused(tool: ToolName, doc: CountingDocument): Promise<{ h: Harness; id: string; readsToCard: number }> {
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'tool_use', id: 'toolu_e', name: tool, input: CALLS[tool] }] }, thanks] },
      tools: [editTextTool, replaceElementTool, editDocumentTool],
      document: doc,
      settings: { approvalEdits: 'always' },
    });
    const id = await h.newSession();
    const readsToCard = await readsBetween(h, doc, { kind: 'message', sessionId: id, text: 'Change the lesson' }, 'tool_start', 'confirmation');
    return { h, id, readsToCard };
  }

  for (const tool of Object.keys(CALLS) as ToolName[]) {
    it(`${tool}: reads the document once before the card, and twice to land (the text it lands on, then the result)`, async () => {
      const doc = new CountingDocument(LESSON);
      const { h, id, readsToCard } = await paused(tool, doc);
      assert.equal(readsToCard, 1);
      const approve = { kind: 'decision' as const, sessionId: id, toolCallId: 'toolu_e', approved: true };
      assert.equal(await readsBetween(h, doc, approve, 'answered', 'tool_end'), 2);
      assert.notEqual(doc.text, LESSON, 'it landed');
    });
  }

  it('lands the diff the card showed when the teacher typed elsewhere meanwhile, even where the plan made again would fail', async () => {
    const doc = new CountingDocument(LESSON);
    const { h, id } = await paused('edit_text', doc);
    const pending = (await h.session(id)).pending;
    assert.ok(pending?.kind === 'confirmation' && pending.proposal);
    // Typed above the change: "des pommes" now occurs twice, so the find would no longer match once.
    const typed = LESSON.replace('<h1>Au marché</h1>', "<h1>Au marché</h1>\n  <p>J'aime des pommes.</p>");
    doc.type(typed);
    const shown = proposalReview(pending.proposal, typed);
    assert.equal(shown.after, typed.replace('achètent des pommes', 'achètent des poires'), 'Review shows the change on the current text');
    // Approved after a reload: the plan lands from the session, not a promise held in memory.
    await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_e', approved: true }, undefined, h.newAgent());
    assert.equal(doc.text, shown.after, 'what lands is what Review showed');
    const result = messagesOf(h.fake, 1).at(-1)?.content.find((b) => b.type === 'tool_result');
    assert.equal(result?.is_error, undefined, String(result?.content));
    assert.match(String(result?.content), /their changes were kept/);
  });

  it('lands a whole-document edit as the card showed it over typing elsewhere', async () => {
    const doc = new CountingDocument(LESSON);
    const { h, id } = await paused('edit_document', doc);
    const pending = (await h.session(id)).pending;
    assert.ok(pending?.kind === 'confirmation' && pending.proposal);
    const typed = LESSON.replace('Chaque samedi', 'Chaque samedi matin');
    doc.type(typed);
    const shown = proposalReview(pending.proposal, typed);
    await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_e', approved: true });
    assert.equal(doc.text, shown.after);
    assert.ok(doc.text.includes('Chaque samedi matin') && !doc.text.includes('<exercise'));
  });

  it('refuses the approved edit when the teacher typed in the part it changes, keeping their typing and telling the model', async () => {
    const doc = new CountingDocument(LESSON);
    const { h, id } = await paused('replace_element', doc);
    // The teacher rewrites the exercise's sentence while the card waits.
    const typed = LESSON.replace('<p>Claire <blank', '<p>Samedi, Claire <blank');
    doc.type(typed);
    const { events } = await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_e', approved: true });
    assert.equal(doc.text, typed, 'the teacher\'s typing stays; nothing else lands');
    const end = events.find((e) => e.type === 'tool_end');
    assert.ok(end?.type === 'tool_end' && end.status === 'error');
    assert.equal(end.error, 'Refused: the user was editing the same place');
    const result = messagesOf(h.fake, 1).at(-1)?.content.find((b) => b.type === 'tool_result');
    assert.match(String(result?.content), /Current document:\n[\s\S]*Samedi, Claire/);
  });
});
