// The lessonAgent.* settings, read fresh on every turn so changes apply without a reload. Missing
// or invalid values fall back to the core's DEFAULT_SETTINGS, the same defaults the CLI uses.
import * as vscode from 'vscode';
import { EFFORTS, type Effort } from '../core/agent/models';
import { DEFAULT_SETTINGS, type AgentSettings } from '../core/settings';
import type { ApprovalRule } from '../core/tools/types';

export const SECTION = 'lessonAgent';

export function readSettings(): AgentSettings & { baseUrl: string } {
  const c = vscode.workspace.getConfiguration(SECTION);
  const d = DEFAULT_SETTINGS;
  return {
    model: c.get<string>('model')?.trim() || d.model,
    baseUrl: c.get<string>('baseUrl')?.trim() ?? '',
    maxSteps: clamp(c.get<number>('maxSteps', d.maxSteps), 1, 50),
    historyLength: clamp(c.get<number>('historyLength', d.historyLength), 2, 200),
    largeDocumentChars: clamp(c.get<number>('largeDocumentCharacters', d.largeDocumentChars), 10_000, 2_000_000),
    maxTokens: clamp(c.get<number>('maxTokens', d.maxTokens), 256, 128_000),
    effort: effort(c.get<string>('effort')),
    stallTimeoutMs: clamp(c.get<number>('stallTimeoutSeconds', d.stallTimeoutMs / 1000), 5, 600) * 1000,
    responseTimeoutMs: clamp(c.get<number>('responseTimeoutSeconds', d.responseTimeoutMs / 1000), 5, 600) * 1000,
    maxDocumentBytes: clamp(c.get<number>('maxDocumentMegabytes', d.maxDocumentBytes / 1024 / 1024), 1, 100) * 1024 * 1024,
    approvalEdits: approvalRule(c.get<string>('approval.edits')),
    alwaysConfirm: (c.get<unknown[]>('approval.alwaysConfirm') ?? []).filter((x): x is string => typeof x === 'string'),
  };
}

function effort(value: string | undefined): Effort {
  return (EFFORTS as readonly string[]).includes(value ?? '') ? (value as Effort) : DEFAULT_SETTINGS.effort;
}

function approvalRule(value: string | undefined): ApprovalRule {
  return value === 'never' || value === 'always' || value === 'large' ? value : DEFAULT_SETTINGS.approvalEdits;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
}
