// What a screen reader gets, read from Chromium's accessibility tree (the devtools protocol's
// Accessibility domain), not from attributes in the source: a streamed reply is announced politely
// when it starts and ends, never token by token; the steps and the progress notes are reachable
// and named; a question card is announced with its question and how many are left; the cost line,
// the demo label and a confirmation card have names.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CONFIRMATION, THREE_QUESTIONS, TurnEvents, narratedTurn, sessionFrom } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { previewSuite } from '../../webview/suite';
import { TEST_IDS } from '../../../webview-ui/src/testIds';

interface AXValue {
  value?: unknown;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: Array<{ name: string; value: AXValue }>;
  childIds?: string[];
}

class Tree {
  private readonly byId = new Map<string, AXNode>();
  constructor(readonly nodes: AXNode[]) {
    for (const n of nodes) this.byId.set(n.nodeId, n);
  }

  static async of(page: Page): Promise<Tree> {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Accessibility.enable');
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
      return new Tree(nodes);
    } finally {
      await cdp.detach();
    }
  }

  /** Nodes a screen reader sees (not ignored) with this role and a name matching `name`. */
  all(role: string, name?: RegExp): AXNode[] {
    return this.nodes.filter((n) => !n.ignored && n.role?.value === role && (name === undefined || name.test(String(n.name?.value ?? ''))));
  }

  one(role: string, name: RegExp): AXNode {
    const found = this.all(role, name);
    assert.equal(found.length, 1, `one ${role} named ${name}; the tree has: ${this.summary(role)}`);
    return found[0] as AXNode;
  }

  /** The text a screen reader reads inside a node, in order. */
  text(node: AXNode): string {
    const parts: string[] = [];
    const walk = (n: AXNode): void => {
      // An ignored node (a plain span) is not read itself, but what is inside it is.
      if (!n.ignored && n.role?.value === 'StaticText') parts.push(String(n.name?.value ?? ''));
      for (const id of n.childIds ?? []) {
        const child = this.byId.get(id);
        if (child) walk(child);
      }
    };
    walk(node);
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  }

  summary(role: string): string {
    return this.all(role).map((n) => JSON.stringify(n.name?.value ?? '')).join(', ') || 'none';
  }
}

function prop(node: AXNode, name: string): unknown {
  return node.properties?.find((p) => p.name === name)?.value.value;
}

/** Every change of text in the page's live regions (polite or assertive), as the page saw them. */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = window;
    g.__announced = [];
    const live = '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]';
    let last = '';
    const seen = (): void => {
      const now = Array.from(g.document.querySelectorAll(live))
        .map((el) => (el.textContent ?? '').trim())
        .filter(Boolean)
        .join(' | ');
      if (now !== last) g.__announced.push(now);
      last = now;
    };
    seen();
    new g.MutationObserver(seen).observe(g.document.body, { subtree: true, childList: true, characterData: true });
  });
}

