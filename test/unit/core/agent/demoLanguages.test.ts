// The offline demo in the teacher's language (issue 25): its French, German and Spanish replies
// (test/fake/scenarios/demo.<lang>.json) are whole, keep every placeholder and suggestion, and a
// teacher who writes in one of them is answered in it through the whole core: the empty chat's
// examples, every suggestion "What can you do?" offers, and a question card asked, shown and
// answered in French, the exercise landing in the lesson.
import * as assert from 'node:assert/strict';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLES, bundleFor } from '../../../../webview-ui/src/l10n';
import type { AgentEvent } from '../../../../src/shared/events';
import { suggestionsOf } from '../../../fake/languages';
import { AND_MORE } from '../../../fake/placeholders';
import { textOf } from './harness';
import { DEMO, KINDS, ROOT, pendingCall, say, stepsAnswered, useDemoRuns } from './demoKit';
import { exerciseTypeName } from '../../../../src/shared/worksheetWords';
import { fillIn } from '../../../../src/shared/l10n';

/** The keys of a tool input a teacher reads: a question card's words and an edit's summary. */
const TEACHER_KEYS = new Set(['summary', 'header', 'question', 'label', 'description', 'context', 'placeholder']);

/** Every string of the demo's replies a teacher reads: texts, thinking, question cards, edit summaries. */
function teacherStrings(value: unknown, inTool = false): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => teacherStrings(v, inTool));
  if (typeof value !== 'object' || value === null) return [];
  const o = value as Record<string, unknown>;
  if (o.type === 'text' && typeof o.text === 'string') return [o.text];
  if (o.type === 'thinking' && typeof o.thinking === 'string') return [o.thinking];
  if (o.type === 'tool_use') return teacherStrings(o.input, true);
  return Object.entries(o).flatMap(([k, v]) => (inTool && TEACHER_KEYS.has(k) && typeof v === 'string' ? [v] : teacherStrings(v, inTool)));
}

/** A string's placeholders by what they name: filters and quoted fallbacks (which translate) aside. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{([^}]*)\}\}|\{(\d)\}/g)].map((m) =>
    (m[1] ?? `{${m[2] ?? ''}}`)
      .split('|')
      .filter((part) => !part.startsWith("'"))
      .map((part) => part.replace(/^(?:[a-z]+:)+/, ''))
      .join('|'),
  );
  return [...new Set(names)].sort();
}

// The fake's own words, where a value lists at most so many things ("and 3 more").
const LISTS_CUT = Object.values(DEMO.values ?? {}).some((v) => v.limit !== undefined);
const ENGLISH = [...new Set([...teacherStrings([DEMO.rules, DEMO.fallback]).filter((s) => /[A-Za-z]/.test(s)), ...(LISTS_CUT ? [AND_MORE] : [])])];
const LANGUAGES = Object.entries(DEMO.languages ?? {});
const FALLBACK = DEMO.fallback?.name ?? 'not understood';

/** The fixed parts of a reply as written (between its placeholders and suggestions), long enough to tell. */
function fragments(text: string): string[] {
  return text
    .split(/\{\{[^}]*\}\}|\[[^\]]*\]\(prompt:\)|\n/)
    .map((f) => f.trim())
    .filter((f) => f.length >= 16);
}

/** How a language's replies say an English suggestion. */
function suggestionIn(replies: Readonly<Record<string, string>>, english: string): string {
  for (const [ours, theirs] of Object.entries(replies)) {
    const i = suggestionsOf(ours).indexOf(english);
    const said = i >= 0 ? suggestionsOf(theirs)[i] : undefined;
    if (said) return said;
  }
  throw new Error(`no reply suggests "${english}"`);
}

const ENGLISH_FRAGMENTS = new Set(ENGLISH.flatMap(fragments));

/**
 * Asserts a turn's reply is in `tag`: some fixed part of that language's replies in it, and none of
 * the English ones (where the two differ).
 */
