// What run.ts asks of a route (offline.ts: code-server + headless Chromium; electron.ts: desktop
// VS Code over CDP): load the workbench with the tests once per pass, and say how the pass ended.
import type { Page } from 'playwright-core';

export interface RouteOptions {
  dirs: { data: string; logs: string };
  /** The workspace the workbench opens (a copy of samples/). */
  folder: string;
  /** The extension host's environment: the UI driver's URL, where to write results... */
  env: Record<string, string>;
}

/** How a pass ended: the exit code the test run reported, or why there is none. */
export type PhaseOutcome = { code: number; error?: undefined } | { error: string; code?: undefined };

/** A second browser tab on the same folder (code-server only: ui.openSecondTab). */
export interface SecondTab {
  open(): Promise<void>;
  close(): Promise<void>;
  page(): Page | undefined;
}

export interface Route {
  name: string;
  describe(): string;
  /** The workbench page of the tab running the tests, once it is open. */
  page(): Page | undefined;
  secondTab?: SecondTab;
  /**
   * Loads (phase 1) or reloads (later phases) the workbench; resolves when the tests settle. With
   * `newProfile`, the window is closed first (its extension host, `hostPid`, must stop) and the
   * workbench opened in a new browser profile.
   */
  runPhase(phase: number, options?: { newProfile?: { hostPid: number } }): Promise<PhaseOutcome>;
  /**
   * The display language of the workbench the next pass loads (`fr`, `de`): a fresh workbench in
   * that language. Routes that cannot change it leave it out, and the harness runs no language pass.
   */
  setDisplayLanguage?(locale: string): void;
  stop(): Promise<void>;
  /** Where to look when a run fails. */
  logs: string[];
}
