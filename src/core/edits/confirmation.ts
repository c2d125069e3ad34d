// The confirmation card of a planned edit, built from the plan alone: its "before" is the text
// the plan was made on, its diff the plan's edits. What the teacher approves is what lands.
import { describeChange } from '../documents/changeWords';
import type { DocumentAccess } from '../documents/types';
import type { StudentWorkVerdict } from './studentWorkGuard';
import type { ConfirmationPlan } from '../tools/types';
import { plannedText, type PlannedEdit } from './plannedEdit';
import { l10n } from '../../shared/l10n';

type AskingVerdict = Extract<StudentWorkVerdict, { kind: 'confirm' }>;

/** "added an exercise" -> "Added an exercise." */
function sentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** The card for `plan`: why it asks (students' work, the approval rule), what it would do, and the diff. */
export function editConfirmation(document: DocumentAccess, plan: PlannedEdit, students: AskingVerdict | undefined, approvalReason: string | undefined): ConfirmationPlan {
  const before = plan.base.text;
  const after = plannedText(plan);
  const reasons = [students?.reason, approvalReason].filter((r): r is string => r !== undefined);
  return {
    request: {
      tool: plan.tool,
      // "Students' work" only when a student wrote something it changes (else the reason says what).
      title: students?.answers ? l10n.t("Change students' work in {0}?", document.name) : l10n.t('Edit {0}?', document.name),
      summary: plan.summary,
      reason: reasons.join(' '),
      // What it would do, in the teacher's words; Review changes shows the text itself.
      details: sentence(describeChange(before, after, document.kind, 'present')),
      ...(students && students.groups.length > 0 ? { studentWork: students.groups.map((g) => ({ place: g.place, changes: [...g.changes] })) } : {}),
      hasDiff: true,
    },
    proposal: { uri: document.uri, before, after },
  };
}
