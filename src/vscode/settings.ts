// The lessonAgent.* settings, read fresh on every turn so changes apply without a reload. Names,
// bounds, choices and defaults are the core's (core/settings.ts), the CLI's too: a missing or invalid
// value falls back to the default, a number out of range is brought within it (and the log says so,
// in the CLI's words for the same limit).
import * as vscode from 'vscode';
import {
  clampSetting,
  DEFAULT_SETTINGS,
  NUMBER_SETTINGS,
  numberSettingProblem,
  SETTING_NAMES,
  settingsInputSchema,
  type AgentSettings,
  type NumberKey,
  type SettingKey,
} from '../core/settings';

export const SECTION = 'lessonAgent';

export function readSettings(): AgentSettings & { baseUrl: string } {
  const c = vscode.workspace.getConfiguration(SECTION);
  const d = DEFAULT_SETTINGS;
  const raw = (key: SettingKey) => c.get<unknown>(SETTING_NAMES[key]);
  const number = (key: Parameters<typeof clampSetting>[0]) => clampSetting(key, raw(key));
  const choices = settingsInputSchema.shape;
  const text = (key: SettingKey) => { const v = raw(key); return typeof v === 'string' ? v.trim() : undefined; };
  const alwaysConfirm = raw('alwaysConfirm');
  return {
    model: text('model') || d.model,
    baseUrl: text('baseUrl') ?? '',
    maxSteps: number('maxSteps'),
    historyLength: number('historyLength'),
    largeDocumentChars: number('largeDocumentChars'),
    maxTokens: number('maxTokens'),
    effort: choices.effort.catch(d.effort).parse(raw('effort')),
    stallTimeoutMs: number('stallTimeoutMs'),
    responseTimeoutMs: number('responseTimeoutMs'),
    maxDocumentBytes: number('maxDocumentBytes'),
    approvalEdits: choices.approvalEdits.catch(d.approvalEdits).parse(raw('approvalEdits')),
    alwaysConfirm: (Array.isArray(alwaysConfirm) ? alwaysConfirm : []).filter((x): x is string => typeof x === 'string'),
  };
}

/** The number settings set out of range, in the words the CLI uses for its flags, and what is used meanwhile. */
export function settingProblems(): string[] {
  const c = vscode.workspace.getConfiguration(SECTION);
  return (Object.keys(NUMBER_SETTINGS) as NumberKey[]).flatMap((key) => {
    const value = c.get<unknown>(SETTING_NAMES[key]);
    const problem = numberSettingProblem(key, value, `${SECTION}.${SETTING_NAMES[key]}`);
    return problem ? [`${problem} ${clampSetting(key, value) / NUMBER_SETTINGS[key].scale} is used until it is changed.`] : [];
  });
}

/** Logs the settings set out of range: at start, and when one changes. */
export function reportSettingProblems(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const report = () => {
    for (const problem of settingProblems()) log.warn(problem);
  };
  report();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) report();
    }),
  );
}
