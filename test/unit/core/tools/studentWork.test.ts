// Students' work through the editing tools: every change to a non-empty answer or an id asks
// the teacher (the card lists it in words, never an id), and under approval "never" it is refused,
// naming the ids to the model and the exercises to the teacher, unless the user's message asked for it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { StoredMessage } from '../../../../src/core/sessions/schema';
import { studentWorkChanges } from '../../../../src/core/lesson/studentWork';
import { editDocumentTool } from '../../../../src/core/tools/editDocument';
import { editTextTool } from '../../../../src/core/tools/editText';
import { askedFor, userRequestOf } from '../../../../src/core/edits/studentWorkGuard';
import { ANSWERED } from '../lesson/fixtures';
import { useWorkbench } from './toolContext';

interface Case {
  readonly name: string;
  readonly find: string;
  readonly replace: string;
  /** What the card lists as students' work, in a teacher's words (no id); none when no answer changes. */
  readonly card: RegExp | undefined;
  /** What the model is told. */
  readonly listed: RegExp;
  /** The ids the refusal names to the model. */
  readonly ids: string;
  /** The card's title and why it asks: "students' work" only where an answer changes. */
  readonly title: string;
  readonly reason: string;
  /** The refusal's step line, naming the exercise. */
  readonly refused: string;
}

const ANSWER_TITLE = "Change students' work in market.lesson.xml?";
const LINKS = "students' answers and marks are linked to";
const EX1 = 'Exercise 1, “Complete the sentences”';
const CASES: readonly Case[] = [
  {
    name: 'a changed answer', find: 'student-answer="achete"', replace: 'student-answer="achète"', card: /“achete” would become “achète”/, listed: /“achete” would become “achète”/, ids: 'ex-1',
    title: ANSWER_TITLE, reason: "It changes students' work (1 student answer).", refused: `Refused: it would change students' work (${EX1})`,
  },
  {
    name: 'a removed answer', find: ' student-answer="Mon marché est grand."', replace: ' student-answer=""', card: /“Mon marché est grand\.” would be cleared/, listed: /“Mon marché est grand\.” would be cleared/, ids: 'ex-3',
    title: ANSWER_TITLE, reason: "It changes students' work (1 student answer).", refused: "Refused: it would change students' work (Exercise 3)",
  },
  {
    name: 'a removed id', find: 'id="s1" ', replace: '', card: undefined, listed: /A statement would lose its id s1/, ids: 's1',
    title: 'Edit market.lesson.xml?', reason: `It relabels 1 part of the lesson (Exercise 2, “True or false?”) that ${LINKS}.`, refused: "Refused: it would remove or relabel parts students' marks are linked to (Exercise 2, “True or false?”)",
  },
  {
    name: 'a renamed id', find: 'id="ex-2"', replace: 'id="tf-market"', card: undefined, listed: /The id ex-2 would become tf-market/, ids: 'ex-2',
    title: 'Edit market.lesson.xml?', reason: `It relabels 1 part of the lesson (Exercise 2, “True or false?”) that ${LINKS}.`, refused: "Refused: it would remove or relabel parts students' marks are linked to (Exercise 2, “True or false?”)",
  },
];

