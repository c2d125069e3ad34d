// A long conversation with the current models' preserved thinking, through the real SDK and the
// fake's prefix check: thinking in every reply, tool results long enough to be cleared when the
// window is cut, the teacher typing in the lesson between turns, a workspace skill added, and a
// model switch. Every turn must succeed, with no request refused; the finished turns' thinking goes
// back while nothing before it changed, and is left out (and said so in the log) when it did.
import * as assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Skill, SkillCatalog } from '../../../../src/core/skills/types';
import { createLoadSkillTool } from '../../../../src/core/tools/loadSkill';
import type { AnyTool, ToolDefinition } from '../../../../src/core/tools/types';
import * as z from 'zod';
import { snapshotLine } from '../../../../src/core/sessions/journal';
import { ROOT } from '../cliProcess';
import { MemoryDocument, messagesOf, useHarnesses, type Harness } from './harness';

type Json = Record<string, unknown>;
const SONNET = 'claude-sonnet-5-5';
const OPUS = 'claude-opus-5-5';

const skill = (name: string, description: string): Skill => ({ name, description, displayText: `Checking ${name} rules`, body: `# ${name}\n${'Rules. '.repeat(300)}`, source: 'workspace' });

class Catalog implements SkillCatalog {
  constructor(private readonly skills: Skill[]) {}
  list(): readonly Skill[] {
    return this.skills;
  }
  get(name: string): Skill | undefined {
    return this.skills.find((s) => s.name === name);
  }
}

/** Looks a word up, with a long answer: the kind of result a cut clears. */
const lookup: ToolDefinition<{ q: string }> = {
  name: 'lookup',
  description: 'Looks a word up in the dictionary.',
  inputSchema: z.object({ q: z.string() }),
  displayText: (input) => `Looking up ${input.q}`,
  genericText: () => 'Looking something up',
  run: (input) => Promise.resolve({ content: `${input.q}: ${'a long entry with examples. '.repeat(80)}`, summary: `looked up ${input.q}` }),
};

const think = (thinking: string) => ({ type: 'thinking' as const, thinking });

const scenario = {
  rules: [
    { when: { toolResultFor: 'load_skill' }, respond: { blocks: [think('Now I know the rules.'), { type: 'text' as const, text: 'I read the dialogue rules.' }] } },
    { when: { toolResultFor: 'lookup' }, respond: { blocks: [think('The entry answers it.'), { type: 'redacted_thinking' as const }, { type: 'text' as const, text: 'Here is what the dictionary says.' }] } },
    { when: { userText: 'dialogue' }, respond: { blocks: [think('A workspace skill fits.'), { type: 'tool_use' as const, name: 'load_skill', input: { skill: 'dialogues' } }] } },
    { when: { userText: '.' }, respond: { blocks: [think('I should look it up.'), { type: 'tool_use' as const, name: 'lookup', input: { q: 'word' } }] } },
  ],
};

/** The thinking blocks a request sends from turns before its last user message with words. */
function earlierThinking(h: Harness, index: number): number {
  const messages = messagesOf(h.fake, index);
  let lastWords = 0;
  messages.forEach((m, i) => {
    if (m.role === 'user' && m.content.some((b) => b.type === 'text' && !String(b.text).startsWith('<'))) lastWords = i;
  });
  return messages.slice(0, lastWords).reduce((n, m) => n + m.content.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking').length, 0);
}

/** Rewrites a session as the previous version (schema 3) saved it: thinking without the digest of its prefix, no frame. */
export async function saveAsVersion3(h: Harness, id: string): Promise<void> {
  const session = await h.session(id);
  for (const m of session.messages) for (const b of m.content) if (b.type === 'thinking' || b.type === 'redacted_thinking') delete b.prefix;
  const { frame: _frame, thinking: _thinking, ...rest } = session;
  const record = JSON.stringify({ kind: 'snapshot', session: { ...rest, version: 3 } });
  const line = `{"v":3,"c":"${crc32(record).toString(16).padStart(8, '0')}","r":${record}}\n`;
  // The harness's store lives in <dir>/sessions; its journals in the sessions folder under it.
  await writeFile(join(h.dir, 'sessions', 'sessions', `${id}.jsonl`), line, 'utf8');
}

/** The session file the previous version (schema 3) saved, paused on a question after thinking: copied into the harness's store. */
async function copyFixture(h: Harness): Promise<string> {
  const text = await readFile(join(ROOT, 'test', 'fixtures', 'session-v3-paused-thinking.jsonl'), 'utf8');
  const id = /"id":"(s-[^"]+)"/.exec(text)?.[1];
  assert.ok(id);
  await mkdir(join(h.dir, 'sessions', 'sessions'), { recursive: true });
  await writeFile(join(h.dir, 'sessions', 'sessions', `${id}.jsonl`), text, 'utf8');
  return id;
}

