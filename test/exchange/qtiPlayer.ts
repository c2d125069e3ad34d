// An independent QTI 3 player in headless Chromium: @citolab/qti-components renders an exported
// item and scores it with its own response processing. The player is GPL, so it is a test-only
// dependency: its browser build is read from node_modules and served to the page, never bundled
// into anything of ours (gplBoundary.test.ts checks the extension and the CLI).
//
// Students' actions are real ones: typing in a gap, picking from a gap's list, clicking an
// option, dragging lines into order, writing in a box. The item is created before it is added
// to the page: an item added empty and filled afterwards never loads.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, repoRoot } from '../webview/harness';

/** The kinds of interaction an export writes, as the player names its elements. */
export const INTERACTIONS = ['choice', 'text-entry', 'inline-choice', 'order', 'extended-text'] as const;
export type Interaction = (typeof INTERACTIONS)[number];

/** What a student does with an item: typed gaps, picked words, clicked options, an order, a text. */
export type Answer =
  | { readonly kind: 'text-entry'; readonly values: readonly string[] }
  | { readonly kind: 'inline-choice'; readonly values: readonly string[] }
  | { readonly kind: 'choice'; readonly labels: readonly string[] }
  | { readonly kind: 'order'; readonly labels: readonly string[] }
  | { readonly kind: 'extended-text'; readonly text: string };

export interface Scored {
  readonly score: number;
  readonly maxScore: number;
  /** The item's response variables as the player holds them. */
  readonly responses: Readonly<Record<string, string | readonly string[] | null>>;
}

/** A QTI item as the player makes it: a custom element with the player's API. */
interface PlayerElement extends HTMLElement {
  processResponse(): boolean;
  showCandidateCorrection(show: boolean): void;
  getOutcome(identifier: string): { value: string | string[] | null } | undefined;
  variables: ReadonlyArray<{ identifier: string; type: string; value: string | string[] | null }>;
}

const PLAYER = join('node_modules', '@citolab', 'qti-components');

function page(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8"><title>QTI player</title>
<link rel="stylesheet" href="/player/item.css">
<style>body { margin: 0; background: #fff; font-family: system-ui, sans-serif; } #stage { padding: 16px; width: fit-content; min-width: 560px; }</style>
<script src="/player/index.global.js"></script>
</head><body><div id="stage"></div></body></html>`;
}

function serve(): Promise<Server> {
  const root = join(repoRoot(), PLAYER);
  const files: Record<string, [string, string]> = {
    '/player/index.global.js': [join(root, 'cdn', 'index.global.js'), 'text/javascript'],
    '/player/item.css': [join(root, 'dist', 'item.css'), 'text/css'],
  };
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
    else if (file) res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A regular expression matching exactly this text, whatever the spaces around it. */
function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}\\s*$`);
}

export class QtiPlayer {
  private readonly errors: string[] = [];

  private constructor(
    private readonly server: Server,
    private readonly browser: Browser,
    readonly page: Page,
  ) {
    page.on('pageerror', (e) => this.errors.push(e.message));
  }

  static async start(): Promise<QtiPlayer> {
    const server = await serve();
    const browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 760, height: 600 }, deviceScaleFactor: 1 });
    const p = await context.newPage();
    await p.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await p.waitForFunction(() => typeof window.QtiComponents?.qtiTransformItem === 'function');
    return new QtiPlayer(server, browser, p);
  }

  /** Errors the page threw since the last call. */
  takeErrors(): string[] {
    return this.errors.splice(0);
  }

  /** Shows the item alone, fresh: created from its XML, then added to the page. */
  async render(xml: string): Promise<void> {
    await this.page.evaluate((source) => {
      const stage = document.getElementById('stage') as HTMLElement;
      stage.replaceChildren();
      stage.append(window.QtiComponents.qtiTransformItem().parse(source).htmlDoc());
    }, xml);
    await this.page.waitForFunction(() => {
      const item = document.querySelector('qti-assessment-item') as PlayerElement | null;
      return item !== null && Array.isArray(item.variables) && item.variables.length > 0;
    });
  }

  /** The interactions the player made of the item, in reading order. */
  async interactions(): Promise<string[]> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll('qti-item-body *')).map((e) => e.tagName.toLowerCase()).filter((n) => n.endsWith('-interaction')).map((n) => n.replace(/^qti-|-interaction$/g, '')),
    );
  }

  /** What a student reads in the item. */
  async text(): Promise<string> {
    return (await this.page.locator('qti-item-body').innerText()).replace(/\s+/g, ' ').trim();
  }

  private item(): Locator {
    return this.page.locator('qti-item-body');
  }

  async answer(answer: Answer): Promise<void> {
    switch (answer.kind) {
      case 'text-entry':
        for (const [i, value] of answer.values.entries()) {
          const input = this.item().locator('qti-text-entry-interaction').nth(i).locator('input');
          await input.fill(value);
          await input.press('Tab');
        }
        return;
      case 'inline-choice':
        for (const [i, value] of answer.values.entries()) {
          const gap = this.item().locator('qti-inline-choice-interaction').nth(i);
          await gap.locator('[part=trigger]').click();
          await gap.locator('qti-inline-choice').filter({ hasText: exactly(value) }).first().click();
        }
        return;
      case 'choice':
        for (const label of answer.labels) await this.item().locator('qti-simple-choice').filter({ hasText: exactly(label) }).first().click();
        return;
      case 'order':
        for (const [i, label] of answer.labels.entries()) {
          const line = this.item().locator('qti-order-interaction qti-simple-choice').filter({ hasText: exactly(label) }).first();
          await line.dragTo(this.item().locator('qti-order-interaction drop-list').nth(i));
        }
        return;
      case 'extended-text': {
        const box = this.item().locator('qti-extended-text-interaction textarea');
        await box.fill(answer.text);
        await box.press('Tab');
        return;
      }
    }
  }

  /** Runs the item's response processing in the player and reads the outcome. */
  async score(): Promise<Scored> {
    return this.page.evaluate(() => {
      const item = document.querySelector('qti-assessment-item') as PlayerElement;
      item.processResponse();
      const number = (id: string) => Number(item.getOutcome(id)?.value ?? Number.NaN);
      const responses = Object.fromEntries(item.variables.filter((v) => v.type === 'response' && v.identifier !== 'numAttempts').map((v) => [v.identifier, v.value]));
      return { score: number('SCORE'), maxScore: number('MAXSCORE'), responses };
    });
  }

  /** A picture of the item as the player shows it, once drags and menus have settled, with the player's own marking of the answer given. */
  async screenshot(path: string): Promise<void> {
    await this.page.evaluate(() => (document.querySelector('qti-assessment-item') as PlayerElement).showCandidateCorrection(true));
    await this.page.mouse.move(0, 0);
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await this.page.waitForTimeout(400);
    await this.page.locator('#stage').screenshot({ path, animations: 'disabled' });
  }

  async close(): Promise<void> {
    await this.browser.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
