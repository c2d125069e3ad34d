// The fake's match-mode vocabulary beyond user text and tool results: the turn's request (typed
// text and answers), the document's kind, an attached selection, a tool_use's input, named groups,
// scenario values with fallbacks and filters, and failing the first tries of a conversation.
import * as assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import { matchRule, requestFacts } from '../../../fake/matching';
import { fillStep, MAX_EACH } from '../../../fake/placeholders';
import { parseScenario, type ScenarioInput } from '../../../fake/scenario';

type Message = Anthropic.MessageParam;

const LESSON = '<lesson title="Les fêtes">\n  <h1>Les fêtes</h1>\n  <exercise id="e1" type="true-false"><statement answer="true" student-answer="">x</statement></exercise>\n</lesson>';
const doc = (text: string, kind = 'lesson'): string => `<document name="a.${kind === 'lesson' ? 'lesson.xml' : 'md'}" kind="${kind}">\n${text}\n</document>`;

/** A turn: a typed request with a selection, a question answered, a skill loaded; the document on the last message. */
function turn(documentText = LESSON, kind = 'lesson'): Message[] {
  return [
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: 'Hi!' },
    {
      role: 'user',
      content: [
        { type: 'text', text: '<context label="Selection: a &amp; b, lines 2-3">\nLes &lt;fêtes&gt;\n</context>' },
        { type: 'text', text: 'Add an exercise' },
      ],
    },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'q1', name: 'AskUserQuestion', input: { questions: [] } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'q1', content: 'Type: What kind? -> Sequencing\nTopic: What topic? -> Noël' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 's1', name: 'load_skill', input: { skill: 'sequencing' } }] },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 's1', content: '# Sequencing' },
        { type: 'text', text: doc(documentText, kind) },
      ],
    },
  ];
}

