// The host's words in the teacher's language, the way the panel's are checked in the pseudo-language
// (test/unit/webview/languages.test.ts): with a translator that turns every message the core
// translates into look-alike letters (placeholders kept), the offline demo's flows and the error
// paths run through the real core, and every word the host writes for the teacher (a step's label
// and result, a card, an error, a notice, a lock's holder, an export's report) must come out in
// look-alike letters. A word in plain letters that is not the teacher's own, the model's, the
// lesson's or a name was written in English outside l10n.t, and a teacher working in French would
// read it in English.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { exportLesson, importQuiz } from '../../../src/core/exchange/exchange';
import { describeHolder } from '../../../src/core/sessions/lock';
import { FileSessionStore } from '../../../src/core/sessions/fileStore';
import { SessionOwner } from '../../../src/core/sessions/owner';
import { SessionInUseError } from '../../../src/core/sessions/types';
import { sessionToView } from '../../../src/core/sessions/view';
import { builtinTools } from '../../../src/core/tools/builtin';
import { fillIn, setTranslator } from '../../../src/shared/l10n';
import type { AgentEvent } from '../../../src/shared/events';
import type { SessionView } from '../../../src/shared/view';
import { PSEUDO_LANGUAGE, pseudoText } from '../../../src/shared/pseudo';
import type { ScenarioInput } from '../../fake/scenario';
import { DEMO, ROOT, say, useDemoRuns, type DemoRun } from '../core/agent/demoKit';
import { MemoryDocument, startHarness, textOf, type Harness } from '../core/agent/harness';
import { suggestionsOf } from '../../fake/languages';

/** What the API (the fake, the demo's script) says in an error: quoted in the host's message as it came. */
const API_WORDS = [...new Set(stringsIn(DEMO.rules).filter((text) => /simulated/i.test(text)))];

/** What VS Code's pseudo-language does to a message: look-alike letters, placeholders filled as they are. */
function pseudo(message: string, ...args: Array<string | number | boolean>): string {
  return fillIn(pseudoText(message), ...args);
}

/** Names shown as they are in every language. */
const NAMES = /\b(?:Lesson Agent|Claude|Anthropic|VS Code|Markdown|GIFT|QTI|HTML|XML|Moodle|CEFR)\b/g;
/** A file name ("weather-quiz.lesson.xml"), a level ("B1"). */
const FILE_NAME = /[\w./-]*\w\.(?:lesson\.xml|xml|md|txt|gift|zip|html|jsonl|json)\b/g;
const LEVEL = /\b(?:Pre-)?[ABC][12]\b/g;
/** Where a request went ("http://127.0.0.1:9"). */
const URL = /\bhttps?:\/\/[^\s)]+/g;

/**
 * Words the host leaves in English on purpose, each with why. Keep it short: an entry here is
 * English a teacher working in another language reads.
 */
const LEFT_ENGLISH: ReadonlyArray<{ readonly words: RegExp; readonly why: string }> = [
  {
    words: /: Connection error\./g,
    why: 'The SDK’s own words for a connection that failed without a system error code, quoted as the cause after the translated "Could not reach Claude" (an unreachable host with a known code is named in the teacher’s language).',
  },
  {
    words: /: The closing tag <\/\w+> does not match <\w+> \(opened on line \d+\): close it with <\/\w+>\./g,
    why: 'The lesson reader’s own words for XML that cannot be read (src/core/lesson/xmlTree.ts), written for the model, which mends the lesson from them; the export names the file and the line in the teacher’s language and quotes them.',
  },
  {
    words: /\((?:its |the |Invalid input)[^)]*\)/g,
    why: 'What the session file reader found wrong with a file (a record it cannot read, a field the schema refuses), in its own words in brackets, as the log keeps them; the sentence around it tells the teacher, in their language, that the session could not be read and where the file went.',
  },
  {
    words: /: Expected .* but .* found\./g,
    why: 'The GIFT parser’s own words (gift-pegjs) for a file it cannot read, quoted after the translated "cannot be imported: line, column: this is not GIFT that can be read".',
  },
];

/** A teacher-facing string the host wrote, and where it was seen. */
interface Said {
  readonly where: string;
  readonly text: string;
}