function assertSpoken(events: readonly AgentEvent[], tag: string, what: string): void {
  const said = textOf(events);
  const theirs = Object.values(DEMO.languages?.[tag]?.replies ?? {}).flatMap(fragments).filter((f) => !ENGLISH_FRAGMENTS.has(f));
  const english = [...ENGLISH_FRAGMENTS].filter((f) => said.includes(f) && !theirs.some((t) => t.includes(f)));
  assert.ok(theirs.some((f) => said.includes(f)), `${what} is answered in ${tag}: ${said.slice(0, 200)}`);
  assert.deepEqual(english, [], `${what}: no English in the ${tag} reply`);
}

describe('offline demo: its replies in French, German and Spanish', () => {
  it('speaks the three languages the panel speaks besides English', () => {
    assert.deepEqual(LANGUAGES.map(([tag]) => tag).sort(), Object.keys(BUNDLES).filter((tag) => tag !== 'en').sort());
    assert.ok(ENGLISH.length > 100, `reads the replies (${ENGLISH.length} strings)`);
  });

  for (const [tag, spec] of LANGUAGES) {
    it(`${tag}: has every reply, with the same placeholders and suggestions, each suggestion said one way`, () => {
      const problems: string[] = [];
      const said = new Map<string, string>();
      for (const english of ENGLISH) {
        const translated = spec.replies[english];
        if (!translated?.trim()) {
          problems.push(`missing: ${JSON.stringify(english.slice(0, 80))}`);
          continue;
        }
        if (placeholders(translated).join() !== placeholders(english).join()) problems.push(`placeholders differ: ${JSON.stringify(english.slice(0, 80))}`);
        const ours = suggestionsOf(english);
        const theirs = suggestionsOf(translated);
        if (ours.length !== theirs.length) problems.push(`suggestions differ: ${JSON.stringify(english.slice(0, 80))}`);
        ours.forEach((s, i) => {
          const t = theirs[i];
          if (t !== undefined && said.has(s) && said.get(s) !== t) problems.push(`"${s}" said two ways: "${said.get(s)}" and "${t}"`);
          if (t !== undefined) said.set(s, t);
        });
      }
      for (const key of Object.keys(spec.replies)) if (!ENGLISH.includes(key)) problems.push(`no longer in the demo: ${JSON.stringify(key.slice(0, 80))}`);
      assert.deepEqual(problems, []);
    });
  }
});