describe('fake scenarios: request facts, matching and placeholders', () => {
  it('reads the turn: its request with the answers, the selection, the document and its kind, the tool input', () => {
    const facts = requestFacts({ messages: turn() });
    assert.equal(facts.userText, undefined, 'the last message carries a tool result');
    assert.equal(facts.request, 'Add an exercise\nType: What kind? -> Sequencing\nTopic: What topic? -> Noël');
    assert.deepEqual(facts.context, { label: 'Selection: a & b, lines 2-3', text: 'Les &lt;fêtes&gt;' });
    assert.equal(facts.documentKind, 'lesson');
    assert.equal(facts.document, LESSON);
    assert.deepEqual(facts.toolResults.map((r) => [r.toolName, r.input]), [['load_skill', { skill: 'sequencing' }]]);
    assert.equal(requestFacts({ messages: [{ role: 'user', content: 'hi' }] }).documentKind, undefined);
    assert.equal(requestFacts({ messages: [{ role: 'user', content: 'hi' }] }).context, undefined);
  });

  it('matches on the tool input, the request, the document kind and a selection, with named groups', () => {
    const facts = requestFacts({ messages: turn() });
    const when = { toolResultFor: 'load_skill', toolInput: { skill: 'sequencing' }, request: 'Topic:[^\\n]*-> (?<topic>.+)', documentKind: 'lesson' as const, hasContext: true };
    assert.deepEqual(matchRule(when, facts), { groups: ['Noël'], named: { topic: 'Noël' } });
    assert.equal(matchRule({ ...when, toolInput: { skill: 'true-false' } }, facts), undefined, 'another skill');
    assert.equal(matchRule({ ...when, documentKind: 'text' }, facts), undefined, 'another kind');
    assert.equal(matchRule({ ...when, hasContext: false }, facts), undefined, 'a selection is attached');
    assert.equal(matchRule({ ...when, request: 'writing' }, facts), undefined, 'the request says otherwise');
    assert.ok(matchRule({ documentKind: 'none' }, requestFacts({ messages: [{ role: 'user', content: 'hi' }] })));
    assert.ok(matchRule({ documentKind: 'text' }, requestFacts({ messages: turn('# Notes', 'text') })));
  });

  it('fills values, named groups, fallbacks and filters', () => {
    const scenario = parseScenario({
      rules: [],
      values: {
        title: { from: 'document', match: '<lesson\\b[^>]*\\btitle="([^"]*)"|^#\\s+(.+)$' },
        noExercises: { from: 'document', replace: '\\n?[ \\t]*<exercise\\b[\\s\\S]*?</exercise>' },
        level: { from: 'request', match: 'Level:[^\\n]*-> ([ABC][12])' },
        plain: { from: 'context', replace: '&lt;|&gt;' },
      },
    });
    const facts = requestFacts({ messages: turn() });
    const match = { groups: ['Noël & co'], named: { topic: 'le Noël <français>' } };
    const text = (t: string): string => {
      const step = fillStep({ blocks: [{ type: 'text', text: t }] }, { match, facts, values: scenario.values, requestIndex: 4 });
      const block = step.blocks[0];
      return block?.type === 'text' ? block.text : '';
    };
    assert.equal(text('{{title}} / {{xml:1}} / {{xml:cap:topic}}'), 'Les fêtes / Noël &amp; co / Le Noël &lt;français&gt;');
    assert.equal(text('{{noExercises}}'), '<lesson title="Les fêtes">\n  <h1>Les fêtes</h1>\n</lesson>');
    assert.equal(text("for {{level|'your class'}}"), 'for your class', 'an empty value falls back to the literal');
    assert.equal(text("for {{cap:level|'your class'}} & {{xml:cap:level|'a < b'}}"), 'for your class & a &lt; b', 'a literal keeps its case; it is still escaped');
    assert.equal(text('{{missing|title}}'), 'Les fêtes', 'an unknown name is passed over');
    assert.equal(text('<exercise{{#if level|title}} level="{{level|title}}"{{/if}}>'), '<exercise level="Les fêtes">', 'a section kept when a name has a value');
    assert.equal(text('<exercise{{#if level|nothing}} level="{{level}}"{{/if}}>'), '<exercise>', 'and dropped when none has');
    assert.equal(text('{{slug:topic}}.lesson.xml'), 'le-noel-francais.lesson.xml');
    assert.equal(text('{{plain}} in {{contextLabel}}'), 'Les fêtes in Selection: a & b, lines 2-3');
    assert.equal(text('{{nothing}} and {{n}}'), '{{nothing}} and 4', 'unknown placeholders stay as written');
    // A quoted note that ends its own sentence is not followed by a second full stop.
    assert.equal(text("You said: “{{nothing|'Add a verb exercise instead.'}}”. Noted."), 'You said: “Add a verb exercise instead.” Noted.');
    assert.equal(text("You said: “{{nothing|'Why not?'}}”."), 'You said: “Why not?”');
    assert.equal(text('You said: “{{title}}”.'), 'You said: “Les fêtes”.', 'a value without its own full stop keeps the template\'s');
    const markdown = requestFacts({ messages: turn('# Reading notes\n\nText.', 'text') });
    const md = fillStep({ blocks: [{ type: 'text', text: '{{title}}' }] }, { match, facts: markdown, values: scenario.values, requestIndex: 0 });
    assert.deepEqual(md.blocks[0], { type: 'text', text: 'Reading notes' });
  });

  it('measures the document (matches, words, every heading) and repeats a draft as many times as asked', () => {
    const scenario = parseScenario({
      rules: [],
      values: {
        exercises: { from: 'document', count: '<exercise\\b' },
        words: { from: 'document', replace: '<[^>]+>', with: ' ', words: true },
        headings: { from: 'document', all: '<h[12]\\b[^>]*>([^<]+)</h[12]>', join: '; ', limit: 1 },
        asked: { from: 'request', match: '\\b(\\d+|four|two)\\s+(?:statements|questions)\\b' },
      },
      templates: { item: '<s n="{{i}}"{{#even}} answer="false"{{/even}}>{{xml:1}}</s>' },
    });
    const lesson = '<lesson title="Les fêtes">\n  <h1>Les fêtes</h1>\n  <h2>Noël</h2>\n  <exercise id="e1" type="true-false"><statement answer="true" student-answer="">Le 25 décembre.</statement></exercise>\n</lesson>';
    const fill = (t: string, request: string): string => {
      const messages = turn(lesson);
      messages[2] = { role: 'user', content: request };
      const facts = requestFacts({ messages });
      const step = fillStep({ blocks: [{ type: 'text', text: t }] }, { match: { groups: ['a & b'], named: {} }, facts, values: scenario.values, templates: scenario.templates, requestIndex: 0 });
      const block = step.blocks[0];
      return block?.type === 'text' ? block.text : '';
    };
    assert.equal(fill('{{exercises}} exercise, {{words}} words: {{headings}}', 'x'), '1 exercise, 6 words: Les fêtes; and 1 more');
    assert.equal(fill("{{#each asked|'2'}}{{>item}}{{/each}}", 'Four statements please'), '<s n="1">a &amp; b</s><s n="2" answer="false">a &amp; b</s><s n="3">a &amp; b</s><s n="4" answer="false">a &amp; b</s>');
    assert.equal(fill("{{#each asked|'2'}}<s>{{i}}</s>{{/each}}", 'Some statements please'), '<s>1</s><s>2</s>', 'nothing asked: the default');
    assert.equal(fill("{{#each asked|'2'}}<s>{{i}}</s>{{/each}}", '500 statements').split('<s>').length - 1, MAX_EACH, 'at most MAX_EACH');
    assert.equal(fill('{{>unknown}}', 'x'), '{{>unknown}}', 'an unknown template stays as written');
    assert.throws(() => parseScenario({ rules: [], values: { v: { from: 'document', count: '(' } } }), /not a regex/);
    assert.throws(() => parseScenario({ rules: [], values: { v: { from: 'document', count: 'a', words: true } } }), /at most one/);
  });

  it('tells a document sent whole from one sent as its outline', () => {
    const outline = '<document-outline name="big.lesson.xml" kind="lesson" lines="9000" characters="300000">\nThis document is too long to send whole.\n</document-outline>';
    const facts = requestFacts({ messages: [{ role: 'user', content: [{ type: 'text', text: outline }, { type: 'text', text: 'Add a quiz' }] }] });
    assert.equal(facts.documentForm, 'outline');
    assert.equal(facts.document, undefined);
    assert.ok(matchRule({ documentForm: 'outline', documentKind: 'lesson' }, facts));
    const whole = requestFacts({ messages: turn() });
    assert.equal(whole.documentForm, 'whole');
    assert.equal(matchRule({ documentForm: 'outline' }, whole), undefined);
    assert.equal(requestFacts({ messages: [{ role: 'user', content: 'hi' }] }).documentForm, undefined);
  });

  it('refuses value and group names that are built in, and regexes that do not compile', () => {
    assert.throws(() => parseScenario({ rules: [], values: { document: { from: 'document' } } }), /built in/);
    assert.throws(() => parseScenario({ rules: [{ when: { request: '(?<uid>x)' }, respond: {} }] }), /built in/);
    assert.throws(() => parseScenario({ rules: [{ when: { userText: '(' }, respond: {} }] }), /not a regex/);
    assert.throws(() => parseScenario({ rules: [], values: { v: { from: 'request', match: '[' } } }), /not a regex/);
  });
});

