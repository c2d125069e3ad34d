// Takes the README's screenshots of the real webview bundle in the preview harness, in VS Code's
// Dark Modern and Light Modern themes: `node --import tsx test/webview/screenshots.mjs [scene...] [--themes=dark,light,hc] [--width=300]`
// (after a build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HostMessage } from '../../src/shared/protocol';
import { emptySessionView } from '../../src/shared/view';
import type { Question } from '../../src/shared/questions';
import type { SessionView } from '../../src/shared/view';
import { CONFIRMATION, REPLY, SESSIONS, SESSION_ID, THREE_QUESTIONS, TurnEvents, USAGE, finishedTurn, narratedTurn, sessionFrom, snapshot } from './fixtures';
import type { PreviewServer } from './harness';
import { WebviewPage, launchBrowser, repoRoot, startPreviewServer } from './harness';
import type { ThemeName } from './themes';
import { applyAgentEvents } from '../../src/shared/viewReducer';

const DEFAULT_WIDTH = 420;

interface Scene {
  name: string;
  messages: HostMessage[];
  /** Interaction after the messages are rendered (clicks, typing). */
  act?: (w: WebviewPage) => Promise<void>;
  height?: number;
}

const earlier = finishedTurn('t0', Date.UTC(2026, 1, 6, 9, 0));

/** The session as the host shows it after the edit was reverted (from the stored session). */
function reverted(view: SessionView): SessionView {
  return { ...view, items: view.items.map((i) => (i.kind === 'assistant' ? { ...i, steps: i.steps.map((s) => (s.editId ? { ...s, reverted: true } : s)) } : i)) };
}

/** Three exchanges, each with an agent edit: where the restore and branch scenes start. */
function threeExchanges(): SessionView {
  const turn = (id: string, prompt: string, summary: string, reply: string, minutes: number) =>
    new TurnEvents(id)
      .start(prompt, Date.UTC(2026, 1, 6, 9, minutes))
      .tool(`${id}-c1`, 'edit_text', 'Editing document')
      .toolEnd(`${id}-c1`, 'success', { resultSummary: summary, editId: `${id}-e1` })
      .text(reply)
      .usage(USAGE)
      .done().events;
  return sessionFrom([
    ...turn('t1', 'Add a fill-in-the-blank exercise about French verbs', 'added an exercise', 'I added **Exercise 1: Complete the sentences** with five regular verbs.', 0),
    ...turn('t2', 'Make the sentences about a morning routine', 'changed 5 lines', 'The five sentences now follow a morning routine.', 5),
    ...turn('t3', 'Add a short writing task at the end', 'added a writing task', 'I added a writing task: *Describe your morning in five sentences.*', 9),
  ]);
}

/**
 * A chat started before any lesson was open: "What can you do?" answered, then (with `bound`) the
 * lesson opened beside it taken with the next message.
 */
function lateBinding(bound: boolean): SessionView {
  const lesson = { uri: 'file:///w/french-verbs.lesson.xml', name: 'french-verbs.lesson.xml', kind: 'lesson' as const };
  const first = new TurnEvents('t1')
    .start('What can you do?', Date.UTC(2026, 1, 6, 9, 0))
    .text('I write and check exercises in your lessons. Open a lesson, then try:\n\n- [Add a fill-in-the-blank exercise about French verbs](prompt:)')
    .usage(USAGE)
    .done().events;
  const second = new TurnEvents('t2')
    .start('Add a fill-in-the-blank exercise about French verbs', Date.UTC(2026, 1, 6, 9, 3), lesson)
    .tool('t2-c1', 'load_skill', 'Checking the “Fill in the blanks” rules')
    .toolEnd('t2-c1', 'success', { resultSummary: 'fill-blanks' })
    .tool('t2-c2', 'edit_document', 'Editing document')
    .toolEnd('t2-c2', 'success', { resultSummary: '+7 lines', editId: 't2-e1' })
    .text(REPLY.split('\n')[0] ?? '')
    .usage(USAGE)
    .done().events;
  return applyAgentEvents(emptySessionView(SESSION_ID, 'What can you do?'), bound ? [...first, ...second] : first, (w) => {
    throw new Error(`late-binding scene: ${w}`);
  });
}

