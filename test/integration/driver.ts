// The test-side client of the harness's UI driver (test/harness/uiDriver.ts): tests in the
// extension host read, click and type inside the real chat webview, and take screenshots, through
// a small HTTP endpoint whose URL the harness passes in LESSON_AGENT_UI_DRIVER.
//
// Continuity across a window reload: a test leaves state behind (a pending question, an open
// session) and calls `ui.reloadAfterTest('<title>')`. The run stops once that test is done; the
// harness reloads the window and runs the suite declared with `describeAfterReload('<title>',
// ...)`, then reloads again and runs the tests not reached yet. After-reload suites never run
// otherwise.
//
// Display languages: a suite declared with `describeInDisplayLanguage` runs only in the harness's
// language passes (displayLanguages.ts), once per language, in a workbench whose display language
// is that language; the English passes never see it.
import { PREVIEW_TEST_IDS } from '../../webview-ui/src/preview/previewTestIds';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import type { TestId } from '../../webview-ui/src/testIds';
import { languageMarker } from './displayLanguages';

export const AFTER_RELOAD_PREFIX = '[after reload]';
/** Where the index puts the harness's plan for this pass, for every test bundle to read. */
export const PLAN_ENV = 'LESSON_AGENT_TEST_PLAN';
/** Set once a test asked for a reload: the index stops the pass after that test. */
export const RELOAD_ENV = 'LESSON_AGENT_TEST_RELOAD_REQUESTED';

export interface RunPlan {
  /** 1 for the first pass, then one more per window reload. */
  phase: number;
  /** Full titles of the after-reload suites to run in this pass. */
  followUps: string[];
  /** Full titles of tests an earlier pass stopped before (a reload came first). */
  resume: string[];
  /** In a language pass: VS Code's display language (`fr`, `de`). */
  language?: string;
}

export type ElementState = 'attached' | 'detached' | 'visible' | 'hidden';

export interface TargetOptions {
  /** Only elements containing this text. */
  text?: string;
  /** The n-th match (0-based) when the selector matches several. */
  nth?: number;
  /** Milliseconds; the driver's default is 10 s. */
  timeout?: number;
  /**
   * The chat webview (default), the lesson preview's webview, an exported page shown in a tab, or
   * the workbench page around them.
   */
  frame?: 'chat' | 'preview' | 'page' | 'workbench';
  /** The tab running the tests (default), or the one `ui.openSecondTab` opened. */
  tab?: 'first' | 'second';
}

export interface WaitOptions extends TargetOptions {
  state?: ElementState;
}

interface DriverReply {
  ok: boolean;
  value?: unknown;
  error?: string;
  screenshot?: string;
}

const CHAT_ROOT = `[data-testid="${TEST_IDS.root}"]`;
/** The driver finds a webview's frame by its root element. */
const PREVIEW_ROOT = `[data-testid="${PREVIEW_TEST_IDS.root}"]`;
/** An exported printable page (lessonHtml.ts marks its body with the copy). */
const PAGE_ROOT = 'body.copy-student, body.copy-teacher';
const ROOTS = { chat: CHAT_ROOT, preview: PREVIEW_ROOT, page: PAGE_ROOT, workbench: CHAT_ROOT } as const;

/** `[data-testid="..."]` for one of the webview's stable test ids. */
export function byTestId(id: TestId): string {
  return `[data-testid="${id}"]`;
}

export function driverUrl(): string {
  const url = process.env.LESSON_AGENT_UI_DRIVER;
  if (!url) throw new Error('LESSON_AGENT_UI_DRIVER is not set: run integration tests with `npm run test:integration`.');
  return url;
}

function isReply(value: unknown): value is DriverReply {
  return typeof value === 'object' && value !== null && typeof (value as DriverReply).ok === 'boolean';
}

async function call(op: string, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${driverUrl()}/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ root: ROOTS[(body.frame as keyof typeof ROOTS | undefined) ?? 'chat'] ?? CHAT_ROOT, ...body }),
  });
  const reply: unknown = await response.json();
  if (!isReply(reply)) throw new Error(`UI driver answered ${response.status} with an unexpected body`);
  if (!reply.ok) {
    const where = reply.screenshot ? `\n(screenshot: ${reply.screenshot})` : '';
    throw new Error(`UI driver: ${reply.error ?? 'failed'}${where}`);
  }
  return reply.value;
}

function expect<T>(value: unknown, check: (v: unknown) => boolean, what: string): T {
  if (!check(value)) throw new Error(`UI driver returned ${JSON.stringify(value)}, expected ${what}`);
  return value as T;
}

