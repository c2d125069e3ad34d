// Lessons as teachers have them, through the CLI (`node dist/cli.js` in its own process): the
// original format is edited, old problems do not block, students' work waits for --approve (and
// is refused under --approval never unless the prompt asked for it), and `resume --answer` keeps
// the same answer rule as the question card.
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { ANSWERED, ORIGINAL_FORMAT_LESSON, SEED_EXAMPLE } from './lesson/fixtures';
import { ofType, toolResults, useCliWorkspace } from './cliProcess';

const KEY = 'sk-ant-cli-lessons-5e6f7a8b9c0d';
const DENIED = 'The user denied this action; nothing was changed.';
const reply = (text: string) => ({ blocks: [{ type: 'text' as const, text }] });
const edit = (documentXml: string) => ({ blocks: [{ type: 'tool_use' as const, name: 'edit_document', input: { documentXml, summary: 'Tidied the lesson' } }] });

const STUDENT_CASES = [
  { name: 'a changed answer', after: ANSWERED.replace('student-answer="achete"', 'student-answer="achète"'), card: /“achete” would become “achète”/, listed: /“achete” would become “achète”/, ids: 'ex-1', answers: true },
  { name: 'a removed answer', after: ANSWERED.replace(/\s*<p>Claire.*<\/p>/, ''), card: /“va” would be deleted/, listed: /“va” would be deleted/, ids: 'ex-1', answers: true },
  { name: 'a removed id', after: ANSWERED.replace('id="s1" ', ''), card: /^$/, listed: /A statement would lose its id s1/, ids: 's1', answers: false },
  { name: 'a renamed id', after: ANSWERED.replace('id="ex-2"', 'id="tf-market"'), card: /^$/, listed: /The id ex-2 would become tf-market/, ids: 'ex-2', answers: false },
];

// Four questions (the most one call takes), then a second call with a date.
const TYPED_QUESTIONS = {
  questions: [
    { header: 'Topic', question: 'What topic?', inputType: 'text' },
    { header: 'Dates', question: 'Which weeks?', inputType: 'date_range' },
    { header: 'Skills', question: 'Which skills?', multiSelect: true, options: [{ label: 'Reading', description: 'Texts' }, { label: 'Writing', description: 'Sentences' }] },
    { header: 'Items', question: 'How many?', inputType: 'number' },
  ],
};
const DATE_QUESTION = { questions: [{ header: 'Due', question: 'When is it due?', inputType: 'date' }] };
const GOOD = ['the market', ['2026-03-02', '2026-03-13'], ['Reading'], '8'];

