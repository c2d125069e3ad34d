// Where the document goes in the requests, through the real agent, the real editing tools and the
// strict fake (thinking on, so a rewritten message of the running turn is refused): the turn's
// snapshot before the user's words with a cache breakpoint after it, reused by the turn's later
// calls and turns; what changes during a turn (the model's edit, the user's typing) appended as a
// diff after the tool results; and one rebase step when a turn starts past the window.
import * as assert from 'node:assert/strict';
import { applyPatch } from 'diff';
import { editTextTool } from '../../../../src/core/tools/editText';
import { readDocumentTool } from '../../../../src/core/tools/readDocument';
import type { AgentEvent } from '../../../../src/shared/events';
import { bigLesson } from '../lesson/bigLesson';
import { echoTool, MemoryDocument, messagesOf, useHarnesses } from './harness';

const SONNET = 'claude-sonnet-5-5';
type Block = Record<string, unknown>;

const thought = (thinking: string) => ({ type: 'thinking' as const, thinking });
const textOf = (b: Block | undefined): string => (typeof b?.text === 'string' ? b.text : '');
const isCopy = (b: Block): boolean => textOf(b).startsWith('<document name=');
const isChanges = (b: Block): boolean => textOf(b).startsWith('<document-changes');
const withoutBreakpoints = (blocks: readonly Block[]): Block[] => blocks.map(({ cache_control: _, ...b }) => b);

function usages(events: readonly AgentEvent[]) {
  return events.flatMap((e) => (e.type === 'usage' ? [e.usage] : []));
}

/** The diff in a <document-changes> block, applied to `before`. */
function applyChanges(before: string, block: Block): string {
  const diff = /^<document-changes[^>]*>\n[^\n]*\n([\s\S]*?)\n<\/document-changes>$/.exec(textOf(block))?.[1];
  assert.ok(diff, textOf(block));
  const after = applyPatch(before, diff);
  assert.notEqual(after, false, 'the diff applies to the version the model had');
  return after as string;
}