/** Answers the panel's preview request as the host would. */
async function answerPreview(w: WebviewPage, result: unknown): Promise<void> {
  const [asked] = (await w.waitForPosted('previewRewind')).slice(-1);
  await w.push({ type: 'response', requestId: String(asked?.requestId), ok: true, result });
}

const scenes: Scene[] = [
  {
    name: 'empty-onboarding',
    messages: [snapshot({ ...emptySessionView('s-new', 'New session'), document: { uri: 'file:///w/verbs.lesson.xml', name: 'verbs.lesson.xml', kind: 'lesson' } }, 0, { hasApiKey: false })],
  },
  {
    name: 'streaming',
    messages: [
      snapshot(
        sessionFrom([
          ...new TurnEvents('t1')
            .start('Add a fill-in-the-blank exercise about French verbs')
            .tool('c1', 'load_skill', 'Checking the “Fill in the blanks” rules')
            .toolEnd('c1', 'success', { resultSummary: 'fill-blanks' })
            .tool('c2', 'edit_document', 'Editing document')
            .text(REPLY.slice(0, 260)).events,
        ]),
        7,
      ),
    ],
  },
  { name: 'steps-collapsed', messages: [snapshot(sessionFrom(finishedTurn().events), 9)] },
  {
    // A reply's cost in money under it (its tokens are in the tooltip), and a cheap follow-up.
    name: 'reply-cost',
    messages: [
      snapshot(
        sessionFrom([
          ...finishedTurn().events,
          ...new TurnEvents('t2')
            .start('Are the hints all infinitives?', Date.UTC(2026, 1, 6, 9, 40))
            .text('Yes: each blank\'s hint is the verb\'s infinitive (*parler*, *aimer*, *chanter*, *donner*, *habiter*).')
            .usage({ inputTokens: 240, outputTokens: 90, cacheReadTokens: 13_300, cacheCreationTokens: 0 })
            .done().events,
        ]),
        12,
      ),
    ],
  },
  {
    name: 'steps-expanded',
    messages: [snapshot(sessionFrom(finishedTurn().events), 9)],
    act: async (w) => {
      await w.page.click(w.testId('steps-toggle'));
    },
  },
  {
    name: 'narration',
    messages: [snapshot(sessionFrom(narratedTurn().events), 9)],
    act: async (w) => {
      await w.page.click(w.testId('steps-toggle'));
    },
  },
  {
    name: 'question-card',
    messages: [
      snapshot(
        sessionFrom([
          ...earlier.events,
          ...new TurnEvents('t1').start('Add an exercise').text('Happy to. A few quick questions first:').question('q1', THREE_QUESTIONS).done('awaiting_user').events,
        ]),
        12,
      ),
    ],
    act: async (w) => {
      await w.page.click('[data-testid="question-option"][data-label="Fill in the blanks"]');
    },
  },
  {
    name: 'question-multi',
    messages: [
      snapshot(
        sessionFrom([
          ...earlier.events,
          ...new TurnEvents('t1').start('Add an exercise').text('Happy to. A few quick questions first:').question('q1', THREE_QUESTIONS).done('awaiting_user').events,
        ]),
        12,
      ),
    ],
    act: async (w) => {
      await w.page.click('[data-testid="question-option"][data-label="Fill in the blanks"]');
      await w.page.click(w.testId('question-continue'));
      await w.page.click('[data-testid="question-option"][data-label="Grammar"]');
    },
  },
  {
    name: 'confirmation-card',
    messages: [
      snapshot(
        sessionFrom([
          ...earlier.events,
          ...new TurnEvents('t1').start('Replace the lesson with a short quiz').text('This replaces most of the lesson, so I need your approval.').confirmation('k1', CONFIRMATION).done('awaiting_user').events,
        ]),
        12,
      ),
    ],
  },
  {
    name: 'error-banner',
    messages: [
      snapshot(
        sessionFrom([
          ...earlier.events,
          ...new TurnEvents('t1')
            .start('Add a writing task at the end')
            .tool('c1', 'load_skill', 'Checking writing-exercises rules')
            .toolEnd('c1')
            .text('I will add a short writing task where students describe their')
            .retrying('overloaded', 1, 2000)
            .error('overloaded', 'Overloaded (529) after 3 attempts', true).events,
        ]),
        14,
      ),
    ],
  },
  {
    // A question answered and a change declined, each where it was asked, between the texts.
    name: 'cards-in-order',
    height: 760,
    messages: [
      snapshot(
        sessionFrom([
          ...new TurnEvents('t1')
            .start('Add some homework on the weather')
            .text('Happy to. One question first:')
            .question('q1', [THREE_QUESTIONS[2] as Question])
            .done('awaiting_user')
            .resume()
            .answered('q1', ['the weekend weather'])
            .text('\n\nThanks. This replaces the existing homework, so I need your approval:')
            .confirmation('k1', { ...CONFIRMATION, title: 'Edit verbs.lesson.xml?', summary: 'Replace the homework with a weekend weather diary', reason: undefined, details: 'Changes 3 lines.' })
            .done('awaiting_user')
            .resume()
            .decided('k1', false, 'Keep the old homework')
            .text('\n\nUnderstood: I left the homework as it was.')
            .usage(USAGE)
            .done().events,
        ]),
        30,
      ),
    ],
  },
  {
    // The edit is on the reply without opening the steps; Revert asks right there.
    name: 'revert-ask',
    messages: [snapshot(sessionFrom(finishedTurn().events), 9)],
    act: async (w) => {
      await w.page.click(w.testId('edit-revert'));
      await w.page.waitForSelector(w.testId('edit-revert-ask'));
    },
  },
  {
    name: 'reverted',
    messages: [snapshot(reverted(sessionFrom(finishedTurn().events)), 9)],
  },
  {
    // The last question, a typed answer: one line that grows, the hint above the buttons.
    name: 'question-text',
    messages: [
      snapshot(
        sessionFrom([...new TurnEvents('t1').start('Add an exercise').text('Happy to. A few quick questions first:').question('q1', THREE_QUESTIONS).done('awaiting_user').events]),
        12,
      ),
    ],
    act: async (w) => {
      await w.page.click('[data-testid="question-option"][data-label="Fill in the blanks"]');
      await w.page.click(w.testId('question-continue'));
      await w.page.click('[data-testid="question-option"][data-label="Grammar"]');
      await w.page.click(w.testId('question-continue'));
      await w.page.waitForSelector('[data-testid="question-card"][data-index="2"]');
    },
  },
  {
    // After an export, and while the editor shows another lesson than the session's.
    name: 'notes',
    messages: [
      snapshot(sessionFrom(finishedTurn().events), 9, { activeDocument: { uri: 'file:///workspace/water-cycle.lesson.xml', name: 'water-cycle.lesson.xml', kind: 'lesson' } }),
      { type: 'exported', sessionId: SESSION_ID, name: 'French verbs, unit 3.md', folder: 'Documents', path: '/home/teacher/Documents/French verbs, unit 3.md', uri: 'file:///home/teacher/Documents/French%20verbs%2C%20unit%203.md' },
    ],
  },
  {
    // A chat without a lesson while one is open in the editor: what its next message will work on.
    name: 'late-binding-offer',
    messages: [snapshot(lateBinding(false), 5, { activeDocument: { uri: 'file:///w/french-verbs.lesson.xml', name: 'french-verbs.lesson.xml', kind: 'lesson' } })],
  },
  {
    // ...and the message that took it, saying so; the header names the lesson.
    name: 'late-binding',
    messages: [snapshot(lateBinding(true), 14, { activeDocument: { uri: 'file:///w/french-verbs.lesson.xml', name: 'french-verbs.lesson.xml', kind: 'lesson' } })],
  },
  {
    // Restore to here on the second message: the choice of what to restore, and what it would change.
    name: 'restore-preview',
    height: 720,
    messages: [snapshot(threeExchanges(), 30)],
    act: async (w) => {
      const buttons = w.page.locator(w.testId('restore-here'));
      await buttons.nth(1).click();
      await answerPreview(w, {
        ok: true,
        setAside: 4,
        broughtBack: 0,
        lesson: { undone: ['changed 5 lines', 'added a writing task'], redone: [], conflicts: [{ line: 31, summary: 'added a writing task' }], changes: true },
      });
      await w.page.waitForSelector(w.testId('rewind-conflicts'));
      await w.page.locator(w.testId('rewind-panel')).scrollIntoViewIfNeeded();
    },
  },
  {
    // After the restore: the conversation ends at the first exchange, Redo above the input.
    name: 'restore-redo',
    messages: [
      snapshot(
        (() => {
          const view = threeExchanges();
          const items = view.items.slice(0, 2);
          return { ...view, items, redo: { edits: 2, branch: { id: 'b1', afterTurn: 't1', firstWords: 'Make the sentences about a morning routine', messages: 4, setAsideAt: Date.UTC(2026, 1, 6, 9, 12) } } };
        })(),
        30,
      ),
    ],
  },
  {
    // Two versions after the first exchange: the mark where the other left, and the branches panel.
    name: 'branches',
    height: 720,
    messages: [
      snapshot(
        (() => {
          const view = threeExchanges();
          const items = view.items.slice(0, 2);
          const edited = sessionFrom([
            ...new TurnEvents('t4').start('Make the sentences about a weekend instead', Date.UTC(2026, 1, 6, 9, 14)).text('The five sentences are now about a weekend.').usage(USAGE).done().events,
          ]).items;
          return {
            ...view,
            items: [...items, ...edited],
            branches: [{ id: 'b1', afterTurn: 't1', firstWords: 'Make the sentences about a morning routine', messages: 4, setAsideAt: Date.UTC(2026, 1, 6, 9, 12) }],
          };
        })(),
        40,
      ),
    ],
    act: async (w) => {
      await w.page.click(w.testId('branches-button'));
      await w.page.click(w.testId('branch-switch'));
      await answerPreview(w, { ok: true, setAside: 2, broughtBack: 4, lesson: { undone: [], redone: ['changed 5 lines', 'added a writing task'], conflicts: [], changes: true } });
      await w.page.waitForSelector(w.testId('rewind-lesson'));
    },
  },
  {
    name: 'sessions',
    messages: [snapshot(sessionFrom([...finishedTurn().events, ...new TurnEvents('t2').start('Thanks!').text('You are welcome.').usage(USAGE).done().events]), 20, { demo: true }, SESSIONS)],
    act: async (w) => {
      await w.page.click(w.testId('sessions-button'));
    },
  },
];

