// The focus ring shows in every theme, measured on the pixels: for each control Tab reaches (a
// finished reply with its steps open, its edit's Review and Revert, the input and Send; a question
// card; a confirmation card), the area around it is photographed without the focus and with it,
// and the pixels that changed by at least 3:1 in contrast (WCAG's measure of a focus indicator)
// must go round the control: at least its perimeter's length. A ring drawn in the colour of the
// border already there, or clipped by a scrolling list, fails with the control named.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { CONFIRMATION, THREE_QUESTIONS, TurnEvents, finishedTurn, sessionFrom } from '../../webview/fixtures';
import { repoRoot } from '../../webview/harness';
import type { ThemeName } from '../../webview/themes';
import { previewSuite } from '../../webview/suite';
import { TEST_IDS } from '../../../webview-ui/src/testIds';

const THEMES: ThemeName[] = ['dark', 'light', 'hc'];
/** How far outside a control its ring may be drawn (outline width and offset, with room). */
const MARGIN = 4;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Target {
  name: string;
  box: Box;
}

/** What Tab has put the focus on; undefined once it has left the Tab order (the page, or what only the panel focuses). */
async function active(page: Page): Promise<Target | undefined> {
  return page.evaluate(() => {
    const doc = document;
    const el = doc.activeElement;
    if (!el || el === doc.body || el.getAttribute('tabindex') === '-1') return undefined;
    const r = el.getBoundingClientRect();
    const own = el.getAttribute('data-testid');
    const id = own ?? `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} in ${el.closest('[data-testid]')?.getAttribute('data-testid') ?? 'the page'}`;
    const label = el.getAttribute('aria-label') ?? el.getAttribute('data-label') ?? '';
    return { name: `${id}${label ? ` "${label}"` : ''}`, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  });
}

function luminance(data: Buffer, i: number): number {
  const channel = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(data[i] ?? 0) + 0.7152 * channel(data[i + 1] ?? 0) + 0.0722 * channel(data[i + 2] ?? 0);
}

/**
 * How much of each side of the control the ring covers: for the top, bottom, left and right edge,
 * the share of its length where some pixel near the edge (within MARGIN either side) changed by at
 * least 3:1 between the two pictures of the area around it. `at` is the area's place on the page.
 */
function ringCover(before: Buffer, after: Buffer, box: Box, at: Box): { top: number; bottom: number; left: number; right: number } {
  const a = PNG.sync.read(before);
  const b = PNG.sync.read(after);
  const changed = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= a.width || y >= a.height) return false;
    const i = (y * a.width + x) * 4;
    const [hi, lo] = [luminance(a.data, i), luminance(b.data, i)].sort((p, q) => q - p) as [number, number];
    return (hi + 0.05) / (lo + 0.05) >= 3;
  };
  const left = Math.round(box.x - at.x);
  const top = Math.round(box.y - at.y);
  const right = Math.round(box.x + box.width - at.x) - 1;
  const bottom = Math.round(box.y + box.height - at.y) - 1;
  const share = (from: number, to: number, hit: (p: number) => boolean): number => {
    let n = 0;
    for (let p = from; p <= to; p++) if (hit(p)) n++;
    return to >= from ? n / (to - from + 1) : 0;
  };
  const near = (edge: number, p: number, horizontal: boolean): boolean => {
    for (let d = -MARGIN; d <= MARGIN; d++) if (horizontal ? changed(p, edge + d) : changed(edge + d, p)) return true;
    return false;
  };
  return {
    top: share(left, right, (x) => near(top, x, true)),
    bottom: share(left, right, (x) => near(bottom, x, true)),
    left: share(top, bottom, (y) => near(left, y, false)),
    right: share(top, bottom, (y) => near(right, y, false)),
  };
}

/** A ring goes round the control: at least half of each side (rounded corners take the rest). */
const ROUND = 0.5;

/** Puts the place Tab starts from at the top of the panel (its root, focusable for this only). */
async function startAtTop(page: Page): Promise<void> {
  await page.evaluate((root) => {
    const el = document.querySelector<HTMLElement>(root);
    el?.setAttribute('tabindex', '-1');
    el?.focus();
  }, `[data-testid="${TEST_IDS.root}"]`);
}

/** Waits until the focus is inside `selector` (a card that focuses one of its controls itself). */
async function focusSettledIn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const active = document.activeElement;
    return active !== null && active !== document.body && document.querySelector(sel)?.contains(active) === true;
  }, selector);
}