/** What the host says in a turn's events: step labels and results, cards, errors (never the model's text, its thinking or a question card it wrote). */
function eventWords(events: readonly AgentEvent[], where: string): Said[] {
  const out: Said[] = [];
  const add = (field: string, text: string | undefined): void => {
    if (text !== undefined) out.push({ where: `${where}: ${field}`, text });
  };
  for (const e of events) {
    if (e.type === 'tool_start') add(`step label (${e.tool})`, e.displayText);
    if (e.type === 'tool_end') {
      add('step error', e.error);
      add('step result', e.resultSummary);
    }
    if (e.type === 'confirmation') {
      const r = e.request;
      add('card title', r.title);
      add('card summary', r.summary);
      add('card reason', r.reason);
      add('card details', r.details);
      for (const group of r.studentWork ?? []) {
        add('card: students’ work place', group.place);
        for (const change of group.changes) add('card: students’ work change', change);
      }
    }
    if (e.type === 'error') add(`error (${e.code})`, e.message);
  }
  return out;
}

/** The same fields as the stored session shows them after a reload. */
function viewWords(view: SessionView, where: string): Said[] {
  const out: Said[] = [];
  if (view.readOnly !== undefined) out.push({ where: `${where}: read-only line`, text: view.readOnly });
  for (const item of view.items) {
    if (item.kind !== 'assistant') continue;
    for (const step of item.steps) {
      out.push({ where: `${where}: stored step label (${step.tool})`, text: step.displayText });
      if (step.error !== undefined) out.push({ where: `${where}: stored step error`, text: step.error });
      if (step.resultSummary !== undefined) out.push({ where: `${where}: stored step result`, text: step.resultSummary });
    }
    for (const card of item.confirmations) {
      for (const [field, text] of Object.entries(card.request)) if (typeof text === 'string' && field !== 'tool') out.push({ where: `${where}: stored card ${field}`, text });
    }
    if (item.error) out.push({ where: `${where}: stored error`, text: item.error.message });
  }
  return out;
}

/** Every string in a value (the model's tool inputs). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * What the teacher, the model and the documents wrote, which the host quotes as it is: the model's
 * replies and tool inputs (an edit's summary, a file's name), the teacher's messages, the texts of
 * the documents. Taken from the session as stored.
 */
async function dataOf(harness: Harness, sessionId: string, documents: readonly string[]): Promise<string[]> {
  const session = await harness.session(sessionId);
  const said: string[] = [];
  for (const message of session.messages) {
    if (message.role === 'user') {
      for (const block of message.content) if (block.type === 'text') said.push(block.text);
    } else {
      for (const block of message.content) {
        if (block.type === 'text') said.push(block.text);
        if (block.type === 'tool_use') said.push(block.name, ...stringsIn(block.input));
      }
    }
  }
  return [...said, ...documents, ...API_WORDS, hostname()];
}

const flat = (text: string): string => text.replace(/\s+/g, ' ');

/** `text` with what is not the host's own taken out: data quoted whole or in “quotes”, names, file names, numbers. */
function hostPart(text: string, data: readonly string[]): string {
  let rest = text;
  // Short data would hide English words; the machine's name ("vm") is always data.
  for (const d of [...data].filter((x) => x.trim().length >= 3 || x === hostname()).sort((a, b) => b.length - a.length)) rest = rest.split(d.trim()).join(' ');
  const texts = data.map(flat);
  // A quote of the lesson (an exercise's title, a student's answer), maybe cut short with "…".
  // A gap shows as ___ in a quote (the lesson has a <blank/> there): each piece around it is the lesson's.
  rest = rest.replace(/“([^”]*)”/g, (m, inner: string) => {
    const pieces = inner.replace(/…$/, '').split('___').map((p) => p.trim()).filter((p) => p.length > 0);
    return pieces.every((p) => texts.some((t) => t.includes(p))) ? ' ' : m;
  });
  return rest.replace(URL, ' ').replace(NAMES, ' ').replace(FILE_NAME, ' ').replace(LEVEL, ' ');
}

/** How many of the host's strings were read, and how many came through the pseudo translator: a check that reads nothing proves nothing. */
const read = { strings: 0, translated: 0 };