describe("students' work through the editing tools", () => {
  const bench = useWorkbench('market.lesson.xml', ANSWERED);

  for (const c of CASES) {
    describe(c.name, () => {
      const proposed = ANSWERED.replace(c.find, c.replace);

      it('asks the teacher, even for a small edit under "large", listing it in words', async () => {
        assert.equal(studentWorkChanges(ANSWERED, proposed).length, 1);
        for (const [tool, input] of [
          [editDocumentTool, { documentXml: proposed, summary: 'Tidied the lesson' }],
          [editTextTool, { edits: [{ find: c.find, replace: c.replace }], summary: 'Tidied the lesson' }],
        ] as const) {
          const plan = await tool.needsConfirmation?.(input as never, bench.context({ documentSeen: await bench.seen() }));
          assert.ok(plan, `${tool.name} asks`);
          assert.equal(plan.request.title, c.title);
          assert.equal(plan.request.reason, c.reason);
          if (c.card) {
            assert.equal(plan.request.studentWork?.length, 1);
            assert.match(plan.request.studentWork?.[0]?.changes[0] ?? '', c.card);
          } else {
            assert.equal(plan.request.studentWork, undefined, "no answer changes: the card lists no students' work");
          }
          assert.doesNotMatch(JSON.stringify(plan.request), new RegExp(`\\b${c.ids}\\b|\\bids?\\b`), 'no id on the card');
          assert.doesNotMatch(JSON.stringify(plan.request.studentWork ?? []), /[<>]|student-answer/, 'no XML on the card');
        }
        assert.equal(await readFile(bench.document.path, 'utf8'), ANSWERED, 'asking changes nothing');
      });

      it('is refused under "never", naming the ids, and the file keeps every answer', async () => {
        const never = { settings: { approvalEdits: 'never' as const }, userRequest: 'Tidy up the lesson, please.' };
        for (const [tool, input] of [
          [editDocumentTool, { documentXml: proposed, summary: 'x' }],
          [editTextTool, { edits: [{ find: c.find, replace: c.replace }], summary: 'x' }],
        ] as const) {
          const ctx = bench.context({ ...never, documentSeen: await bench.seen() });
          assert.equal(await tool.needsConfirmation?.(input as never, ctx), undefined, 'nobody to ask');
          const result = await tool.run(input as never, ctx);
          assert.equal(result.isError, true, tool.name);
          assert.match(result.content, new RegExp(`^The document was NOT changed: this edit would change students' work \\(1 [a-z ]+: ${c.ids}\\)`));
          assert.match(result.content, c.listed);
          assert.equal(result.summary, c.refused);
        }
        assert.equal(await readFile(bench.document.path, 'utf8'), ANSWERED);
      });
    });
  }

  it('under "never", goes ahead when the user asked in this turn, and says what it changed', async () => {
    const cleared = ANSWERED.replace('student-answer="va"', 'student-answer=""').replace('student-answer="achete"', 'student-answer=""');
    const ctx = bench.context({ settings: { approvalEdits: 'never' }, userRequest: 'Please clear the students\' answers in the first exercise.' });
    const result = await editDocumentTool.run({ documentXml: cleared, summary: 'Cleared the answers' }, ctx);
    assert.equal(result.isError, undefined, result.content);
    assert.match(result.content, /As the user asked, this changed students' work:\nExercise 1, “Complete the sentences”:\n {2}- The answer to “Claire ___ au marché\.”: “va” would be cleared\./);
    assert.equal(await readFile(bench.document.path, 'utf8'), cleared);
  });

  it('under "never", a request about answers does not cover removing an exercise; naming it does', async () => {
    const removed = ANSWERED.replace(/\s*<exercise id="ex-2"[\s\S]*?<\/exercise>/, '');
    const input = { documentXml: removed, summary: 'Removed exercise 2' };
    const clear = await editDocumentTool.run(input, bench.context({ settings: { approvalEdits: 'never' }, userRequest: 'Clear all answers' }));
    assert.equal(clear.isError, true);
    assert.match(clear.content, /\(2 ids: ex-2, s1\)/, 'the answer was asked for; the exercise and its ids were not');
    for (const request of ['Delete exercise 2, please', 'remove ex-2']) {
      await writeFile(bench.document.path, ANSWERED);
      const named = await editDocumentTool.run(input, bench.context({ settings: { approvalEdits: 'never' }, userRequest: request }));
      assert.equal(named.isError, undefined, `${request}: ${named.content}`);
      assert.equal(await readFile(bench.document.path, 'utf8'), removed);
    }
  });

  it('asks under "never" too when the settings mark the tool as always confirmed', async () => {
    const proposed = ANSWERED.replace('student-answer="va"', 'student-answer=""');
    const ctx = bench.context({ settings: { approvalEdits: 'never', alwaysConfirm: ['edit_document'] } });
    const plan = await editDocumentTool.needsConfirmation?.({ documentXml: proposed, summary: 'x' }, ctx);
    assert.equal(plan?.request.studentWork?.[0]?.place, 'Exercise 1, “Complete the sentences”');
  });
});

describe('"Start over" in a sample lesson nobody has answered', () => {
  const SAMPLE = readFileSync('samples/french-verbs.lesson.xml', 'utf8');
  /** Everything but the title, as the demo's Start over proposes. */
  const startOver = (lesson: string): string => lesson.replace(/(<h1>[^<]*<\/h1>)[\s\S]*(<\/lesson>)/, '$1\n$2');

  describe('no answers', () => {
    const bench = useWorkbench('french-verbs.lesson.xml', SAMPLE);
    it("asks (a large removal) without claiming students' work changes", async () => {
      const plan = await editDocumentTool.needsConfirmation?.({ documentXml: startOver(SAMPLE), summary: 'Remove everything but the title' }, bench.context());
      assert.ok(plan, 'a large removal asks');
      assert.equal(plan.request.title, 'Edit french-verbs.lesson.xml?');
      assert.equal(plan.request.studentWork, undefined, 'no exercise listed: no student answered any');
      assert.doesNotMatch(JSON.stringify(plan.request), /changes students' work/);
    });
  });

  describe('one answer', () => {
    const answered = SAMPLE.replace('<question id="mc-er-verbs-1" student-answer="">', '<question id="mc-er-verbs-1" student-answer="écoutent">');
    const bench = useWorkbench('french-verbs.lesson.xml', answered);
    it('lists only the exercise with the answer', async () => {
      const plan = await editDocumentTool.needsConfirmation?.({ documentXml: startOver(answered), summary: 'Remove everything but the title' }, bench.context());
      assert.equal(plan?.request.title, "Change students' work in french-verbs.lesson.xml?");
      assert.deepEqual(plan?.request.studentWork, [
        { place: 'Exercise 2, “Choose the correct form.”', changes: ['The answer to “Elles ___ la musique classique.”: “écoutent” would be deleted.', 'The exercise would be removed.'] },
      ]);
    });
  });
});

describe('"the user asked for it" (approval never)', () => {
  const [changed] = studentWorkChanges(ANSWERED, ANSWERED.replace('student-answer="true"', 'student-answer="false"'));
  const [renamed] = studentWorkChanges(ANSWERED, ANSWERED.replace('id="ex-2"', 'id="tf-1"'));
  assert.ok(changed && renamed);

  it('a request to clear, reset or change answers covers answers, in either word order', () => {
    for (const request of ['Clear the answers', 'reset all student answers', "erase the pupils' work", 'The responses can be deleted now', 'change Tom\'s answer to false']) {
      assert.equal(askedFor(request, changed), true, request);
    }
    for (const request of ['Add a true/false exercise', 'Add a question with four answers', 'Clear the table of contents', undefined]) {
      assert.equal(askedFor(request, changed), false, String(request));
    }
  });

  it('naming the exercise unlocks nothing by itself: answers only when the message asks to change them, ids only when it asks for the id to change', () => {
    assert.equal(askedFor('Fix exercise 2', changed), false, 'fixing is not changing answers');
    assert.equal(askedFor('clear the answers in exercise #2', changed), true);
    assert.equal(askedFor('clear the answers in exercise 21', changed), false);
    assert.equal(askedFor('rename EX-2 to tf-1', renamed), true);
    assert.equal(askedFor('rename ex-20', renamed), false);
    assert.equal(askedFor('Add a hint to ex-2', renamed), false);
    assert.equal(askedFor('clear the answers', renamed), false, 'ids are never covered by "answers"');
  });

  it("reads only what the user typed to start the turn: not the attached selection, not tool results", () => {
    const messages: StoredMessage[] = [
      { id: 'm1', role: 'user', turnId: 't1', createdAt: 1, content: [{ type: 'text', text: 'clear the answers' }] },
      {
        id: 'm2',
        role: 'user',
        turnId: 't2',
        createdAt: 2,
        context: 'Selection',
        content: [
          { type: 'text', text: '<context>id="ex-2" reset the answers</context>' },
          { type: 'text', text: 'Fix the typo here' },
        ],
      },
      { id: 'm3', role: 'user', turnId: 't2', createdAt: 3, content: [{ type: 'tool_result', tool_use_id: 'x', content: 'ex-2' }] },
    ];
    assert.equal(userRequestOf(messages, 't2'), 'Fix the typo here');
    assert.equal(userRequestOf(messages, 't3'), undefined);
  });
});