/** Walks the panel with Tab from the top; for each control, how its ring goes round it. */
async function measureRings(page: Page, scene: string, theme: ThemeName, selfFocused?: string): Promise<string[]> {
  // A card that takes the focus itself is done so before the walk starts (else it would take it mid-walk).
  if (selfFocused) await page.waitForFunction((sel) => {
    const doc = document;
    return doc.activeElement !== null && doc.activeElement === doc.querySelector(sel);
  }, selfFocused);
  const viewport = page.viewportSize() ?? { width: 420, height: 720 };
  const clip = (b: Box): Box => {
    const x = Math.max(0, Math.floor(b.x - MARGIN));
    const y = Math.max(0, Math.floor(b.y - MARGIN));
    return { x, y, width: Math.min(viewport.width - x, Math.ceil(b.width + 2 * MARGIN)), height: Math.min(viewport.height - y, Math.ceil(b.height + 2 * MARGIN)) };
  };
  // First every control's place and its picture without the focus, then each with it.
  const targets: Target[] = [];
  await startAtTop(page);
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const now = await active(page);
    if (!now || targets.some((t) => t.name === now.name && t.box.y === now.box.y)) break;
    targets.push(now);
  }
  if (process.env.RING_DEBUG) console.log(scene, theme, targets.map((t) => `${t.name} ${Math.round(t.box.y)}`));
  assert.ok(targets.length >= 3, `Tab reaches the controls of ${scene}: ${targets.map((t) => t.name).join(', ')}`);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  const plain = [];
  for (const t of targets) plain.push(await page.screenshot({ clip: clip(t.box), animations: 'disabled' }));
  const faults: string[] = [];
  await startAtTop(page);
  const shots = join(repoRoot(), '.test-artifacts', 'webview', 'focus-rings');
  mkdirSync(shots, { recursive: true });
  for (const [i, t] of targets.entries()) {
    await page.keyboard.press('Tab');
    const now = await active(page);
    assert.equal(now?.name, t.name, `the same Tab order the second time round (${scene}, ${theme}): ${targets.map((x) => x.name).join(', ')}`);
    const area = clip(t.box);
    const focused = await page.screenshot({ clip: area, animations: 'disabled' });
    const cover = ringCover(plain[i] as Buffer, focused, t.box, area);
    const thin = Object.entries(cover).filter(([, v]) => v < ROUND);
    if (thin.length > 0) {
      faults.push(`${scene}, ${theme}: ${t.name}: the ring is missing on the ${thin.map(([side, v]) => `${side} (${Math.round(v * 100)}%)`).join(', ')}`);
      writeFileSync(join(shots, `${scene}-${theme}-${i}-plain.png`), plain[i] as Buffer);
      writeFileSync(join(shots, `${scene}-${theme}-${i}-focused.png`), focused);
    }
  }
  if (selfFocused) faults.push(...(await measureSelfFocused(page, scene, theme, selfFocused, clip)));
  return faults;
}

/** The ring of what the panel focuses itself (the confirmation card), after a key was pressed. */
async function measureSelfFocused(page: Page, scene: string, theme: ThemeName, selector: string, clip: (b: Box) => Box): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is on the page`);
  const area = clip(box);
  const plain = await page.screenshot({ clip: area, animations: 'disabled' });
  await page.keyboard.press('Tab');
  await page.evaluate((sel) => document.querySelector<HTMLElement>(sel)?.focus(), selector);
  const focused = await page.screenshot({ clip: area, animations: 'disabled' });
  const thin = Object.entries(ringCover(plain, focused, box, area)).filter(([, v]) => v < ROUND);
  if (thin.length === 0) return [];
  const shots = join(repoRoot(), '.test-artifacts', 'webview', 'focus-rings');
  writeFileSync(join(shots, `${scene}-${theme}-self-plain.png`), plain);
  writeFileSync(join(shots, `${scene}-${theme}-self-focused.png`), focused);
  return [`${scene}, ${theme}: ${selector} (focused by the panel): the ring is missing on the ${thin.map(([side, v]) => `${side} (${Math.round(v * 100)}%)`).join(', ')}`];
}

describe('webview: the focus ring shows in every theme (measured on the pixels)', function () {
  this.timeout(120_000);
  const suite = previewSuite();

  for (const theme of THEMES) {
    it(`a finished reply, a question card and a confirmation card, in ${theme}`, async () => {
      const faults: string[] = [];
      const done = finishedTurn();
      const reply = await suite.openWith(sessionFrom(done.events), done.events.length, {}, { theme, height: 1400 });
      await reply.page.click(`[data-testid="${TEST_IDS.stepsToggle}"]`);
      await reply.page.fill(`[data-testid="${TEST_IDS.input}"]`, 'A draft');
      faults.push(...(await measureRings(reply.page, 'reply', theme)));

      const asks = new TurnEvents('t1').start('Add an exercise').text('One question first:').question('q1', THREE_QUESTIONS).done('awaiting_user');
      const question = await suite.openWith(sessionFrom(asks.events), asks.events.length, {}, { theme, height: 1400 });
      await question.page.waitForSelector(`[data-testid="${TEST_IDS.questionCard}"][data-status="pending"]`);
      // The card moves the focus to its first answer itself, a few frames after it shows: the walk
      // starts after that, else the card takes the focus mid-walk.
      await focusSettledIn(question.page, `[data-testid="${TEST_IDS.questionCard}"]`);
      faults.push(...(await measureRings(question.page, 'question', theme)));

      const risky = new TurnEvents('t1').start('Start over').confirmation('c1', CONFIRMATION).done('awaiting_user');
      const confirm = await suite.openWith(sessionFrom(risky.events), risky.events.length, {}, { theme, height: 1400 });
      await confirm.page.waitForSelector(`[data-testid="${TEST_IDS.confirmationCard}"][data-status="pending"]`);
      faults.push(...(await measureRings(confirm.page, 'confirmation', theme, `[data-testid="${TEST_IDS.confirmationCard}"]`)));
      assert.deepEqual(faults, []);
    });
  }
});
