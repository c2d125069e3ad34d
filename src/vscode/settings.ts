// The lessonAgent.* settings, read fresh on every turn so changes apply without a reload. Bounds,
// choices and defaults are the core's (settings.ts), the CLI's too: a missing or invalid value
// falls back to the default, a number out of range is brought within it.
import * as vscode from 'vscode';
import { clampSetting, DEFAULT_SETTINGS, NUMBER_SETTINGS, settingsInputSchema, type AgentSettings } from '../core/settings';

export const SECTION = 'lessonAgent';

export function readSettings(): AgentSettings & { baseUrl: string } {
  const c = vscode.workspace.getConfiguration(SECTION);
  const d = DEFAULT_SETTINGS;
  const number = (key: keyof typeof NUMBER_SETTINGS) => clampSetting(key, c.get<unknown>(NUMBER_SETTINGS[key].setting));
  const choices = settingsInputSchema.shape;
  return {
    model: c.get<string>('model')?.trim() || d.model,
    baseUrl: c.get<string>('baseUrl')?.trim() ?? '',
    maxSteps: number('maxSteps'),
    historyLength: number('historyLength'),
    largeDocumentChars: number('largeDocumentChars'),
    maxTokens: number('maxTokens'),
    effort: choices.effort.catch(d.effort).parse(c.get<unknown>('effort')),
    stallTimeoutMs: number('stallTimeoutMs'),
    responseTimeoutMs: number('responseTimeoutMs'),
    maxDocumentBytes: number('maxDocumentBytes'),
    approvalEdits: choices.approvalEdits.catch(d.approvalEdits).parse(c.get<unknown>('approval.edits')),
    alwaysConfirm: (c.get<unknown[]>('approval.alwaysConfirm') ?? []).filter((x): x is string => typeof x === 'string'),
  };
}