/** The plain-letter words of what the host said, each with where. */
function englishIn(said: readonly Said[], data: readonly string[]): string[] {
  const found: string[] = [];
  for (const s of said) {
    read.strings++;
    if (s.text.includes('［')) read.translated++;
    let rest = hostPart(s.text, data);
    for (const left of LEFT_ENGLISH) rest = rest.replace(left.words, ' ');
    const words = rest.match(/[A-Za-z]+/g);
    if (words) found.push(`${s.where}: ${JSON.stringify(s.text)} -> ${words.join(' ')}`);
  }
  return found;
}

describe('the host in the teacher’s language: no English word of its own in the pseudo-language', function () {
  this.timeout(120_000);
  const startDemo = useDemoRuns();
  before(() => setTranslator(pseudo, PSEUDO_LANGUAGE));
  after(() => setTranslator(fillIn));

  /** Runs `flow` on a fresh demo session and returns the English it left, with the session's stored view checked too. */
  async function check(name: string, sample: string | { name: string; text: string } | undefined, flow: (run: DemoRun, said: Said[]) => Promise<void>, approval: 'never' | 'large' = 'large'): Promise<string[]> {
    const run = await startDemo(sample, approval);
    const said: Said[] = [];
    await flow(run, said);
    said.push(...viewWords(sessionToView(await run.harness.session(run.sessionId)), name));
    const documents = [run.path ? await readFile(run.path, 'utf8') : '', ...(await workspaceTexts(run)), typeof sample === 'object' ? sample.text : ''];
    if (typeof sample === 'string') documents.push(await readFile(join(ROOT, 'samples', sample), 'utf8'));
    const data = await dataOf(run.harness, run.sessionId, documents);
    await run.close();
    return englishIn(said, data);
  }

  async function workspaceTexts(run: DemoRun): Promise<string[]> {
    const dir = join(run.dir, 'workspace');
    return Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
  }

  /** Sends `text`, then answers every card the same way until the turn ends. */
  async function sayThrough(run: DemoRun, said: Said[], text: string, where: string, decide: { approve: boolean; answers?: Array<string | null> } = { approve: true }): Promise<AgentEvent[]> {
    let { events, outcome } = await say(run, text);
    said.push(...eventWords(events, where));
    const all = [...events];
    for (let i = 0; outcome.status === 'awaiting_user' && i < 5; i++) {
      const card = events.find((e) => e.type === 'question' || e.type === 'confirmation');
      assert.ok(card && (card.type === 'question' || card.type === 'confirmation'));
      const request =
        card.type === 'question'
          ? { kind: 'answer' as const, sessionId: run.sessionId, toolCallId: card.toolCallId, answers: decide.answers ?? card.questions.map((q) => q.options[0]?.label ?? 'rivers') }
          : { kind: 'decision' as const, sessionId: run.sessionId, toolCallId: card.toolCallId, approved: decide.approve, ...(decide.approve ? {} : { feedback: 'keep it' }) };
      ({ events, outcome } = await run.harness.run(request));
      said.push(...eventWords(events, `${where} (then)`));
      all.push(...events);
    }
    return all;
  }

  it('in every flow the offline demo offers, each card approved', async () => {
    const list = await startDemo('french-verbs.lesson.xml');
    const offered = suggestionsOf(textOf((await say(list, 'What can you do?')).events));
    await list.close();
    assert.ok(offered.length > 10, `the demo offers its flows (${offered.length})`);
    const found: string[] = [];
    const before = { ...read };
    for (const suggestion of offered) {
      found.push(...(await check(suggestion, 'french-verbs.lesson.xml', (run, said) => sayThrough(run, said, suggestion, suggestion).then(() => undefined))));
    }
    assert.deepEqual(found, []);
    assert.ok(read.strings - before.strings > 50, `the host's words were read (${read.strings - before.strings})`);
    assert.ok(read.translated - before.translated > 40, `and came through the translator (${read.translated - before.translated})`);
  });

  it('when cards are denied or questions skipped, in a lesson and in Markdown', async () => {
    const found: string[] = [];
    found.push(...(await check('skipped', 'french-verbs.lesson.xml', (run, said) => sayThrough(run, said, 'Add an exercise', 'skipped', { approve: true, answers: [null, null, null] }).then(() => undefined))));
    for (const request of ['Remove all the exercises', 'Create a new lesson about the seasons', 'Add a writing exercise about the rose']) {
      found.push(...(await check(`denied: ${request}`, 'french-verbs.lesson.xml', (run, said) => sayThrough(run, said, request, `denied: ${request}`, { approve: false }).then(() => undefined))));
    }
    found.push(
      ...(await check('markdown', 'reading-notes.md', async (run, said) => {
        await sayThrough(run, said, 'Add a sequencing exercise about the chapters', 'markdown');
        await sayThrough(run, said, 'Remove all the exercises', 'markdown');
      })),
    );
    found.push(
      ...(await check('twice', 'french-verbs.lesson.xml', async (run, said) => {
        await sayThrough(run, said, 'Create a new lesson about the seasons', 'create');
        await sayThrough(run, said, 'Create a new lesson about the seasons', 'the same name again');
      })),
    );
    found.push(...(await check('no document', undefined, (run, said) => sayThrough(run, said, 'Add a true/false exercise about rivers', 'no document').then(() => undefined))));
    assert.deepEqual(found, []);
  });

  it('when students’ answers would change: the card (asking) and the refusal (never asking)', async () => {
    const text = (await readFile(join(ROOT, 'samples', 'french-verbs.lesson.xml'), 'utf8')).replace('student-answer=""', 'student-answer="parlons"');
    const found: string[] = [];
    for (const approval of ['large', 'never'] as const) {
      found.push(...(await check(`students' work (${approval})`, { name: 'answered.lesson.xml', text }, (run, said) => sayThrough(run, said, 'Remove all the exercises', `students' work (${approval})`).then(() => undefined), approval)));
    }
    assert.deepEqual(found, []);
  });

  it('when a quiz is turned into a lesson: the card, what comes in differently, the result', async () => {
    const found = await check('import', 'french-verbs.lesson.xml', async (run, said) => {
      await copyFile(join(ROOT, 'samples', 'weather-quiz.gift'), join(run.dir, 'workspace', 'weather-quiz.gift'));
      await sayThrough(run, said, 'Turn weather-quiz.gift into a lesson', 'import');
      await sayThrough(run, said, 'Turn missing.gift into a lesson', 'import a missing file');
    });
    assert.deepEqual(found, []);
  });

  it('when the model fails: an overload retried, an outage', async () => {
    const found: string[] = [];
    for (const request of ['Simulate an overload', 'Simulate an outage']) {
      found.push(...(await check(request, 'french-verbs.lesson.xml', (run, said) => sayThrough(run, said, request, request).then(() => undefined))));
    }
    assert.deepEqual(found, []);
  });

  /** A scripted turn outside the demo: the model's blocks, then "done". */
  async function scripted(name: string, blocks: ScenarioInput, options: { apiKey?: null; baseURL?: string; maxTokens?: number } = {}): Promise<string[]> {
    const document = new MemoryDocument(await readFile(join(ROOT, 'samples', 'french-verbs.lesson.xml'), 'utf8'), 'french-verbs.lesson.xml');
    const harness = await startHarness({
      scenario: blocks,
      tools: builtinTools({ list: () => [], get: () => undefined }),
      document,
      settings: { approvalEdits: 'large', ...(options.maxTokens ? { maxTokens: options.maxTokens } : {}) },
      maxRetries: 0,
      ...(options.apiKey === null ? { apiKey: null } : {}),
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    });
    try {
      const sessionId = await harness.newSession();
      const { events } = await harness.run({ kind: 'message', sessionId, text: 'Please do it' });
      const said = [...eventWords(events, name), ...viewWords(sessionToView(await harness.session(sessionId)), name)];
      const faults = stringsIn(blocks).filter((text) => / from the API$/.test(text));
      return englishIn(said, [...(await dataOf(harness, sessionId, [document.text])), ...faults]);
    } finally {
      await harness.close();
    }
  }

  const finish = { name: 'finish', blocks: [{ type: 'text' as const, text: 'Finished.' }] };

  it('when a tool call is refused: an unknown tool, a bad input, an input cut off, an edit that does not apply', async () => {
    const found = [
      ...(await scripted('unknown tool', { steps: [{ name: 'call', blocks: [{ type: 'tool_use', name: 'make_coffee', input: { strength: 'strong' } }] }, finish] })),
      ...(await scripted('bad input', { steps: [{ name: 'call', blocks: [{ type: 'tool_use', name: 'edit_document', input: { summary: 'Fix it' } }] }, finish] })),
      ...(await scripted('cut off', {
        steps: [{ name: 'call', stopReason: 'max_tokens', blocks: [{ type: 'tool_use', name: 'edit_document', input: { summary: 'Fix it', content: '<lesson' } }] }, finish],
      })),
      ...(await scripted('not found', {
        steps: [{ name: 'call', blocks: [{ type: 'tool_use', name: 'edit_text', input: { summary: 'Fix a word', edits: [{ find: 'no such words here', replace: 'other words' }] } }] }, finish],
      })),
      ...(await scripted('invalid lesson', {
        steps: [{ name: 'call', blocks: [{ type: 'tool_use', name: 'edit_document', input: { summary: 'Break it', content: '<lesson title="x"><exercise type="nonsense"></exercise></lesson>' } }] }, finish],
      })),
      ...(await scripted('read a missing file', { steps: [{ name: 'call', blocks: [{ type: 'tool_use', name: 'load_skill', input: { skill: 'no-such-skill' } }] }, finish] })),
    ];
    assert.deepEqual(found, []);
  });

  it('when the API fails: no key, a refused key, a bad request, an unreachable server, a server error', async () => {
    // The API's own message ("authentication_error from the API") is quoted as it came: the model's data, as far as this test is concerned.
    const fault = (status: number, errorType: string): ScenarioInput => ({ steps: [{ name: 'fail', blocks: [{ type: 'text', text: 'x' }], fault: { kind: 'http', status, errorType, message: `${errorType} from the API` } }] });
    const found = [
      ...(await scripted('no key', { steps: [finish] }, { apiKey: null })),
      ...(await scripted('auth', fault(401, 'authentication_error'))),
      ...(await scripted('permission', fault(403, 'permission_error'))),
      ...(await scripted('bad request', fault(400, 'invalid_request_error'))),
      ...(await scripted('not found', fault(404, 'not_found_error'))),
      ...(await scripted('server', fault(500, 'api_error'))),
      ...(await scripted('unreachable', { steps: [finish] }, { baseURL: 'http://127.0.0.1:9' })),
    ];
    assert.deepEqual(found, []);
  });

  it('when another program holds the session: the error a turn gets and the read-only line', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const other = new FileSessionStore(join(run.harness.dir, 'sessions'), () => undefined, { holder: 'the lesson-agent command line' });
    const owner = await SessionOwner.open(other, run.sessionId, { now: () => Date.now(), newId: (p) => `${p}-${Math.random().toString(36).slice(2, 8)}` });
    const said: Said[] = [];
    try {
      // A turn is refused before it starts: the panel shows the refusal's message (and reads the session read-only).
      await assert.rejects(run.harness.agent.run({ kind: 'message', sessionId: run.sessionId, text: 'hello' }, () => undefined), (err: unknown) => {
        assert.ok(err instanceof SessionInUseError);
        said.push({ where: 'a turn refused', text: err.message });
        return true;
      });
      const holder = await run.harness.agent.writer(run.sessionId);
      assert.ok(holder, 'the session is held');
      said.push({ where: 'lock holder', text: describeHolder(holder) });
      for (const name of ['Lesson Agent in another VS Code window', 'another Lesson Agent', 'another process']) said.push({ where: `lock holder ${name}`, text: describeHolder({ ...holder, holder: name }) });
    } finally {
      await owner.close();
      await run.close();
    }
    assert.deepEqual(englishIn(said, [hostname()]), []);
  });

  it('in the notices the sessions store gives the panel: a damaged list, a session file that cannot be read', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const problems: string[] = [];
    // The demo's own store's folder: its sessions list and its session files.
    const dir = join(run.harness.dir, 'sessions');
    try {
      await writeFile(join(dir, 'index.json'), 'not json', 'utf8');
      await writeFile(join(dir, 'sessions', 'broken.jsonl'), '{"this is": "no session"}\n', 'utf8');
      const store = new FileSessionStore(dir, (message) => problems.push(message));
      await store.list();
      await store.get('broken').catch(() => undefined);
    } finally {
      await run.close();
    }
    assert.ok(problems.length >= 2, `the store said what it found (${problems.join(' | ')})`);
    assert.deepEqual(englishIn(problems.map((text) => ({ where: 'sessions notice', text })), [dir, 'broken']), []);
  });

  it('in an export’s report and an import’s notices, and a lesson that cannot be exported', async () => {
    const said: Said[] = [];
    const lesson = await readFile(join(ROOT, 'samples', 'water-cycle.lesson.xml'), 'utf8');
    const verbs = await readFile(join(ROOT, 'samples', 'french-verbs.lesson.xml'), 'utf8');
    for (const format of ['gift', 'qti'] as const) {
      for (const [name, xml] of [['water-cycle.lesson.xml', lesson], ['french-verbs.lesson.xml', verbs]] as const) {
        const exported = exportLesson(xml, format, name);
        assert.ok(exported.ok);
        for (const n of exported.notCarried) said.push({ where: `export ${format} ${name}: place`, text: n.place }, { where: `export ${format} ${name}: notice`, text: n.message });
      }
    }
    const broken = exportLesson('<lesson><p>unclosed</lesson>', 'gift', 'broken.lesson.xml');
    assert.ok(!broken.ok);
    said.push({ where: 'export of a broken lesson', text: broken.message });
    const gift = await readFile(join(ROOT, 'samples', 'weather-quiz.gift'));
    const imported = importQuiz(gift, 'weather-quiz.gift');
    assert.ok(imported.ok);
    for (const n of imported.notCarried) said.push({ where: 'import: place', text: n.place }, { where: 'import: notice', text: n.message });
    const unreadable = importQuiz(new TextEncoder().encode('::Q::What? {=a ~b'), 'bad.gift');
    assert.ok(!unreadable.ok);
    said.push({ where: 'import of a file that is not GIFT', text: unreadable.message });
    assert.deepEqual(englishIn(said, [lesson, verbs, gift.toString('utf8')]), []);
  });

  it('when a QTI file or package cannot be read, whole or in part', () => {
    const said: Said[] = [];
    const refused = (data: Uint8Array, name: string): void => {
      const read = importQuiz(data, name);
      assert.ok(!read.ok, `${name} is refused`);
      said.push({ where: `import of ${name}`, text: read.message });
    };
    refused(strToU8('<?xml version="1.0"?><questestinterop><item/></questestinterop>'), 'canvas.xml');
    refused(zipSync({ 'notes.txt': strToU8('no manifest here') }), 'notes.zip');
    refused(strToU8('<qti-assessment-item><b></i></qti-assessment-item>'), 'item.xml');
    refused(strToU8('<div>not an item</div>'), 'page.xml');
    // A package whose items are missing, unreadable or not items: the rest comes in, each gap said.
    const exported = exportLesson(readFileSync(join(ROOT, 'samples', 'water-cycle.lesson.xml'), 'utf8'), 'qti', 'water-cycle.lesson.xml');
    assert.ok(exported.ok);
    const files = unzipSync(exported.data);
    const items = Object.keys(files).filter((f) => f.startsWith('items/')).sort();
    assert.ok(items.length >= 4, `the package has items (${items.length})`);
    delete files[items[0] as string];
    files[items[1] as string] = strToU8('<qti-assessment-item><b></i></qti-assessment-item>');
    files[items[2] as string] = strToU8('<div>not an item</div>');
    const partly = importQuiz(zipSync(files), 'water-cycle.zip');
    assert.ok(partly.ok);
    const gaps = partly.notCarried.filter((n) => n.message.includes(items[0] as string) || n.message.includes(items[1] as string) || n.message.includes(items[2] as string));
    assert.equal(gaps.length, 3, partly.notCarried.map((n) => n.message).join('\n'));
    for (const n of gaps) said.push({ where: 'import: package notice', text: n.message });
    assert.deepEqual(englishIn(said, []), []);
  });
});