const bare = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (k === 'cache_control' ? undefined : x));

describe('append-only conversations with preserved thinking', () => {
  const startHarness = useHarnesses();

  it('keeps a 30-turn session with thinking, cleared tool results, the teacher typing, a new skill and a model switch answering, with no request refused', async () => {
    const doc = new MemoryDocument(`<lesson title="Les verbes" level="A2">\n<p>Intro.</p>\n${'<p>Une phrase de la leçon.</p>\n'.repeat(40)}</lesson>\n`);
    let catalog = new Catalog([skill('fill-blanks', 'Gap-fill exercises.'), skill('true-false', 'True or false statements.')]);
    const settings = { model: SONNET };
    const h = await startHarness({
      scenario,
      tools: (): AnyTool[] => [createLoadSkillTool(catalog), lookup],
      skills: () => catalog,
      document: doc,
      settings,
    });
    const id = await h.newSession();
    const firstRequestOf: number[] = [];
    for (let turn = 1; turn <= 30; turn++) {
      if (turn === 9) doc.text = doc.text.replace('<p>Intro.</p>', `<p>Intro.</p>\n<p>${'Un paragraphe écrit par la professeure. '.repeat(6)}</p>`);
      if (turn === 17) doc.text = doc.text.replace('Intro.', 'Introduction.');
      if (turn === 9 || turn === 17) doc.version++;
      if (turn === 20) catalog = new Catalog([...catalog.list(), skill('dialogues', 'Dialogues to complete.')]);
      if (turn === 25) settings.model = OPUS;
      firstRequestOf.push(h.fake.requests.length);
      const text = turn === 20 ? 'Write a dialogue with the new skill.' : `What does word ${turn} mean?`;
      const { outcome } = await h.run({ kind: 'message', sessionId: id, text });
      assert.equal(outcome.status, 'completed', `turn ${turn}: ${outcome.error?.message ?? ''}`);
    }
    // h.run has checked every request: none refused, every one a valid Messages request.
    assert.ok(h.fake.requests.length >= 60);

    // The finished turns' thinking went back in most turns' first requests (it is dropped only at cuts).
    const carried = firstRequestOf.filter((i) => earlierThinking(h, i) > 0).length;
    assert.ok(carried >= 15, `${carried} of 30 turns sent earlier thinking back`);

    // system and tools change only at a cut: the skill added at turn 20 was told in a notice.
    const bodies = h.fake.requests.map((r) => r.body);
    const frames = new Set(bodies.map((b) => bare([b.system, b.tools])));
    assert.ok(frames.size >= 2 && frames.size <= 6, `${frames.size} frames`);
    const turn20 = bodies[firstRequestOf[19] ?? 0] as { tools: Json[]; messages: { content: Json[] }[] };
    const said = turn20.messages.at(-1)?.content.some((b) => String(b.text).startsWith('<skills-update added="dialogues">'));
    assert.ok(said, 'the new skill is told at the end of the conversation');
    const loaded = (await h.session(id)).toolCalls;
    assert.ok(Object.values(loaded).some((c) => c.tool === 'load_skill' && c.status === 'success'), 'the new skill loads');

    // After the switch, no request carries the first model's thinking; the new model's goes back.
    const opus = h.fake.requests.filter((r) => r.body.model === OPUS).map((r) => r.index);
    assert.ok(opus.length >= 10);
    assert.ok(opus.slice(-4).some((i) => earlierThinking(h, i) > 0), "Opus's own earlier thinking goes back");

    // Each request that left earlier thinking out says so in the log, once.
    const leftOut = h.journal.filter((l) => /the thinking of \d+ earlier turns? .* is left out from now on/.test(l.message));
    assert.ok(leftOut.length >= 1, 'a cut left thinking out, and the log says so');
    assert.deepEqual(h.logs, []);
  });

  it('leaves out only the thinking after a change in the middle of the conversation: the earlier turns\' thinking still goes back', async () => {
    const h = await startHarness({ scenario, tools: [lookup], settings: { model: SONNET } });
    const id = await h.newSession();
    for (const n of [1, 2, 3]) await h.run({ kind: 'message', sessionId: id, text: `What does word ${n} mean?` });
    // Something rewrote the second question after the model had read it (a bug, a tool that edits history).
    const session = await h.session(id);
    const second = session.messages.filter((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'))[1];
    const words = second?.content.find((b) => b.type === 'text');
    assert.ok(words?.type === 'text');
    words.text = 'What does word 2 mean, again?';
    await writeFile(join(h.dir, 'sessions', 'sessions', `${id}.jsonl`), snapshotLine(session), 'utf8');
    const before = h.fake.requests.length;
    await h.run({ kind: 'message', sessionId: id, text: 'And word 4?' });
    const sent = messagesOf(h.fake, before);
    const thinkingOfTurn = (question: string): number => {
      const at = sent.findIndex((m) => m.content.some((b) => String(b.text).startsWith(question)));
      const next = sent.findIndex((m, i) => i > at && m.role === 'user' && m.content.some((b) => b.type === 'text'));
      return sent.slice(at, next).reduce((n, m) => n + m.content.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking').length, 0);
    };
    assert.equal(thinkingOfTurn('What does word 1 mean?'), 3, 'the first turn\'s thinking goes back');
    assert.equal(thinkingOfTurn('What does word 2 mean'), 0);
    assert.equal(thinkingOfTurn('What does word 3 mean?'), 0);
    assert.deepEqual((await h.session(id)).thinking?.leftOut, session.turns.slice(1).map((t) => t.id));
    assert.ok(h.journal.some((l) => /the thinking of 2 earlier turns \(6 blocks\) is left out from now on: something that came before it changed/.test(l.message)));
  });

  it('leaves out the thinking of a session saved before digests were kept, without a refused request', async () => {
    const h = await startHarness({ scenario, tools: [lookup], settings: { model: SONNET } });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'What does word 1 mean?' });
    await saveAsVersion3(h, id);
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'And word 2?' });
    assert.equal(outcome.status, 'completed');
    assert.equal(earlierThinking(h, 2), 0, 'thinking that cannot be checked is not sent');
    assert.ok(h.journal.some((l) => /saved by an earlier version/.test(l.message)));
  });

  it('continues a session the previous version saved paused on a question, which the API refuses as bound to a different conversation, after one automatic retry', async () => {
    const h = await startHarness({
      scenario: { steps: [], fallback: { blocks: [think('A2 then.'), { type: 'text', text: 'An A2 exercise about the weather, then.' }] } },
      settings: { model: SONNET },
    });
    const id = await copyFixture(h);
    const pending = (await h.session(id)).pending;
    assert.ok(pending);
    const { outcome } = await h.run({ kind: 'answer', sessionId: id, toolCallId: pending.toolCallId, answers: ['A2'] }, undefined, h.newAgent(), { refusedAllowed: 1 });
    assert.equal(outcome.status, 'completed', outcome.error?.message);
    const [refused, retried] = h.fake.requests;
    assert.equal(refused?.outcome, 'refused:400', 'this version\'s system prompt is not the one the thinking was written after');
    assert.equal(retried?.outcome, 'stream');
    assert.match(String(retried?.headers['anthropic-beta']), /thinking-binding-controls-2026-08-01/);
    assert.deepEqual((retried?.body.thinking as Json).block_binding, { prefix_mismatch_behavior: 'drop_block' });
    assert.ok(h.journal.some((l) => /bound to a different conversation; sending the request again/.test(l.message)));
    assert.equal((await h.session(id)).thinking?.dropBlock, true, 'remembered with the session while the turn lasts');
    // The next turn asks for nothing special: the old thinking is left out, not sent.
    const next = await h.run({ kind: 'message', sessionId: id, text: 'Thanks. And one more?' });
    assert.equal(next.outcome.status, 'completed');
    assert.equal(h.fake.requests.at(-1)?.headers['anthropic-beta'], undefined);
    assert.equal((await h.session(id)).thinking?.dropBlock, undefined);
  });
});
