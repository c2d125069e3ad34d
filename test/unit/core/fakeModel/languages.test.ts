// A scenario's other languages (test/fake/languages.ts): the fake tells which one the teacher writes
// in, reads a translated suggestion or a question card's translated answers back into the English its
// rules match, and answers with the language's replies; English and unclear texts stay English.
import * as assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import { Languages } from '../../../fake/languages';
import { parseScenario, type ScenarioInput } from '../../../fake/scenario';

const FR = {
  words: 'le|les|une|est|et|sur|vous|ajoutez|exercice|leçon|bonjour',
  replies: {
    'Hello! Try [Add an exercise](prompt:).': 'Bonjour ! Essayez [Ajoutez un exercice](prompt:).',
    'What kind of exercise?': "Quel genre d'exercice ?",
    Type: 'Genre',
    'True or false': 'Vrai ou faux',
    'Added a true/false exercise about {{topic|\'this lesson\'}}.': "Exercice vrai ou faux ajouté sur {{topic|'cette leçon'}}.",
  },
};
const DE = { words: 'der|die|das|und|ist|eine|füge|übung|hallo|hinzu', replies: { 'Hello! Try [Add an exercise](prompt:).': 'Hallo! Versuchen Sie [Füge eine Übung hinzu](prompt:).' } };

describe('fake scenarios: the language the teacher writes in', () => {
  const languages = new Languages(parseScenario({ rules: [], languages: { fr: FR, de: DE } }).languages);

  it('tells the language by its words, whole words only, accents included', () => {
    assert.equal(languages.of('Ajoutez un exercice sur les fleuves'), 'fr');
    assert.equal(languages.of('Füge eine Übung zur Lektion hinzu'), 'de');
    assert.equal(languages.of('Bonjour'), 'fr');
    assert.equal(languages.of('Add an exercise about rivers'), undefined);
    // "les" inside an English request is a topic, not the teacher's language; "A2" says nothing.
    assert.equal(languages.of('Add an exercise about les articles définis for my class'), undefined);
    assert.equal(languages.of('A2'), undefined);
    // "diese" is not "die", "lesson" not "les".
    assert.equal(languages.of('lesson diese'), undefined);
  });

  it('knows a translated suggestion said whole, whatever its case and final mark', () => {
    assert.equal(languages.of('Ajoutez un exercice'), 'fr');
    assert.equal(languages.toEnglish('  ajoutez un EXERCICE. ', 'fr'), 'Add an exercise');
    assert.equal(languages.toEnglish('Füge eine Übung hinzu', 'de'), 'Add an exercise');
    assert.equal(languages.toEnglish('Ajoutez un exercice sur les fleuves', 'fr'), 'Ajoutez un exercice sur les fleuves', 'only whole suggestions are read back');
    assert.equal(languages.toEnglish('Ajoutez un exercice', undefined), 'Ajoutez un exercice');
  });

  it("reads a question card's answers back: header, question and chosen options, a typed answer as it is", () => {
    assert.equal(
      languages.answersToEnglish("Genre: Quel genre d'exercice ? -> Vrai ou faux\nSujet: Quoi ? -> les fleuves", 'fr'),
      'Type: What kind of exercise? -> True or false\nSujet: Quoi ? -> les fleuves',
    );
    assert.equal(languages.answersToEnglish('Genre: x -> Vrai ou faux, Autre', 'fr'), 'Type: x -> True or false, Autre');
  });

  it("reads back what a tool's result repeats of its translated input (an edit's summary)", () => {
    assert.equal(languages.echoToEnglish('Applied to a.lesson.xml: Genre', { summary: 'Genre' }, 'fr'), 'Applied to a.lesson.xml: Type');
    assert.equal(languages.echoToEnglish('Applied to a.lesson.xml: Genre', { summary: 'Sorte' }, 'fr'), 'Applied to a.lesson.xml: Genre');
  });

  it('translates a reply as written, and leaves one without a translation in English', () => {
    assert.equal(languages.reply('What kind of exercise?', 'fr'), "Quel genre d'exercice ?");
    assert.equal(languages.reply('What kind of exercise?', 'de'), 'What kind of exercise?');
    assert.equal(languages.reply('What kind of exercise?', undefined), 'What kind of exercise?');
  });

  it('refuses a language whose words are not a regex', () => {
    assert.throws(() => parseScenario({ rules: [], languages: { fr: { words: 'le|(', replies: {} } } }), /not a regex.*languages\.fr\.words/);
  });
});

