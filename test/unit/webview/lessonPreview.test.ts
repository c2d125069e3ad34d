// The lesson preview bundle in headless Chromium, under the webview's CSP, driven as its host
// drives it: what a student sees, the teacher's key in place, students' answers, clicks that
// reveal the source, the error banner that keeps the last good render, agent edits lit up, the
// editor's scroll followed.
import * as assert from 'node:assert/strict';
import { PREVIEW_ROOT, byPreviewId, documentMessage, kindsAndLines, openPreview, patchMessage, sample, showDocument } from '../../webview/previewKit';
import { previewSuite } from '../../webview/suite';
import type { WebviewPage } from '../../webview/harness';

// Page callbacks are functions, never strings: the page evaluates no string under its CSP.

const VERBS = sample('french-verbs.lesson.xml');
const WATER = sample('water-cycle.lesson.xml');

async function texts(w: WebviewPage, selector: string): Promise<string[]> {
  return (await w.page.locator(selector).allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
}

async function inputValues(w: WebviewPage, selector: string): Promise<string[]> {
  return w.page.locator(selector).evaluateAll((els) => els.map((e) => (e as HTMLElement & { value: string }).value));
}

describe('webview: lesson preview', function () {
  this.timeout(30_000);
  const suite = previewSuite();

  it('renders the lesson as a student sees it: headings, text, gaps with hints, choices, order, writing space; no teacher note', async () => {
    const w = await openPreview(suite.open, VERBS);
    assert.equal(await w.page.innerText(byPreviewId('documentName')), 'lesson.lesson.xml');
    assert.deepEqual(await texts(w, '[data-kind="heading"]'), ['Le présent des verbes en -er', 'The endings', 'Practice', 'Complete the sentences with the verb in the present tense.', 'Choose the correct form.', "Put Léa's morning in order."]);
    assert.equal(await w.page.locator('[data-kind="blank"] input[readonly]').count(), 5, 'five gaps, read-only');
    assert.deepEqual(await inputValues(w, '[data-kind="blank"] input'), ['', '', '', '', ''], 'no answers in the student view');
    assert.deepEqual(await texts(w, '[data-kind="blank"] .hint'), ['(parler)', '(habiter)', '(aimer)', '(regarder)', '(jouer)']);
    assert.equal(await w.page.locator('[data-kind="option"][role="radio"]').count(), 6);
    assert.equal(await w.page.locator('[data-kind="item"] .order-box').count(), 4);
    assert.equal(await w.page.locator('[data-kind="note"]').count(), 0, 'the teacher note is left out, as in the exported student copy');
    assert.doesNotMatch(await w.page.innerText(PREVIEW_ROOT), /Point out the elision/);
    assert.equal(await w.page.locator(byPreviewId('answer')).count(), 0, 'no answer key');
    assert.match(await w.page.innerText('[data-kind="exercise"]'), /^EXERCISE 1 · 5 points\n/i, 'the student copy prints no type or level');

    const water = await openPreview(suite.open, WATER);
    assert.equal(await water.page.locator('[data-kind="statement"] [role="radio"]').count(), 6, 'true / false for each statement');
    assert.equal(await water.page.locator('[data-kind="shortAnswer"] textarea[readonly]').count(), 1);
    assert.equal(await water.page.getAttribute('[data-kind="writingArea"] textarea', 'rows'), '14');
    assert.equal((await water.page.innerText('[data-kind="writingArea"] .word-limit')).trim(), '100–150 words');
    assert.equal(await water.page.locator('[data-kind="rubric"]').count(), 1, 'the writing rubric is shown to students; the short answer’s is the key');
  });

  it('the teacher view shows the key in place, and the choice survives a reload', async () => {
    const w = await openPreview(suite.open, VERBS);
    await w.page.click(byPreviewId('teacherView'));
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-copy="teacher"]`);
    assert.equal(await w.page.getAttribute(byPreviewId('teacherView'), 'aria-pressed'), 'true');
    assert.deepEqual(await inputValues(w, '[data-kind="blank"] input'), ['parle', 'habites', 'aimons', 'regardez', 'jouent']);
    assert.deepEqual(await texts(w, '[data-kind="option"].is-key .option-text'), ['écoutent', 'cherchez']);
    assert.deepEqual(await texts(w, '.answer-key:not(.is-inline)'), ['Why: Elles takes the silent ending -ent.', 'Why: With vous, regular -er verbs end in -ez.']);
    assert.deepEqual(await texts(w, '[data-kind="item"] .order-box'), ['3', '1', '4', '2'], 'the right order');
    assert.match(await w.page.innerText('[data-kind="note"]'), /Teacher only: not shown to students[\s\S]*Point out the elision/);
    assert.match(await w.page.innerText('[data-kind="exercise"]'), /^EXERCISE 1 · Fill in the blanks · A2 · 5 points/i);

    const water = await openPreview(suite.open, WATER);
    await water.page.click(byPreviewId('teacherView'));
    assert.deepEqual(await texts(water, '[data-kind="statement"] .choice.is-key'), ['True', 'False', 'False']);
    assert.match((await texts(water, '[data-kind="statement"] .answer-key'))[0] ?? '', /^Correction: Clouds are made of tiny droplets/);
    assert.match(await water.page.innerText('[data-kind="shortAnswer"]'), /Model answer: The air cools as it rises[\s\S]*Marking criteria/);
    await water.reload();
    await showDocument(water, WATER, 1);
    assert.equal(await water.page.getAttribute(PREVIEW_ROOT, 'data-copy'), 'teacher', 'the view is kept by the webview state');
    await water.page.click(byPreviewId('studentView'));
    await water.page.waitForSelector(`${PREVIEW_ROOT}[data-copy="student"]`);
    assert.equal(await water.page.locator(byPreviewId('answer')).count(), 0);
  });

  it('a word bank lists its words; a gap shows its alternatives and several correct options are checkboxes, for the teacher', async () => {
    const xml = `<lesson>
<exercise id="e1" type="fill-blanks">
  <word-bank><word>gare</word><word>plage</word></word-bank>
  <p>On va à la <blank answer="plage" alts="mer, piscine" hint="lieu" student-answer=""/>.</p>
</exercise>
<exercise id="e2" type="multiple-choice">
  <question><prompt>Which are verbs?</prompt><option correct="true">parler</option><option>table</option><option correct="true">finir</option></question>
</exercise>
</lesson>`;
    const w = await openPreview(suite.open, xml);
    assert.deepEqual(await texts(w, '[data-kind="wordBank"] [data-kind="word"]'), ['gare', 'plage']);
    assert.equal(await w.page.locator('[data-kind="option"][role="checkbox"]').count(), 3, 'two correct options: tick boxes');
    assert.equal(await w.page.locator('[data-kind="option"][role="radio"]').count(), 0);
    assert.deepEqual(await texts(w, '[data-kind="blank"] .answer-key'), [], 'no alternatives for students');
    await w.page.click(byPreviewId('teacherView'));
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-copy="teacher"]`);
    assert.deepEqual(await inputValues(w, '[data-kind="blank"] input'), ['plage']);
    assert.deepEqual(await texts(w, '[data-kind="blank"] .answer-key'), ['also: mer, piscine']);
    assert.deepEqual(await texts(w, '[data-kind="option"].is-key .option-text'), ['parler', 'finir']);
  });

  it("shows students' answers read-only, marked against the key for the teacher", async () => {
    const xml = `<lesson>
<exercise id="e1" type="fill-blanks"><p>Je <blank answer="parle" student-answer="parle"/> et tu <blank answer="parles" student-answer="parle"/>.</p></exercise>
<exercise id="e2" type="multiple-choice"><question student-answer="b"><prompt>Pick</prompt><option>x</option><option correct="true">y</option></question></exercise>
<exercise id="e3" type="true-false"><statement answer="true" student-answer="F">Sky is blue.</statement></exercise>
<exercise id="e4" type="writing"><writing-area lines="3" student-answer="One two three four."/></exercise>
</lesson>`;
    const w = await openPreview(suite.open, xml);
    assert.deepEqual(await inputValues(w, '[data-kind="blank"] input'), ['parle', 'parle']);
    assert.equal(await w.page.getAttribute('[data-kind="option"]:nth-child(2)', 'aria-checked'), 'true', 'option b chosen');
    assert.equal(await w.page.getAttribute('[data-kind="statement"] .choice:nth-child(2)', 'aria-checked'), 'true', 'False chosen');
    assert.deepEqual(await inputValues(w, '[data-kind="writingArea"] textarea'), ['One two three four.']);
    assert.equal(await w.page.locator(byPreviewId('answer')).count(), 0);
    await w.page.click(byPreviewId('teacherView'));
    assert.equal(await w.page.locator('[data-kind="blank"] .verdict.is-correct').count(), 1);
    assert.equal(await w.page.locator('[data-kind="blank"] .verdict.is-incorrect').count(), 1);
    assert.match(await w.page.locator('[data-kind="blank"]').nth(1).innerText(), /Key: parles/);
    assert.equal(await w.page.locator('[data-kind="question"] .verdict.is-correct').count(), 1);
    assert.equal(await w.page.locator('[data-kind="statement"] .verdict.is-incorrect').count(), 1);
    assert.match(await w.page.innerText('[data-kind="writingArea"]'), /4 words written/);
  });

  it('a click on an element asks the host to reveal its line; selecting text does not', async () => {
    const w = await openPreview(suite.open, VERBS);
    await w.clearPosted();
    await w.page.click('[data-kind="option"] >> nth=4');
    await w.page.click('[data-kind="heading"] >> text=The endings');
    const reveals = await w.waitForPosted('reveal', 2);
    assert.deepEqual(reveals, [
      { type: 'reveal', line: 36 },
      { type: 'reveal', line: 6 },
    ]);
    await w.page.locator('[data-kind="paragraph"]').first().selectText();
    await w.page.mouse.up();
    assert.equal((await w.postedOfType('reveal')).length, 2);
  });

  it('keeps the last good render while the XML is broken, with a banner naming the line; Go to line reveals it', async () => {
    const w = await openPreview(suite.open, VERBS);
    const broken = VERBS.replace('<p id="intro">', '<p id="intro"><em>');
    await showDocument(w, broken, 2);
    const banner = byPreviewId('errorBanner');
    assert.equal(await w.page.getAttribute(banner, 'data-line'), '4');
    assert.match(await w.page.innerText(banner), /^Line 4: the XML cannot be read[\s\S]*The preview shows the last version that could be read\./);
    assert.equal(await w.page.locator('[data-kind="blank"]').count(), 5, 'the last good lesson is still there');
    await w.clearPosted();
    await w.page.click(byPreviewId('errorGoto'));
    const [reveal] = await w.waitForPosted('reveal');
    assert.equal(reveal?.line, 4);
    await showDocument(w, VERBS.replace('Practice', 'Practise'), 3);
    await w.page.waitForSelector(banner, { state: 'detached' });
    assert.deepEqual((await texts(w, '[data-kind="heading"]'))[2], 'Practise');

    const fresh = await suite.open({ bundle: 'preview' });
    await fresh.pushRaw(documentMessage('<lesson>\n<p>unclosed\n</lesson>', 7));
    await fresh.page.waitForSelector(`${PREVIEW_ROOT}[data-version="7"]`);
    assert.match(await fresh.page.innerText(byPreviewId('errorBanner')), /Nothing to show until the XML can be read\./);
  });

  it('follows patches; refuses one after a gap or one that does not fit, keeping the last good render, and asks for the whole lesson once', async () => {
    const w = await openPreview(suite.open, VERBS);
    const edited = VERBS.replace('Practice', 'Practise');
    await w.pushRaw(patchMessage(VERBS, edited, 2));
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-version="2"]`);
    assert.equal((await texts(w, '[data-kind="heading"]'))[2], 'Practise');
    const blanks = await w.page.locator('[data-kind="blank"]').count();

    // Message 3 never arrived: a patch on it is refused, and so is the next one, asking only once.
    await w.pushRaw(patchMessage(edited, VERBS, 4, 3));
    await w.pushRaw(patchMessage(edited, VERBS, 5, 4));
    const [resync] = await w.waitForPosted('resync');
    assert.match(String(resync?.reason), /message 3/);
    // A hostile patch: a block nobody has, in the order.
    const hostile = patchMessage(edited, VERBS, 6, 2);
    if (hostile.type === 'lessonPatch') hostile.patch.order.push('#not-a-block');
    await w.pushRaw(hostile);
    // Messages are handled in order: once this malformed one is logged, the patches before it were seen.
    await w.pushRaw({ type: 'barrier' });
    await w.page.waitForFunction(() => window.__harness.posted.some((m) => /malformed/.test(String(m.message))));
    assert.equal((await w.postedOfType('resync')).length, 1);
    assert.equal(await w.page.getAttribute(PREVIEW_ROOT, 'data-version'), '2', 'the last good render stays');
    assert.equal((await texts(w, '[data-kind="heading"]'))[2], 'Practise');
    assert.equal(await w.page.locator('[data-kind="blank"]').count(), blanks);

    // The whole lesson the host answers with replaces it; patches on it apply again.
    await showDocument(w, VERBS, 7);
    await w.pushRaw(patchMessage(VERBS, edited, 8));
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-version="8"]`);
    const hostileAfter = patchMessage(VERBS, edited, 9, 8);
    if (hostileAfter.type === 'lessonPatch') hostileAfter.patch.order.unshift(hostileAfter.patch.order[0] ?? '');
    await w.pushRaw(hostileAfter);
    await w.waitForPosted('resync', 2);
    assert.equal(await w.page.getAttribute(PREVIEW_ROOT, 'data-version'), '8');
  });

  it('lines added above the blocks move them without drawing them again; a click then reveals the moved line', async () => {
    const w = await openPreview(suite.open, VERBS);
    const blocks = await w.page.locator('[data-block-line]').count();
    // Every change React makes to the lesson's DOM, as "attribute" or the kind of change.
    await w.page.evaluate((selector) => {
      const page = window;
      page.__changes = [];
      const observer = new page.MutationObserver((records) => {
        for (const record of records) page.__changes.push(record.type === 'attributes' ? String(record.attributeName) : record.type);
      });
      observer.observe(page.document.querySelector(selector) as Element, { subtree: true, attributes: true, childList: true, characterData: true });
    }, byPreviewId('lesson'));
    const moved = VERBS.replace(/<lesson[^>]*>/, (tag) => `${tag}\n\n`);
    await w.pushRaw(patchMessage(VERBS, moved, 2));
    await w.page.waitForSelector(`${PREVIEW_ROOT}[data-version="2"]`);
    const changes = await w.page.evaluate(() => window.__changes);
    assert.deepEqual(changes, Array<string>(blocks).fill('data-block-line'), 'only the line each block starts at changed');
    await w.clearPosted();
    await w.page.click('[data-kind="option"] >> nth=4');
    const [reveal] = await w.waitForPosted('reveal');
    assert.equal(reveal?.line, 38, 'two lines further down than before the edit');
  });

  it("lights up the agent's edit once its version is on screen, and scrolls to it", async () => {
    const w = await openPreview(suite.open, VERBS, { height: 500 });
    const added = VERBS.replace(
      '</lesson>',
      '  <exercise id="tf-new" type="true-false">\n    <statement answer="true">Nous parlons.</statement>\n  </exercise>\n</lesson>',
    );
    const firstNew = added.split('\n').findIndex((l) => l.includes('id="tf-new"')) + 1;
    // The highlight may arrive before the version it belongs to: it waits for it.
    await w.pushRaw({ type: 'agentEdit', version: 2, ranges: [{ from: firstNew, to: firstNew + 2 }] });
    await showDocument(w, added, 2);
    const lit = w.page.locator('[data-agent-edit]');
    await lit.first().waitFor();
    assert.deepEqual(await lit.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))), ['exercise'], 'the new exercise lights up whole');
    assert.equal(await w.page.getAttribute(PREVIEW_ROOT, 'data-highlighted'), `${firstNew}-${firstNew + 2}`);
    // Scrolled into view (the page is shorter than the lesson), then faded out after a few seconds.
    await w.page.waitForFunction(() => {
      const box = document.querySelector('[data-agent-edit]')?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= innerHeight);
    });
    await w.page.waitForFunction(() => document.querySelectorAll('[data-agent-edit]').length === 0, undefined, { timeout: 6000 });

    // A changed gap lights up the paragraph it sits in.
    const changedLine = VERBS.split('\n').findIndex((l) => l.includes('habites')) + 1;
    await w.pushRaw({ type: 'agentEdit', version: 3, ranges: [{ from: changedLine, to: changedLine }] });
    await showDocument(w, added.replace('answer="habites"', 'answer="habites" alts="habites-tu"'), 3);
    await w.page.waitForSelector('[data-agent-edit]');
    assert.deepEqual(await kindsAndLines(w, '[data-agent-edit]'), [`paragraph:${changedLine}`]);
  });

  it("with reduced motion, jumps to the agent's edit at once instead of scrolling smoothly, and does not flash it", async () => {
    const w = await openPreview(suite.open, VERBS, { height: 500 });
    await w.page.emulateMedia({ reducedMotion: 'reduce' });
    const added = VERBS.replace('</lesson>', '  <exercise id="tf-new" type="true-false">\n    <statement answer="true">Nous parlons.</statement>\n  </exercise>\n</lesson>');
    const firstNew = added.split('\n').findIndex((l) => l.includes('id="tf-new"')) + 1;
    await w.pushRaw({ type: 'agentEdit', version: 2, ranges: [{ from: firstNew, to: firstNew + 2 }] });
    await showDocument(w, added, 2);
    await w.page.locator('[data-agent-edit]').first().waitFor({ state: 'attached' });
    // No frame of smooth scrolling: in view as soon as it is lit.
    const shown = await w.page.evaluate(() => {
      const page = window;
      const box = page.document.querySelector('[data-agent-edit]')?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= page.innerHeight);
    });
    assert.equal(shown, true, 'in view at once');
    const animation = await w.page.evaluate(() => getComputedStyle(document.querySelector('[data-agent-edit]') as Element).animationName);
    assert.equal(animation, 'none', 'the highlight does not flash');
  });

  it("follows the editor's scroll: the element at the editor's first line goes to the top", async () => {
    const w = await openPreview(suite.open, WATER, { height: 400 });
    const line = WATER.split('\n').findIndex((l) => l.includes('id="sa-reading"')) + 1;
    await w.pushRaw({ type: 'scrollTo', line });
    await w.page.waitForFunction((l) => {
      const box = document.querySelector(`[data-block-line="${l}"] > [data-kind="exercise"]`)?.getBoundingClientRect();
      const top = document.querySelector('.preview-top')?.getBoundingClientRect().bottom ?? 0;
      return Boolean(box && Math.abs(box.top - top) < 12);
    }, line);
    assert.ok((await w.page.evaluate(() => scrollY)) > 0);
    await w.pushRaw({ type: 'scrollTo', line: 1 });
    await w.page.waitForFunction(() => scrollY === 0);
  });

  it('says when each version is on screen, and ignores malformed messages (logging them)', async () => {
    const w = await openPreview(suite.open, VERBS);
    await showDocument(w, VERBS.replace('Practice', 'Exercises'), 5);
    const rendered = await w.waitForPosted('rendered', 2);
    assert.deepEqual(rendered.map((m) => m.version), [1, 5]);
    assert.ok(rendered.every((m) => typeof m.ms === 'number' && m.ms >= 0));
    await w.pushRaw({ type: 'document', version: 'nine' });
    await w.pushRaw({ type: 'scrollTo', line: -3 });
    const logs = await w.waitForPosted('log', 2);
    assert.match(String(logs[0]?.message), /malformed/);
    assert.equal(await w.page.getAttribute(PREVIEW_ROOT, 'data-version'), '5');
  });

  for (const theme of ['light', 'hc'] as const) {
    it(`renders under the CSP in the ${theme} theme`, async () => {
      const w = await openPreview(suite.open, WATER, { theme });
      await w.page.click(byPreviewId('teacherView'));
      assert.equal(await w.page.locator('[data-kind="exercise"]').count(), 3);
    });
  }
});