describe('the document in the requests', () => {
  const startHarness = useHarnesses();

  const { text: lesson } = bigLesson(20_000);
  const find = '<h2 id="s2">Unit 2: au marché</h2>';
  const replace = '<h2 id="s2">Unit 2: at the market</h2>';

  it('goes before the words of the turn\'s first message with a breakpoint, and is read from the cache by the later calls', async () => {
    const doc = new MemoryDocument(lesson);
    const h = await startHarness({
      settings: { model: SONNET },
      tools: [editTextTool],
      document: doc,
      scenario: {
        steps: [
          { blocks: [thought('I change the heading.'), { type: 'tool_use', name: 'edit_text', input: { edits: [{ find, replace }], summary: 'Heading in English' } }] },
          { blocks: [thought('Done.'), { type: 'text', text: 'The heading of unit 2 is now in English.' }] },
          { blocks: [thought('A question.'), { type: 'text', text: 'Yes, it reads well.' }] },
        ],
      },
    });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'Put the heading of unit 2 in English.' });
    assert.equal(first.outcome.status, 'completed');

    const call1 = messagesOf(h.fake, 0);
    const opening = call1[0]?.content ?? [];
    assert.equal(call1.length, 1);
    assert.ok(isCopy(opening[0] ?? {}), 'the snapshot comes first');
    assert.equal(textOf(opening[0]), `<document name="lesson.lesson.xml" kind="lesson">\n${lesson}\n</document>`);
    assert.deepEqual(opening[0]?.cache_control, { type: 'ephemeral' }, 'a breakpoint right after the snapshot');
    assert.equal(textOf(opening[1]), 'Put the heading of unit 2 in English.');

    // Call 2 repeats call 1's message as it was (append-only) and adds the change after the result.
    const call2 = messagesOf(h.fake, 1);
    assert.equal(call2.length, 3);
    assert.deepEqual(withoutBreakpoints(call2[0]?.content ?? []), withoutBreakpoints(opening));
    assert.deepEqual(call2[0]?.content[0]?.cache_control, { type: 'ephemeral' });
    const last = call2[2]?.content ?? [];
    assert.deepEqual(last.map((b) => (isChanges(b) ? 'changes' : b.type)), ['tool_result', 'changes']);
    assert.equal(applyChanges(lesson, last[1] ?? {}), doc.text, 'the model can rebuild the document');
    assert.ok(textOf(last[1]).length < 600, `a compact diff: ${textOf(last[1]).length} characters`);
    assert.equal(call2.flatMap((m) => m.content).filter(isCopy).length, 1, 'no second copy');

    // Call 2 read the snapshot (and the tools and system) from the cache.
    const [u1, u2] = usages(first.events);
    assert.ok(u1 && u2);
    assert.ok(u2.cacheReadTokens >= lesson.length / 4 * 0.9, `${u2.cacheReadTokens} tokens read from the cache`);

    // The follow-up turn: the same first message, the diff kept where it was, 90%+ from the cache.
    const second = await h.run({ kind: 'message', sessionId: id, text: 'Is it clear?' });
    const call3 = messagesOf(h.fake, 2);
    assert.deepEqual(withoutBreakpoints(call3[0]?.content ?? []), withoutBreakpoints(opening));
    assert.deepEqual(withoutBreakpoints(call3[2]?.content ?? []), withoutBreakpoints(last));
    assert.deepEqual(call3.at(-1)?.content.map(textOf), ['Is it clear?'], 'nothing new about the document to say');
    const [u3] = usages(second.events);
    assert.ok(u3);
    const prompt = u3.inputTokens + u3.cacheReadTokens + u3.cacheCreationTokens;
    assert.ok(u3.cacheReadTokens / prompt >= 0.9, `${u3.cacheReadTokens} of ${prompt} tokens from the cache`);
  });

  it('appends what the user typed during the turn after the tool results, never rewriting an earlier message', async () => {
    const doc = new MemoryDocument(lesson);
    const typing = echoTool('lookup', () => {
      // The teacher types in the editor while the tool runs.
      doc.text = doc.text.replace('Chaque samedi, Claire va au marché avec son frère. Ils achètent des pommes, du pain et un peu de fromage pour la semaine (unit 3).', 'Le dimanche, Claire reste à la maison (unit 3).');
      doc.version++;
    });
    const h = await startHarness({
      settings: { model: SONNET },
      tools: [typing],
      document: doc,
      scenario: {
        steps: [
          { blocks: [thought('Look it up.'), { type: 'tool_use', name: 'lookup', input: { query: 'verbs' } }] },
          { blocks: [thought('Once more.'), { type: 'tool_use', name: 'lookup', input: { query: 'nouns' } }] },
          { blocks: [thought('Done.'), { type: 'text', text: 'Found both.' }] },
        ],
      },
    });
    const id = await h.newSession();
    const run = await h.run({ kind: 'message', sessionId: id, text: 'Find the verbs and the nouns.' });
    assert.equal(run.outcome.status, 'completed');
    const calls = [0, 1, 2].map((i) => messagesOf(h?.fake as never, i));
    // Each call starts with the previous call's messages, unchanged (breakpoints aside).
    for (let i = 1; i < calls.length; i++) {
      const prev = calls[i - 1] ?? [];
      prev.forEach((m, j) => assert.deepEqual(withoutBreakpoints(calls[i]?.[j]?.content ?? []), withoutBreakpoints(m.content), `call ${i + 1}, message ${j}`));
    }
    // The typing shows once, as a diff after the first result; the second round changed nothing.
    const results = (calls[2] ?? []).filter((m) => m.role === 'user').slice(1);
    assert.deepEqual(results.map((m) => m.content.map((b) => (isChanges(b) ? 'changes' : b.type))), [['tool_result', 'changes'], ['tool_result']]);
    const rebuilt = applyChanges(lesson, results[0]?.content[1] ?? {});
    assert.equal(rebuilt, doc.text);
  });

  it('moves the copy to the window\'s new first message in one step when the window is cut, and keeps it there', async () => {
    const doc = new MemoryDocument(lesson);
    const h = await startHarness({
      settings: { model: SONNET, historyLength: 6 },
      document: doc,
      scenario: { steps: [], fallback: { blocks: [thought('Answering.'), { type: 'text', text: 'Noted.' }] } },
    });
    const id = await h.newSession();
    const firsts: string[] = [];
    for (let i = 1; i <= 9; i++) {
      const run = await h.run({ kind: 'message', sessionId: id, text: `question ${i}` });
      const sent = messagesOf(h.fake, i - 1);
      // Exactly one copy, always the first block of the first message, byte for byte the same.
      assert.equal(sent.flatMap((m) => m.content).filter(isCopy).length, 1);
      assert.equal(textOf(sent[0]?.content[0]), `<document name="lesson.lesson.xml" kind="lesson">\n${lesson}\n</document>`);
      firsts.push(textOf(sent[0]?.content[1]));
      if (i > 1) {
        const [u] = usages(run.events);
        assert.ok(u && u.cacheReadTokens > lesson.length / 4 * 0.9, `turn ${i} reads the copy from the cache`);
      }
    }
    // The window (6 messages, turns of 2) is cut back to about half in steps, not every turn.
    assert.deepEqual(firsts, ['question 1', 'question 1', 'question 1', 'question 3', 'question 3', 'question 5', 'question 5', 'question 7', 'question 7']);
    const session = await h.session(id);
    assert.equal(session.messages.filter((m) => (m.document ?? []).length > 0).length, 1, 'earlier copies are dropped from the session');
  });

  it('appends a fresh copy to the next turn when the document changed a lot outside the agent, leaving the first message as it was', async () => {
    const doc = new MemoryDocument(lesson);
    const h = await startHarness({ settings: { model: SONNET }, document: doc, scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } } });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'first' });
    doc.text = bigLesson(12_000).text.replace(/Claire/g, 'Julie');
    doc.version++;
    await h.run({ kind: 'message', sessionId: id, text: 'second' });
    const before = messagesOf(h.fake, 0);
    const sent = messagesOf(h.fake, 1);
    const blocks = sent.flatMap((m) => m.content);
    assert.equal(blocks.filter(isCopy).length, 2);
    assert.equal(blocks.filter(isChanges).length, 0);
    const bare = (m: unknown): string => JSON.stringify(m, (k, v: unknown) => (k === 'cache_control' ? undefined : v));
    assert.equal(bare(sent[0]), bare(before[0]), 'the first message is sent exactly as before (cache breakpoints aside)');
    const last = sent.at(-1)?.content ?? [];
    assert.equal(textOf(last.at(-2)), `<document name="lesson.lesson.xml" kind="lesson">\n${doc.text}\n</document>`, 'the fresh copy goes before the words of the new turn');
    assert.equal(textOf(last.at(-1)), 'second');
  });

  it('gives a long document as an outline that read_document fills in', async () => {
    const doc = new MemoryDocument(lesson);
    const h = await startHarness({
      settings: { model: SONNET, largeDocumentChars: 10_000 },
      tools: [readDocumentTool],
      document: doc,
      scenario: {
        steps: [
          { blocks: [thought('Read the exercise.'), { type: 'tool_use', name: 'read_document', input: { id: 'fb-2' } }] },
          { blocks: [{ type: 'text', text: 'Exercise fb-2 asks for verbs in the present.' }] },
        ],
      },
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'What does fb-2 ask?' });
    const first = messagesOf(h.fake, 0)[0]?.content ?? [];
    assert.match(textOf(first[0]), /^<document-outline name="lesson\.lesson\.xml" kind="lesson" lines="\d+" characters="\d+">/);
    assert.match(textOf(first[0]), /L\d+-\d+: exercise fb-2 \(fill-blanks\)/);
    assert.ok(textOf(first[0]).length < lesson.length / 3, 'the outline is much shorter than the text');
    assert.deepEqual(first[0]?.cache_control, { type: 'ephemeral' });
    const result = messagesOf(h.fake, 1)[2]?.content[0];
    assert.equal(result?.type, 'tool_result');
    assert.match(String(result?.content), /^Lines \d+-\d+ of lesson\.lesson\.xml \(<exercise id="fb-2">\):\n {2}<exercise id="fb-2" type="fill-blanks" level="A2">/);
  });
});