describe('fake scenarios: answering in the teacher\'s language over the wire', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const scenario: ScenarioInput = {
    values: { topic: { from: 'request', match: '-> (?!True or false)(.+)$' } },
    languages: { fr: FR, de: DE },
    rules: [
      { when: { toolResultFor: 'AskUserQuestion', toolResultText: '^Type: What kind of exercise\\? -> True or false' }, respond: { name: 'added', blocks: [{ type: 'text', text: "Added a true/false exercise about {{topic|'this lesson'}}." }] } },
      {
        when: { userText: '^Add an exercise$' },
        respond: {
          name: 'ask',
          blocks: [{ type: 'tool_use', id: 'toolu_q', name: 'AskUserQuestion', input: { questions: [{ header: 'Type', question: 'What kind of exercise?', options: [{ label: 'True or false' }] }] } }],
        },
      },
      { when: { userText: 'hello|bonjour|hallo' }, respond: { name: 'hello', blocks: [{ type: 'text', text: 'Hello! Try [Add an exercise](prompt:).' }] } },
    ],
  };

  const client = (f: FakeAnthropic): Anthropic => new Anthropic({ apiKey: 'sk-test-fake', baseURL: f.url, maxRetries: 0 });
  const TOOLS = [{ name: 'AskUserQuestion', description: 'Ask', input_schema: { type: 'object' as const } }];

  it('greets in each language and in English when the teacher writes English', async () => {
    fake = await startFakeAnthropic(scenario);
    const say = (text: string): Promise<string> => client(fake!).messages.stream({ model: 'm', max_tokens: 64, messages: [{ role: 'user', content: text }] }).finalText();
    assert.equal(await say('Bonjour'), 'Bonjour ! Essayez [Ajoutez un exercice](prompt:).');
    assert.equal(await say('Hallo, ist das die Lektion?'), 'Hallo! Versuchen Sie [Füge eine Übung hinzu](prompt:).');
    assert.equal(await say('Hello'), 'Hello! Try [Add an exercise](prompt:).');
  });

  it('follows a clicked French suggestion to a French question card, and its French answer to a French reply', async () => {
    fake = await startFakeAnthropic(scenario);
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Bonjour' },
      { role: 'assistant', content: 'Bonjour ! Essayez [Ajoutez un exercice](prompt:).' },
      { role: 'user', content: 'Ajoutez un exercice' },
    ];
    const asked = await client(fake).messages.stream({ model: 'm', max_tokens: 64, tools: TOOLS, messages }).finalMessage();
    const use = asked.content.find((b) => b.type === 'tool_use');
    assert.ok(use && use.type === 'tool_use');
    assert.deepEqual(use.input, { questions: [{ header: 'Genre', question: "Quel genre d'exercice ?", options: [{ label: 'Vrai ou faux' }] }] });
    messages.push(
      { role: 'assistant', content: asked.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: "Genre: Quel genre d'exercice ? -> Vrai ou faux\nSujet: Sur quoi ? -> les fleuves" }] },
    );
    const reply = await client(fake).messages.stream({ model: 'm', max_tokens: 64, tools: TOOLS, messages }).finalText();
    assert.equal(reply, 'Exercice vrai ou faux ajouté sur les fleuves.');
    assert.deepEqual(fake.requests.map((r) => r.step), ['ask', 'added']);
  });
});
