// The lessonAgent.* settings, read fresh on every turn so changes apply without a reload.
import * as vscode from 'vscode';
import type { AgentSettings } from '../core/agent/agent';
import { DEFAULT_MODEL } from '../core/agent/models';
import type { ApprovalRule } from '../core/tools/types';

export const SECTION = 'lessonAgent';

export function readSettings(): AgentSettings & { baseUrl: string } {
  const c = vscode.workspace.getConfiguration(SECTION);
  return {
    model: c.get<string>('model')?.trim() || DEFAULT_MODEL,
    baseUrl: c.get<string>('baseUrl')?.trim() ?? '',
    maxSteps: clamp(c.get<number>('maxSteps', 10), 1, 50),
    historyLength: clamp(c.get<number>('historyLength', 20), 2, 200),
    maxTokens: clamp(c.get<number>('maxTokens', 8192), 256, 128000),
    stallTimeoutMs: clamp(c.get<number>('stallTimeoutSeconds', 60), 5, 600) * 1000,
    approvalEdits: approvalRule(c.get<string>('approval.edits')),
    alwaysConfirm: (c.get<unknown[]>('approval.alwaysConfirm') ?? []).filter((x): x is string => typeof x === 'string'),
  };
}

function approvalRule(value: string | undefined): ApprovalRule {
  return value === 'never' || value === 'always' ? value : 'large';
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min;
}