describe('CLI: lessons as teachers have them (dist/cli.js)', function () {
  this.timeout(60_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-lessons-', file: 'market.lesson.xml', lesson: ANSWERED, key: KEY });
  const { serve, run, resume } = cli;

  it('edits a lesson in the original format that has old problems; they are reported, not blocking', async () => {
    const old = ORIGINAL_FORMAT_LESSON.replace('<p>Read the sentences', '<p data-source="quizlet">Read&nbsp;the sentences');
    await writeFile(cli.doc, old, 'utf8');
    const added = old.replace('</lesson>', `  ${SEED_EXAMPLE.replace('ex-123', 'ex-126')}\n</lesson>`);
    const f = await serve({ steps: [edit(added), reply('Added.')] });
    const r = await run(f.url, 'Add another gap-fill');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), added);
    const [result] = toolResults(f, 1);
    assert.ok(result && !result.isError, result?.content);
    assert.match(result.content, /Note: the document already had 2 problems before this edit; they did not block it/);
  });

  for (const c of STUDENT_CASES) {
    it(`${c.name}: waits for the teacher with the card listing it; --deny keeps every answer`, async () => {
      const f = await serve({ steps: [edit(c.after), reply('I left the answers.')] });
      const first = await run(f.url, 'Tidy up the lesson');
      assert.equal(first.code, 3, first.stderr);
      const card = ofType(first.events, 'confirmation')[0];
      assert.equal(card?.request.title, c.answers ? "Change students' work in market.lesson.xml?" : 'Edit market.lesson.xml?');
      // Only a changed answer is listed as students' work; a relabel is named in the reason.
      assert.match(card.request.studentWork?.[0]?.changes.join('\n') ?? '', c.card);
      if (!c.answers) assert.match(card.request.reason ?? '', /^It relabels 1 part of the lesson \(Exercise 2, “True or false\?”\)/);
      assert.equal(await readFile(cli.doc, 'utf8'), ANSWERED, 'nothing changes while waiting');
      const denied = await resume(f.url, card.sessionId, ['--deny']);
      assert.equal(denied.code, 0, denied.stderr);
      assert.deepEqual(toolResults(f, 1), [{ content: DENIED, isError: true }]);
      assert.equal(await readFile(cli.doc, 'utf8'), ANSWERED);
    });

    it(`${c.name}: under --approval never, refused with the ids named`, async () => {
      const f = await serve({ steps: [edit(c.after), reply('I kept the answers.')] });
      const r = await run(f.url, 'Tidy up the lesson', ['--approval', 'never']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(ofType(r.events, 'confirmation').length, 0);
      const [result] = toolResults(f, 1);
      assert.ok(result?.isError);
      assert.match(result.content, new RegExp(`^The document was NOT changed: this edit would change students' work \\(1 [a-z ]+: ${c.ids}\\)`));
      assert.match(result.content, c.listed);
      assert.equal(await readFile(cli.doc, 'utf8'), ANSWERED);
    });
  }

  it('--approve applies a change to students\' work; under never, a prompt that asks for it goes ahead', async () => {
    const [changed, removed] = STUDENT_CASES;
    assert.ok(changed && removed);
    const f = await serve({ steps: [edit(changed.after), reply('Changed.')] });
    const first = await run(f.url, 'Tidy up the lesson');
    const approved = await resume(f.url, first.events[0]?.sessionId ?? '', ['--approve']);
    assert.equal(approved.code, 0, approved.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), changed.after);

    await writeFile(cli.doc, ANSWERED, 'utf8');
    const g = await serve({ steps: [edit(removed.after), reply('Removed.')] });
    const asked = await run(g.url, 'Remove the first sentence of exercise 1, answer and all', ['--approval', 'never']);
    assert.equal(asked.code, 0, asked.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), removed.after);
    assert.match(toolResults(g, 1)[0]?.content ?? '', /As the user asked, this changed students' work/);
  });

  it('resume --answer refuses what the question card refuses, keeps the question, then takes a good answer', async () => {
    const ask = (input: unknown) => ({ blocks: [{ type: 'tool_use' as const, name: 'AskUserQuestion', input }] });
    const f = await serve({ steps: [ask(TYPED_QUESTIONS), ask(DATE_QUESTION), reply('Thanks.')] });
    const first = await run(f.url, 'Add homework');
    assert.equal(first.code, 3, first.stderr);
    const sessionId = first.events[0]?.sessionId ?? '';
    const refused = async (answers: unknown[], message: string): Promise<void> => {
      const r = await resume(f.url, sessionId, ['--answer', JSON.stringify(answers)]);
      assert.equal(r.code, 2, `${message}: ${r.stderr}`);
      assert.equal(r.stderr.trim(), message);
    };
    const bad: Array<[number, unknown, string]> = [
      [0, '  ', 'Answer 1 ("Topic"): Please give an answer, or skip.'],
      [1, ['2026-03-13', '2026-03-02'], 'Answer 2 ("Dates"): The end date must not be before the start date.'],
      [2, [], 'Answer 3 ("Skills"): Please choose an option.'],
      [3, '0x10', 'Answer 4 ("Items"): Please enter a number.'],
    ];
    for (const [i, value, message] of bad) await refused(GOOD.map((g, j) => (j === i ? value : g)), message);
    assert.equal(f.requests.length, 1, 'no refused answer reached the model');
    const good = await resume(f.url, sessionId, ['--answer', JSON.stringify(GOOD)]);
    assert.equal(good.code, 3, good.stderr);
    assert.match(toolResults(f, 1)[0]?.content ?? '', /Items: How many\? -> 8/);

    await refused(['2026-02-30'], 'Answer 1 ("Due"): Please enter a date as YYYY-MM-DD.');
    const due = await resume(f.url, sessionId, ['--answer', '["2026-02-27"]']);
    assert.equal(due.code, 0, due.stderr);
    assert.match(toolResults(f, 2)[0]?.content ?? '', /Due: When is it due\? -> 2026-02-27/);
  });
});