interface Shot {
  theme: ThemeName;
  width: number;
  outDir: string;
}

async function shoot(server: PreviewServer, browser: Awaited<ReturnType<typeof launchBrowser>>, scene: Scene, shot: Shot): Promise<void> {
  const { theme, width, outDir } = shot;
  const w = await WebviewPage.open(browser, server, { theme, width, height: scene.height ?? 640 });
  try {
    await w.push(...scene.messages);
    await w.waitReady();
    if (scene.act) await scene.act(w);
    // Park the mouse on the header (hover reveals copy buttons), and let the virtual list settle.
    await w.page.mouse.move(2, 2);
    await w.page.waitForTimeout(400);
    const problems = await w.problems();
    if (problems.violations.length || problems.errors.length) throw new Error(`${scene.name}: ${JSON.stringify(problems)}`);
    const suffix = width === DEFAULT_WIDTH ? theme : `${theme}-${width}`;
    await w.page.screenshot({ path: join(outDir, `${scene.name}-${suffix}.png`), animations: 'disabled', caret: 'hide' });
  } finally {
    await w.close();
  }
}

async function main(): Promise<void> {
  const outDir = join(repoRoot(), 'docs', 'screenshots');
  mkdirSync(outDir, { recursive: true });
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  // --themes=hc (or dark,light,hc) for a look at other themes; the README uses dark and light.
  const themeArg = args.find((a) => a.startsWith('--themes='))?.slice('--themes='.length);
  const themes = (themeArg ? themeArg.split(',') : ['dark', 'light']) as ThemeName[];
  const width = Number(args.find((a) => a.startsWith('--width='))?.slice('--width='.length) ?? DEFAULT_WIDTH);
  const server = await startPreviewServer();
  const browser = await launchBrowser();
  try {
    for (const scene of scenes) {
      if (only.length > 0 && !only.includes(scene.name)) continue;
      for (const theme of themes) await shoot(server, browser, scene, { theme, width, outDir });
      console.log(`screenshot ${scene.name}: ${themes.join(', ')}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
