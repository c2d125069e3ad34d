// The panel and the preview in VS Code's display language: French and German words where the page
// says so, and, in VS Code's pseudo-language (every bundle word in look-alike letters), no plain
// English letter on the page that the host did not send: a word left over was written into the
// code instead of a bundle. The host's words here are Russian, so anything Latin is the page's own.
import * as assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/shared/events';
import type { HostMeta, SessionSummary } from '../../../src/shared/view';
import { BUNDLES } from '../../../webview-ui/src/l10n';
import { BUNDLES as PREVIEW_BUNDLES } from '../../../webview-ui/src/preview/previewL10n';
import { PSEUDO_LANGUAGE } from '../../../src/shared/pseudo';
import { SESSION_ID, TurnEvents, sessionFrom, snapshot } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { byPreviewId, documentMessage, sample } from '../../webview/previewKit';
import { byTestId, previewSuite } from '../../webview/suite';

const T0 = Date.UTC(2026, 1, 6, 9, 30);
/** What the host sends, in Russian (dates and numbers too: the panel formats them in meta.locale). */
const META: Partial<HostMeta> = { locale: 'ru', model: 'claude-sonnet-4-5' };
const SESSIONS: SessionSummary[] = [
  { id: SESSION_ID, title: 'Глаголы, урок 3', createdAt: T0, updatedAt: T0 + 60_000, messageCount: 4, documentName: 'глаголы.урок' },
  { id: 'session-0', title: 'Чтение: Лиса', createdAt: T0 - 86_400_000, updatedAt: T0 - 80_000_000, messageCount: 12, awaitingUser: true },
];
const DOCUMENT = { uri: 'file:///w/glagoly.lesson.xml', name: 'глаголы.урок', kind: 'lesson' as const };
/** Names the page may show as they are, in any language. */
const PRODUCT_NAMES = /Lesson Agent|Claude|Sonnet|Opus|Haiku|Anthropic|VS Code|Markdown|GIFT|QTI|HTML|XML|Moodle/g;

function finished(turnId: string, at: number): TurnEvents {
  return new TurnEvents(turnId)
    .start('Добавь упражнение про глаголы', at)
    .thinking('Сначала посмотрю правила.')
    .tool(`${turnId}-c1`, 'load_skill', 'Смотрю правила')
    .toolEnd(`${turnId}-c1`, 'success', { resultSummary: 'правила прочитаны' })
    .tool(`${turnId}-c2`, 'edit_document', 'Меняю урок')
    .toolEnd(`${turnId}-c2`, 'success', { resultSummary: 'добавлено упражнение', editId: `${turnId}-e1` })
    .text('Готово: **пять предложений** с пропусками.\n\n- Подсказка у каждого пропуска')
    .usage({ inputTokens: 1840, outputTokens: 520, cacheReadTokens: 10240, cacheCreationTokens: 1200 })
    .done();
}

/** The sessions the page is shown, each a state with its own cards. */
function states(): Array<{ name: string; events: AgentEvent[] }> {
  const asking = new TurnEvents('t2')
    .start('Сделай ещё одно', T0 + 1000)
    .question('t2-q', [
      { header: 'Тип', question: 'Какое упражнение?', options: [{ label: 'Пропуски', description: 'Слова пропущены' }, { label: 'Выбор', description: 'Один ответ' }], multiSelect: false },
      { header: 'Тема', question: 'О чём?', options: [], multiSelect: false, inputType: 'text', placeholder: 'например, школа' },
    ])
    .done('awaiting_user');
  const confirming = new TurnEvents('t3')
    .start('Удали почти всё', T0 + 2000)
    .confirmation('t3-c', { tool: 'edit_document', title: 'Удалить большую часть урока?', summary: 'Удаляет 42 из 57 строк.', reason: 'Нужно ваше согласие.', details: 'Два упражнения.', hasDiff: true }, 'Меняю урок')
    .done('awaiting_user');
  const failing = new TurnEvents('t4').start('Ещё раз', T0 + 3000).retrying('overloaded', 1, 2000).error('overloaded', 'Сервер перегружен.', true);
  return [
    { name: 'a finished turn and a question', events: [...finished('t1', T0).events, ...asking.events] },
    { name: 'a confirmation', events: [...finished('t1', T0).events, ...confirming.events] },
    { name: 'an error with Retry', events: [...finished('t1', T0).events, ...failing.events] },
  ];
}

