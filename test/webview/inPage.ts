// Types for code that runs inside the page (page.evaluate, waitForFunction). The Node test
// program has no DOM lib on purpose, so that src/core and src/shared cannot lean on it; callbacks
// reach the page's globals through `globalThis as unknown as InPage` instead.

export interface InPageElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly attributes: ArrayLike<{ readonly name: string }>;
  readonly disabled?: boolean;
  readonly value?: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): InPageElement | null;
  querySelectorAll(selector: string): ArrayLike<InPageElement>;
  closest(selector: string): InPageElement | null;
  checkVisibility(options?: { visibilityProperty?: boolean }): boolean;
}

export interface HarnessGlobals {
  posted: Array<{ type: string; [key: string]: unknown }>;
  violations: string[];
  errors: string[];
  push(message: unknown): void;
}

export interface InPage {
  document: {
    querySelector(selector: string): InPageElement | null;
    readonly activeElement: InPageElement | null;
  };
  requestAnimationFrame(callback: () => void): number;
  __harness: HarnessGlobals;
  __pwned?: number;
}