describe('webview: what a screen reader gets (the accessibility tree)', function () {
  this.timeout(60_000);
  const suite = previewSuite();

  it('announces a streamed reply politely when it starts and when it ends, never token by token', async () => {
    const start = new TurnEvents('t1').start('Write a short story with three verbs');
    const w = await suite.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    await recordAnnouncements(w.page);
    await host.emit(...start.events);
    const words = 'Once upon a time a teacher asked for three verbs and the story used them all'.split(' ');
    for (const word of words) await host.emit(...new TurnEvents('t1').text(`${word} `).events);
    await host.emit(...new TurnEvents('t1').done().events);
    await w.page.waitForSelector('[data-testid="message"][data-role="assistant"][data-status="done"], [data-testid="message"][data-status="done"]');

    const tree = await Tree.of(w.page);
    const log = tree.all('log');
    assert.equal(log.length, 1, 'the conversation is one log');
    // A log is polite by default; this one says off (Chromium then leaves the property out).
    assert.ok(!['polite', 'assertive'].includes(String(prop(log[0] as AXNode, 'live'))), 'the log itself is not read as it grows');
    const status = tree.all('status').filter((n) => prop(n, 'live') === 'polite');
    assert.ok(status.length >= 1, `a polite status region: ${tree.summary('status')}`);

    const announced = (await w.page.evaluate(() => window.__announced)).filter(Boolean);
    assert.ok(announced.length <= 3, `a few announcements, not one per piece of text: ${JSON.stringify(announced)}`);
    for (const word of ['upon', 'teacher', 'story']) assert.ok(!announced.some((a) => a.includes(word)), `the reply's words are not announced as they stream: ${JSON.stringify(announced)}`);
    assert.match(announced.join(' / '), /replying/i);
    assert.match(announced.at(-1) ?? '', /Reply complete/);
  });

  it('names the steps and keeps them and the progress notes reachable, folded or open', async () => {
    const done = narratedTurn();
    const w = await suite.openWith(sessionFrom(done.events), done.events.length);
    const folded = await Tree.of(w.page);
    const toggle = folded.one('button', /^Done \(2 steps\)/);
    assert.equal(prop(toggle, 'expanded'), false);
    await w.page.click(`[data-testid="${TEST_IDS.stepsToggle}"]`);
    await w.page.waitForSelector(`[data-testid="${TEST_IDS.steps}"][data-expanded="true"]`);
    const open = await Tree.of(w.page);
    assert.equal(prop(open.one('button', /^Done \(2 steps\)/), 'expanded'), true);
    const list = open.one('list', /^Steps$/);
    const items = open.all('listitem').filter((n) => (list.childIds ?? []).includes(n.nodeId));
    const read = items.map((n) => open.text(n));
    assert.equal(items.length, 4, `two steps and two progress notes: ${JSON.stringify(read)}`);
    assert.match(read[0] ?? '', /present-tense -er verbs at A2/, 'the first progress note');
    assert.match(read[1] ?? '', /Checking the “Fill in the blanks” rules/);
    assert.match(read[3] ?? '', /Editing document/);
    // Each step says how it went, in words (its icon's label), not only by its colour.
    const images = open.all('image', /^done$/);
    assert.ok(images.length >= 2, `each finished step reads "done": ${open.summary('image')}`);
  });

  it('announces a question card with its question and how many are left', async () => {
    const asks = new TurnEvents('t1').start('Add an exercise').text('Some questions first:').question('q1', THREE_QUESTIONS).done('awaiting_user');
    const w = await suite.openWith(sessionFrom(asks.events), asks.events.length);
    await w.page.waitForSelector(`[data-testid="${TEST_IDS.questionCard}"][data-status="pending"]`);
    const tree = await Tree.of(w.page);
    tree.one('region', /^Question 1 of 3,? Which kind of exercise should I add\?$/);
    const group = tree.one('radiogroup', /Which kind of exercise should I add\?/);
    assert.ok(group);
    for (const label of ['Fill in the blanks', 'Multiple choice', 'True or false']) tree.one('radio', new RegExp(`^${label}`));
  });

  it('names the cost of a reply, the demo label and a confirmation card', async () => {
    const done = narratedTurn();
    const w = await suite.openWith(sessionFrom(done.events), done.events.length, { demo: true });
    const tree = await Tree.of(w.page);
    assert.ok(tree.all('StaticText', /^Cost: \$0\.02/).length === 1, `the cost line is read: ${tree.summary('StaticText').slice(0, 600)}`);
    assert.ok(tree.all('StaticText', /^Offline demo: scripted replies, not Claude$/).length === 1, 'the demo label is read in words');

    const risky = new TurnEvents('t1').start('Start over').confirmation('c1', CONFIRMATION).done('awaiting_user');
    const c = await suite.openWith(sessionFrom(risky.events), risky.events.length);
    await c.page.waitForSelector(`[data-testid="${TEST_IDS.confirmationCard}"][data-status="pending"]`);
    const cards = await Tree.of(c.page);
    const card = cards.one('region', /Remove most of the lesson\?/);
    assert.match(cards.text(card), /Approve[\s\S]*|Deny/);
    cards.one('button', /^Approve/);
    cards.one('button', /^Deny/);
  });
});