const isString = (v: unknown) => typeof v === 'string';
const isNumber = (v: unknown) => typeof v === 'number';

export const ui = {
  /** Resolves once an element matches in `state` (default visible); returns how many match. */
  async waitFor(selector: string, options: WaitOptions = {}): Promise<number> {
    return expect<number>(await call('waitFor', { selector, ...options }), isNumber, 'a count');
  },
  async click(selector: string, options: TargetOptions = {}): Promise<void> {
    await call('click', { selector, ...options });
  },
  /** Replaces an input's value at once. */
  async fill(selector: string, value: string, options: TargetOptions = {}): Promise<void> {
    await call('fill', { selector, value, ...options });
  },
  /** Types key by key, as a user would. */
  async type(selector: string, value: string, options: TargetOptions = {}): Promise<void> {
    await call('type', { selector, value, ...options });
  },
  /** Presses a key (`Enter`, `Control+z`...) on an element, or on whatever has focus. */
  async press(key: string, options: TargetOptions & { selector?: string } = {}): Promise<void> {
    await call('press', { key, ...options });
  },
  async text(selector: string, options: TargetOptions = {}): Promise<string> {
    return expect<string>(await call('text', { selector, ...options }), isString, 'text');
  },
  async attribute(selector: string, name: string, options: TargetOptions = {}): Promise<string | null> {
    const value = await call('attribute', { selector, name, ...options });
    return expect<string | null>(value, (v) => v === null || isString(v), 'a string or null');
  },
  async count(selector: string, options: TargetOptions = {}): Promise<number> {
    return expect<number>(await call('count', { selector, ...options }), isNumber, 'a count');
  },
  /** Evaluates a small JavaScript expression in the webview (or workbench) and returns its JSON value. */
  async evaluate(expression: string, options: Pick<TargetOptions, 'frame' | 'timeout'> = {}): Promise<unknown> {
    return call('evaluate', { expression, ...options });
  },
  /** Saves a screenshot of the whole window under .test-artifacts; returns its path. */
  async screenshot(name: string, options: Pick<TargetOptions, 'tab'> = {}): Promise<string> {
    return expect<string>(await call('screenshot', { name, ...options }), isString, 'a path');
  },
  /**
   * Opens a second browser tab (same browser profile) on the same code-server and folder, as a
   * teacher opens one: its own workbench and extension host, running the extension under test but
   * no tests. Act in it with `{ tab: 'second' }`; close it with `closeSecondTab` (in a `finally`).
   * Not on the desktop route, which has no tabs.
   */
  async openSecondTab(): Promise<void> {
    await call('openSecondTab', {});
  },
  async closeSecondTab(): Promise<void> {
    await call('closeSecondTab', {});
  },
  /**
   * Asks for a window reload as soon as the calling test ends, followed by the suite declared
   * with `describeAfterReload(title, ...)`. Leave the state to check behind (e.g. a pending
   * question); the follow-up suite finds it after the reload.
   *
   * `newBrowserProfile`: the window is closed instead (its extension host stops) and the workbench
   * opened in a new browser profile, with none of the browser's storage, where VS Code for the web
   * keeps workspaceState. On the desktop route it is a relaunch, like any reload there.
   */
  async reloadAfterTest(title: string, options: { newBrowserProfile?: boolean } = {}): Promise<void> {
    const newProfile = options.newBrowserProfile ? { newProfile: { hostPid: process.pid } } : {};
    await call('reloadAfterTest', { suite: `${AFTER_RELOAD_PREFIX} ${title}`, ...newProfile });
    process.env[RELOAD_ENV] = '1';
  },
};

export function currentPlan(): RunPlan {
  const raw = process.env[PLAN_ENV];
  return raw ? (JSON.parse(raw) as RunPlan) : { phase: 1, followUps: [], resume: [] };
}

/** A suite that runs only after the window reload another test asked for with `reloadAfterTest`. */
export function describeAfterReload(title: string, fn: (this: Mocha.Suite) => void): void {
  const fullTitle = `${AFTER_RELOAD_PREFIX} ${title}`;
  if (currentPlan().followUps.includes(fullTitle)) describe(fullTitle, fn);
}

/**
 * A suite for the harness's language passes: in each, `[display language <lang>] <title>`, with
 * the pass's language given to `fn`. Not declared at all in the English passes.
 */
export function describeInDisplayLanguage(title: string, fn: (this: Mocha.Suite, language: string) => void): void {
  const language = currentPlan().language;
  if (language) {
    describe(`${languageMarker(language)} ${title}`, function () {
      fn.call(this, language);
    });
  }
}