describe('offline demo: answering a teacher in their language, through the whole core', () => {
  const startDemo = useDemoRuns();

  /** Each suggestion "What can you do?" offers in English, and the steps that answer it. */
  let english: Array<{ suggestion: string; steps: string[] }> | undefined;
  async function englishFlows(): Promise<Array<{ suggestion: string; steps: string[] }>> {
    if (english) return english;
    const flows: Array<{ suggestion: string; steps: string[] }> = [];
    const list = await startDemo('french-verbs.lesson.xml', 'never');
    const offered = suggestionsOf(textOf((await say(list, 'What can you do?')).events));
    await list.close();
    for (const suggestion of offered) {
      const run = await startDemo('french-verbs.lesson.xml', 'never');
      await say(run, suggestion);
      flows.push({ suggestion, steps: stepsAnswered(run) });
      await run.close();
    }
    english = flows;
    return flows;
  }

  for (const [tag] of LANGUAGES) {
    const bundle = bundleFor(tag);

    it(`${tag}: answers the empty chat's examples, then every suggestion "what can you do" offers, in ${tag} and by the English steps`, async () => {
      for (const key of ['example1', 'example2', 'example3', 'example4'] as const) {
        const run = await startDemo('french-verbs.lesson.xml', 'never');
        const { events } = await say(run, bundle[key]);
        assertSpoken(events, tag, `"${bundle[key]}"`);
        await run.close();
      }
      let run = await startDemo('french-verbs.lesson.xml', 'never');
      const list = await say(run, bundle.example2);
      const offered = suggestionsOf(textOf(list.events));
      const english = await englishFlows();
      assert.equal(offered.length, english.length, `offers its ${english.length} flows`);
      for (const [i, suggestion] of offered.entries()) {
        await run.close();
        run = await startDemo('french-verbs.lesson.xml', 'never');
        const { events, outcome } = await say(run, suggestion);
        assert.ok(!stepsAnswered(run).includes(FALLBACK), `"${suggestion}" is understood`);
        assert.deepEqual(stepsAnswered(run), english[i]?.steps, `"${suggestion}" takes the steps "${english[i]?.suggestion}" takes`);
        // "Simulate an outage" ends in an error on purpose: the panel's Retry gets the reply.
        const answered = outcome.status === 'error' ? (await run.harness.run({ kind: 'retry', sessionId: run.sessionId })).events : events;
        assertSpoken(answered, tag, `"${suggestion}"`);
        // The topic is the teacher's words, not the English suggestion's ("about the main ideas").
        const englishTopic = /\babout (.+)$/.exec(english[i]?.suggestion ?? '')?.[1];
        if (englishTopic) assert.ok(!textOf(answered).includes(englishTopic), `"${suggestion}": the topic in ${tag}, not "${englishTopic}"`);
      }
    });
  }

  for (const [tag, spec] of LANGUAGES) {
    it(`${tag}: asks before starting over, removing every exercise and creating a lesson, and says what it did once approved`, async () => {
      for (const request of ['Start over', 'Remove all the exercises', 'Create a new lesson about the seasons']) {
        const steps: string[][] = [];
        for (const said of [request, suggestionIn(spec.replies, request)]) {
          const run = await startDemo('french-verbs.lesson.xml');
          const asked = await say(run, said);
          assert.equal(asked.outcome.status, 'awaiting_user', `"${said}" asks first`);
          const done = await run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId: pendingCall(asked.events, 'confirmation'), approved: true });
          if (said !== request) assertSpoken(done.events, tag, `"${said}", approved`);
          steps.push(stepsAnswered(run));
          const created = await readdir(join(run.dir, 'workspace'));
          if (request.startsWith('Create')) {
            // Named for the topic the teacher gave, without the word before it ("sur", "über", "sobre").
            const topic = /(?<!\p{L})(?:about|sur|über|sobre)\s+(.+)$/u.exec(said)?.[1] ?? '';
            assert.ok(topic, `"${said}" names a topic`);
            const lesson = await readFile(join(run.dir, 'workspace', created[0] ?? ''), 'utf8');
            assert.match(lesson, new RegExp(`<lesson title="${topic.charAt(0).toUpperCase()}${topic.slice(1)}">`), `${created.join()} is about "${topic}"`);
          }
          await run.close();
        }
        assert.deepEqual(steps[1], steps[0], `"${request}" in ${tag} takes the English steps`);
      }
    });
  }

  for (const [tag] of LANGUAGES) {
    it(`${tag}: understands Create Exercise's wording for every kind, in ${tag}, with the topic typed after it`, async () => {
      const bundle = JSON.parse(await readFile(join(ROOT, 'l10n', `bundle.l10n.${tag}.json`), 'utf8')) as Record<string, string>;
      const prefill = bundle['Add a “{0}” exercise about '];
      assert.ok(prefill, `the prefill in ${tag}`);
      for (const kind of KINDS) {
        const run = await startDemo('french-verbs.lesson.xml', 'never');
        const said: string = `${prefill.replace('{0}', exerciseTypeName(kind.type, tag))}la météo`;
        await say(run, said);
        assert.equal(stepsAnswered(run)[0], `load ${kind.skill}`, `"${said}" asks for ${kind.skill}`);
        assert.ok(run.path);
        assert.match(await readFile(run.path, 'utf8'), new RegExp(`type="${kind.type}"[^>]*>\\s*<h3>(?:Writing: )?La météo`), `"${said}" adds a ${kind.type} exercise about la météo`);
        await run.close();
      }
    });
  }

  /** The reply once a quiz is turned into a lesson, asked as the demo's suggestion says it in `said`. */
  async function importReply(said: string): Promise<string> {
    const run = await startDemo('french-verbs.lesson.xml');
    await copyFile(join(ROOT, 'samples', 'weather-quiz.gift'), join(run.dir, 'workspace', 'weather-quiz.gift'));
    const asked = await say(run, said);
    const done = await run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId: pendingCall(asked.events, 'confirmation'), approved: true });
    await run.close();
    return textOf(done.events);
  }

  for (const [tag, spec] of LANGUAGES) {
    it(`${tag}: says what a quiz's import brought in, and what it did not, in ${tag} as the host's own words say it`, async () => {
      const request = 'Turn weather-quiz.gift into a lesson';
      const inEnglish = await importReply(request);
      const reply = await importReply(suggestionIn(spec.replies, request));
      const host = JSON.parse(await readFile(join(ROOT, 'l10n', `bundle.l10n.${tag}.json`), 'utf8')) as Record<string, string>;
      const fill = (key: string, ...args: string[]): string => fillIn(host[key] ?? key, ...args);
      const counts = /(\d+) questions in (\d+) exercises/.exec(inEnglish);
      assert.ok(counts, `the English reply gives the counts: ${inEnglish}`);
      assert.ok(reply.includes(fill('{0} in {1} exercises', fill('{0} questions', counts[1] ?? ''), counts[2] ?? '')), `the counts in ${tag}: ${reply}`);
      const notices = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('- '));
      assert.ok(notices(inEnglish).length >= 2, `the import has notices: ${inEnglish}`);
      assert.equal(notices(reply).length, notices(inEnglish).length);
      for (const [i, line] of notices(reply).entries()) {
        const n = /^- Exercise (\d+)/.exec(notices(inEnglish)[i] ?? '')?.[1] ?? '';
        assert.ok(line.startsWith(`- ${fill('Exercise {0}', n)}`), `"${line}" names the exercise in ${tag}`);
        assert.notEqual(line, notices(inEnglish)[i], `"${line}" is said in ${tag}`);
      }
      assert.doesNotMatch(reply, /\b(?:exercises|Exercise \d|questions in)\b/, 'no English of the host left in the reply');
    });
  }

  it('asks its question card in French, takes the French answers, and adds the exercise they describe', async () => {
    const fr = DEMO.languages?.fr?.replies ?? {};
    const run = await startDemo('french-verbs.lesson.xml', 'never');
    const asked = await say(run, 'Ajoutez un exercice pour ma classe');
    const card = asked.events.find((e) => e.type === 'question');
    assert.ok(card?.type === 'question');
    assert.deepEqual(
      card.questions.map((q) => q.header),
      ['Type', 'Topic', 'Level'].map((h) => fr[h]),
    );
    assert.equal(card.questions[0]?.question, fr['What kind of exercise should I add?']);
    const trueFalse = fr['True or false'];
    assert.ok(trueFalse && card.questions[0]?.options?.some((o) => o.label === trueFalse));
    const answered = await run.harness.run({ kind: 'answer', sessionId: run.sessionId, toolCallId: pendingCall(asked.events, 'question'), answers: [trueFalse, 'les fleuves de France', 'A2'] });
    assert.equal(answered.outcome.status, 'completed');
    assert.deepEqual(stepsAnswered(run).slice(-3), ['answered: true-false', 'true-false edit', 'edit done']);
    assertSpoken(answered.events, 'fr', 'the answers');
    assert.ok(run.path);
    const lesson = await readFile(run.path, 'utf8');
    assert.match(lesson, /<exercise id="demo-[^"]*" type="true-false" level="A2"[\s\S]*les fleuves de France/);
  });
});
