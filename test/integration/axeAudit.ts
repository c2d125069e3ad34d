// axe-core, the audit accessibility reviewers run, inside the real webviews of a real VS Code:
// its script is evaluated in the chat's or the preview's frame (through the UI driver, which the
// webview's CSP does not govern) and run against WCAG 2.0/2.1 A and AA rules. A finding is named
// by rule and element, so a failure says what to fix.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ui } from './driver';
import { EXTENSION_ID } from './helpers';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AuditResult {
  /** Rules that applied to this screen (passed, failed or needing review). */
  rulesApplied: number;
  violations: string[];
  /** Findings axe could not decide alone (e.g. text over a gradient); listed, not failed. */
  incomplete: string[];
}

let source: string | undefined;

function axeSource(): string {
  if (source === undefined) {
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    if (!root) throw new Error('the extension under test is not loaded');
    source = readFileSync(path.join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  }
  return source;
}

// Runs in the page; returns plain JSON. Only the given WCAG tags; the page is the whole webview.
const RUN = `(async () => {
  const r = await axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_AA)} }, resultTypes: ['violations', 'incomplete'] });
  const name = (v) => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ') + (v.nodes.length > 3 ? ' and ' + (v.nodes.length - 3) + ' more' : '') + ' (' + String(v.nodes[0] && v.nodes[0].failureSummary).replace(/\\s+/g, ' ').slice(0, 300) + ')';
  return { rulesApplied: r.passes.length + r.violations.length + r.incomplete.length, violations: r.violations.map(name), incomplete: r.incomplete.map(name) };
})()`;

// A webview's page is transparent: what shows through is the side bar (the chat) or the editor (the
// preview), which axe, inside the frame, cannot see; it would take white. The page's root is given
// that colour, read from the theme's variables, as the workbench draws it behind the frame.
const BACKDROP = {
  chat: 'var(--vscode-sideBar-background, var(--vscode-editor-background))',
  preview: 'var(--vscode-editor-background)',
};

/** Audits the chat webview (default) or the preview's as they are now. */
export async function audit(frame: 'chat' | 'preview' = 'chat'): Promise<AuditResult> {
  const loaded = await ui.evaluate(`typeof axe !== 'undefined'`, { frame });
  if (loaded !== true) await ui.evaluate(`${axeSource()};\ntrue`, { frame, timeout: 30_000 });
  await ui.evaluate(`document.documentElement.style.backgroundColor = ${JSON.stringify(BACKDROP[frame])}; true`, { frame });
  return (await ui.evaluate(RUN, { frame, timeout: 60_000 })) as AuditResult;
}
