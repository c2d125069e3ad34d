// The lessonAgent.* settings, read fresh on every turn so changes apply without a reload. Names,
// bounds, choices and defaults are the core's (core/settings.ts), the CLI's too: a missing or invalid
// value falls back to the default, a number out of range is brought within it.
import * as vscode from 'vscode';
import { clampSetting, DEFAULT_SETTINGS, SETTING_NAMES, settingsInputSchema, type AgentSettings, type SettingKey } from '../core/settings';

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