/** Every text the page shows or says (text, labels, titles, placeholders), minus the pseudo-words and product names. */
async function plainWords(w: WebviewPage): Promise<string[]> {
  const texts = await w.page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style') || parent.closest('[hidden]')) continue;
      if (node.textContent?.trim()) found.push(node.textContent);
    }
    for (const el of document.body.querySelectorAll('*')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = el.getAttribute(name);
        if (value?.trim()) found.push(`${name}=${value}`);
      }
    }
    return found;
  });
  return texts
    .map((t) => t.replace(/^[\w-]+=/, '').replace(/［[^］]*］/g, ' ').replace(PRODUCT_NAMES, ' '))
    // An option's letter ("a)") numbers it, as in the printed copy: not a word.
    .filter((t) => /[A-Za-z]/.test(t) && !/^\s*[a-z]\)?\s*$/.test(t));
}

describe('webview: the display language', function () {
  this.timeout(60_000);
  const suite = previewSuite();

  for (const lang of ['fr', 'de'] as const) {
    it(`speaks ${lang} in the panel and the preview when VS Code does`, async () => {
      const words = BUNDLES[lang];
      const chat = await suite.open({ lang });
      await chat.push(snapshot(sessionFrom([], 'Session'), 1, META));
      await chat.waitReady();
      assert.equal((await chat.page.locator(byTestId('send')).textContent())?.trim(), words?.send);
      assert.equal(await chat.page.locator(byTestId('chat-input')).getAttribute('placeholder'), words?.inputPlaceholder);
      const preview = await suite.open({ lang, bundle: 'preview' });
      await preview.pushRaw(documentMessage(sample('french-verbs.lesson.xml'), 1));
      await preview.page.waitForSelector(byPreviewId('studentView'));
      assert.equal((await preview.page.locator(byPreviewId('studentView')).textContent())?.trim(), PREVIEW_BUNDLES[lang]?.studentView);
    });
  }

  it('shows no word of its own outside the bundle: the chat, in every state, and the sessions list', async () => {
    const leftover: string[] = [];
    const empty = await suite.open({ lang: PSEUDO_LANGUAGE });
    await empty.push(snapshot({ ...sessionFrom([], ''), sessionId: '', document: DOCUMENT }, 1, { ...META, hasApiKey: false }, SESSIONS));
    await empty.waitReady();
    leftover.push(...(await plainWords(empty)).map((t) => `empty chat: ${t}`));
    for (const state of states()) {
      const w = await suite.open({ lang: PSEUDO_LANGUAGE });
      await w.push(snapshot({ ...sessionFrom(state.events, 'Глаголы, урок 3'), document: DOCUMENT }, 1, META, SESSIONS));
      await w.waitReady();
      leftover.push(...(await plainWords(w)).map((t) => `${state.name}: ${t}`));
      if (state === states()[0]) {
        await w.page.locator(byTestId('sessions-button')).click();
        await w.page.waitForSelector(byTestId('sessions-panel'));
        leftover.push(...(await plainWords(w)).map((t) => `sessions list: ${t}`));
      }
    }
    assert.deepEqual(leftover, []);
  });

  it('shows no word of its own outside the bundle: the preview, student and teacher view', async () => {
    const w = await suite.open({ lang: PSEUDO_LANGUAGE, bundle: 'preview' });
    const lesson = `<?xml version="1.0" encoding="UTF-8"?>
<lesson title="Урок" level="A2" lang="ru">
  <h2 id="h">Глаголы</h2>
  <p id="p">Текст <strong>урока</strong>.</p>
  <note><p>Для учителя.</p></note>
  <exercise id="fb" type="fill-blanks" points="5"><h3>Вставь слово</h3><word-bank><word>идёт</word></word-bank><p>Он <blank answer="идёт" hint="идти" student-answer=""/> домой.</p></exercise>
  <exercise id="mc" type="multiple-choice"><question id="q"><prompt>Кто?</prompt><option correct="true">Он</option><option>Она</option><explanation>Потому что.</explanation></question></exercise>
  <exercise id="tf" type="true-false"><statement answer="false" correction="Нет." student-answer="">Да.</statement></exercise>
  <exercise id="sq" type="sequencing"><sequence><item order="2">два</item><item order="1">один</item></sequence></exercise>
  <exercise id="sa" type="short-answer"><short-answer lines="2"><prompt>Почему?</prompt><model-answer>Так.</model-answer><rubric><criterion points="1">Ясно.</criterion></rubric></short-answer></exercise>
  <exercise id="wr" type="writing"><writing-area min-words="80" max-words="120"/></exercise>
</lesson>
`;
    await w.pushRaw(documentMessage(lesson, 1, 'урок.урок'));
    await w.page.waitForSelector(byPreviewId('studentView'));
    const student = await plainWords(w);
    await w.page.locator(byPreviewId('teacherView')).click();
    await w.page.waitForTimeout(100);
    const teacher = await plainWords(w);
    await w.page.locator(byPreviewId('exportButton')).click();
    const menu = await plainWords(w);
    assert.deepEqual([...student.map((t) => `student: ${t}`), ...teacher.map((t) => `teacher: ${t}`), ...menu.map((t) => `export menu: ${t}`)], []);
  });
});
