// The offline demo in the real VS Code, as npm start runs it (the demo scenario, demo mode, no key):
// the onboarding card keeps "Set API key"; a conversation whose suggestions are buttons that send
// themselves; the six exercise kinds typed and through Create Exercise..., with the topic given,
// each a valid lesson in the editor; and a Markdown document edited as Markdown.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateLesson } from '../../src/core/lesson/validate';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { answerQuickInput, workbench } from './fakeModel';
import { waitUntil } from './helpers';
import { ASSISTANT, INPUT, typeAndSend } from './panelKit';
import { DEMO_KINDS as KINDS } from '../fake/scenarios/demoKinds';
import { clickSuggestion, documentText, lastReplyDone, lastSteps, lastStepsAndNotes, lastSuggestions, useDemo, waitForDemo } from './demoKit';

function exercisesOfType(text: string, type: string): number {
  return (text.match(new RegExp(`<exercise id="demo-[\\w-]+" type="${type}"`, 'g')) ?? []).length;
}

describe('offline demo in VS Code: conversation, suggestions and exercises', function () {
  this.timeout(180_000);
  const startDemo = useDemo();

  it('a new chat in the demo says so and keeps "Set API key", which opens the key prompt', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    assert.match(await ui.text(byTestId(TEST_IDS.demoLabel)), /Offline demo/);
    const card = `${byTestId(TEST_IDS.onboarding)}[data-demo="true"]`;
    assert.match(await ui.text(card), /offline demo[\s\S]*not from Claude/);
    await ui.click(`${card} ${byTestId(TEST_IDS.setApiKey)}`);
    await ui.waitFor('.quick-input-widget', { ...workbench, text: 'Anthropic API key' });
    await ui.press('Escape', { ...workbench, selector: '.quick-input-widget .quick-input-box input' });
    await ui.waitFor('.quick-input-widget', { ...workbench, state: 'hidden' });
    assert.equal(t.api.apiKeys.hasStoredKey(), false, 'cancelled: still the demo');
  });

  it('converses, offers its flows as suggestions that send themselves, and lists them when it does not understand', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const before = documentText(t);
    await typeAndSend('hello');
    assert.match(await lastReplyDone(), /^Hello! This is the offline demo/);
    assert.equal(await ui.count(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}`), 0, 'no tool ran');

    await clickSuggestion('What can you do?');
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: 'What can you do?' });
    await waitForDemo(t, 2);
    assert.match(await lastReplyDone(), /everything the demo can show/);
    const offered = await lastSuggestions();
    assert.ok(offered.length >= 13, `the flows are offered as buttons (${offered.length})`);
    assert.equal(documentText(t), before, 'conversation leaves the lesson alone');

    await clickSuggestion('Add a sequencing exercise about a morning routine');
    await waitForDemo(t, 5);
    assert.match(await lastReplyDone(), /Done: the new exercise is at the end of the lesson/);
    assert.deepEqual(await lastSteps(), ['Checking the “Put in order” rules', 'Editing document']);
    assert.equal(exercisesOfType(documentText(t), 'sequencing'), 1);
    assert.match(documentText(t), /<h3>A morning routine: put the steps in order/);

    await clickSuggestion('Remove all the exercises');
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`, { timeout: 15_000 });
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForDemo(t, 7);
    assert.match(await lastReplyDone(), /Not changed, as you decided/);

    const reviewed = documentText(t);
    await typeAndSend('Check the lesson for unclear instructions');
    await waitForDemo(t, 8);
    assert.match(await lastReplyDone(), /reads:\s+Complete the sentences with the verb in the present tense\.[\s\S]*nothing was changed/);
    assert.equal(documentText(t), reviewed, 'a review in the demo changes nothing');

    await typeAndSend('Sing me a song about verbs');
    await waitForDemo(t, 9);
    assert.match(await lastReplyDone(), /did not understand that one/);
    assert.deepEqual(await lastSuggestions(), offered, 'not understood: the same list, as buttons');
  });

  it('answers each of the new chat\'s four examples, each sent by its click, with what it does (none "not understood")', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const examples = (await ui.evaluate(`[...document.querySelectorAll('${byTestId(TEST_IDS.example)}')].map((e) => e.textContent.trim())`)) as string[];
    assert.equal(examples.length, 4, examples.join(' | '));
    const expected: Record<string, { requests: number; steps: string[]; reply: RegExp }> = {
      'Add a fill-in-the-blank exercise about French verbs': { requests: 3, steps: ['Checking the “Fill in the blanks” rules', 'Editing document'], reply: /Done: the new exercise/ },
      'What can you do?': { requests: 1, steps: [], reply: /everything the demo can show/ },
      'Add a short writing task at the end of the lesson': { requests: 3, steps: ['Checking the “Writing” rules', 'Editing document'], reply: /Done: the new exercise/ },
      'Check the lesson for unclear instructions': { requests: 1, steps: [], reply: /A real review needs Claude/ },
    };
    assert.deepEqual([...examples].sort(), Object.keys(expected).sort(), 'the examples this test knows are the panel\'s');
    let requests = 0;
    for (const [index, example] of examples.entries()) {
      const want = expected[example];
      assert.ok(want);
      if (index > 0) {
        await t.api.controller.newSession();
        await ui.waitFor(byTestId(TEST_IDS.emptyChat));
      }
      // An example sends at once, as a reply's suggestion does.
      await ui.click(byTestId(TEST_IDS.example), { nth: index });
      requests += want.requests;
      await waitForDemo(t, requests);
      const reply = await lastReplyDone();
      assert.match(reply, want.reply, example);
      assert.doesNotMatch(reply, /did not understand/, example);
      // A tool call takes another request: exactly this many means no other tool ran.
      assert.equal(t.fake.requests.length, requests, example);
      if (want.steps.length > 0) assert.deepEqual(await lastSteps(), want.steps, example);
    }
    const text = documentText(t);
    assert.ok(validateLesson(text).ok, JSON.stringify(validateLesson(text).errors));
    assert.equal(exercisesOfType(text, 'fill-blanks'), 1);
    assert.equal(exercisesOfType(text, 'writing'), 1);
  });

  it('adds each of the six kinds of exercise typed with a topic: its rules, then the edit, a valid lesson in the editor', async () => {
    const t = await startDemo('water-cycle.lesson.xml');
    let requests = 0;
    for (const kind of KINDS) {
      await typeAndSend(`Add a ${kind.say} exercise about evaporation`);
      requests += 3;
      await waitForDemo(t, requests);
      assert.match(await lastReplyDone(), /Done: the new exercise is at the end of the lesson/);
      assert.deepEqual(await lastSteps(), [kind.step, 'Editing document'], kind.type);
      assert.equal(exercisesOfType(documentText(t), kind.type), 1, `one ${kind.type} exercise`);
    }
    const text = documentText(t);
    const check = validateLesson(text);
    assert.ok(check.ok, JSON.stringify(check.errors));
    assert.ok((text.match(/evaporation/g) ?? []).length >= 6, 'each exercise is about the topic given');
  });

  it('adds each kind through Create Exercise...: the kind picked, the topic typed after the prefilled request', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    let requests = 0;
    for (const kind of KINDS) {
      const running = vscode.commands.executeCommand('lessonAgent.createExercise');
      await answerQuickInput(kind.pick);
      await running;
      const prefilled = `Add a “${kind.pick}” exercise about`;
      await waitUntil(async () => String(await ui.evaluate(`document.querySelector('${INPUT}').value`)).trim() === prefilled, `"${prefilled}" in the input`);
      await ui.press('End', { selector: INPUT });
      await ui.type(INPUT, 'les saisons');
      await ui.press('Enter', { selector: INPUT });
      requests += 3;
      await waitForDemo(t, requests);
      assert.deepEqual(await lastSteps(), [kind.step, 'Editing document'], kind.type);
    }
    const text = documentText(t);
    assert.ok(validateLesson(text).ok, JSON.stringify(validateLesson(text).errors));
    for (const kind of KINDS) assert.equal(exercisesOfType(text, kind.type), 1, kind.type);
    assert.ok((text.match(/les saisons/g) ?? []).length >= 6);
  });

  it('edits a Markdown document as Markdown: the notes kept, an exercise section added, no lesson XML', async () => {
    const t = await startDemo('reading-notes.md');
    const before = documentText(t);
    await typeAndSend('Add a true/false exercise about chapters 1-2');
    await waitForDemo(t, 3);
    const answer = await lastReplyDone();
    assert.match(answer, /written as Markdown/);
    assert.deepEqual(await lastSteps(), ['Checking the “True or false” rules', 'Editing document']);
    // The demo thinks as the real model does: its summarised thinking narrates each step, between
    // the steps, never in the answer (and the fake accepted every continuation that sent it back).
    const order = await lastStepsAndNotes();
    const expected = [/^note: A true\/false exercise about chapters 1-2\./, /^step: Checking the “True or false” rules/, /^note: The document is Markdown/, /^step: Editing document/, /^note: The Markdown section is in/];
    assert.equal(order.length, expected.length, order.join(' | '));
    expected.forEach((pattern, i) => assert.match(order[i] ?? '', pattern));
    assert.doesNotMatch(answer, /The document is Markdown, not a lesson|The Markdown section is in/, 'notes are never answer text');
    assert.ok(t.fake.requests.slice(1).every((r) => JSON.stringify(r.body).includes('"type":"thinking"')), 'each continuation carries the thinking back');
    const after = documentText(t);
    assert.ok(after.startsWith(before), 'the notes are kept');
    assert.match(after.slice(before.length), /^\n## Exercise: true or false \(chapters 1-2\)\n/);
    assert.doesNotMatch(after, /<lesson|<exercise|<statement/);
    await ui.waitFor('.monaco-editor .view-lines', { ...workbench, text: 'Exercise: true or false' });
  });
});
