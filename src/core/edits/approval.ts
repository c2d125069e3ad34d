// When an edit asks the user first (setting lessonAgent.approval.edits): never, always, or only
// when it is "large", that is when it removes more than a quarter of the document. Removal is
// measured on the minimal edits, so reformatting one paragraph of a long lesson is not "large"
// while replacing most of it is.
import { editStats } from '../documents/diff';
import type { TextEdit } from '../documents/types';
import type { ToolSettings } from '../tools/types';
import { l10n } from '../../shared/l10n';

export const LARGE_REMOVAL_SHARE = 0.25;

export type ApprovalDecision = { readonly needed: false } | { readonly needed: true; readonly reason: string };

function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 100);
}

export function editApproval(tool: string, settings: ToolSettings, before: string, edits: readonly TextEdit[]): ApprovalDecision {
  if (settings.alwaysConfirm.includes(tool)) {
    return { needed: true, reason: l10n.t('Your settings ask for approval before this tool runs.') };
  }
  if (settings.approvalEdits === 'never') return { needed: false };
  if (settings.approvalEdits === 'always') return { needed: true, reason: l10n.t('Your settings ask for approval before every edit.') };
  const { removed } = editStats(edits);
  if (before.length === 0 || removed <= before.length * LARGE_REMOVAL_SHARE) return { needed: false };
  return {
    needed: true,
    // A share a teacher can picture; the character counts are ours, not theirs.
    reason: l10n.t('This edit removes or rewrites {0}% of the document.', percent(removed, before.length)),
  };
}
