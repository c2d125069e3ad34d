// Globals the test pages add to `window`, for the code that runs inside them (page.evaluate,
// waitForFunction). Only test/tsconfig.json sees this file: it is the project with the DOM.

/** What the preview harness's stub (harness.ts, stubScript) keeps in the page. */
interface HarnessGlobals {
  /** What the webview posted to the host, oldest first. */
  posted: Array<{ type: string; [key: string]: unknown }>;
  /** CSP violations, as "directive blocked-URI". */
  violations: string[];
  /** Uncaught errors' messages. */
  errors: string[];
  /** Delivers a message to the webview as the host would post it. */
  push(message: unknown): void;
  /** Forgets what the webview kept with setState. */
  clearState(): void;
}

interface Window {
  __harness: HarnessGlobals;
  /** Set by a payload of the XSS corpus (xssCorpus.ts) that ran: it must stay unset. */
  __pwned?: number;
  /** The live regions' texts, each time they changed (a11yTree.test.ts records them). */
  __announced: string[];
  /** What each painted frame showed (previewOpening.test.ts records them). */
  __frames: string[];
  /** The changes made to the lesson's DOM (lessonPreview.test.ts records them). */
  __changes: string[];
  /** The QTI player's bundle, on the page test/exchange/qtiPlayer.ts serves. */
  QtiComponents: { qtiTransformItem(): { parse(xml: string): { htmlDoc(): Node } } };
}