describe('fake scenarios: failing the first tries of a conversation', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const overload: ScenarioInput = {
    rules: [
      {
        when: { userText: 'overload', attemptAtMost: 2 },
        respond: { name: 'overloaded', blocks: [{ type: 'text', text: 'Partial answer' }], fault: { kind: 'error_event', afterEvents: 3 } },
      },
      { when: { userText: 'overload' }, respond: { name: 'recovered', blocks: [{ type: 'text', text: 'Recovered.' }] } },
    ],
  };

  async function ask(f: FakeAnthropic, text: string): Promise<string> {
    const client = new Anthropic({ apiKey: 'sk-test-fake', baseURL: f.url, maxRetries: 0 });
    return client.messages.stream({ model: 'm', max_tokens: 64, messages: [{ role: 'user', content: text }] }).finalText();
  }

  it('fails the same conversation until its third try, then starts over after an answer', async () => {
    fake = await startFakeAnthropic(overload);
    const f = fake;
    await assert.rejects(ask(f, 'overload'), /Overloaded/);
    await assert.rejects(ask(f, 'overload'), /Overloaded/);
    assert.equal(await ask(f, 'overload'), 'Recovered.');
    await assert.rejects(ask(f, 'overload'), /Overloaded/, 'answered, so the next ask is a first try again');
    await assert.rejects(ask(f, 'overload please'), /Overloaded/, 'another conversation counts on its own');
    assert.deepEqual(
      f.requests.map((r) => r.step),
      ['overloaded', 'overloaded', 'recovered', 'overloaded', 'overloaded'],
    );
  });
});
