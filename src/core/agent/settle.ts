// What a session just opened may have been left with, settled by what its document holds: an edit
// journalled before it landed (applied or not), a restore journalled before the lesson changed
// (finished or dropped), a turn a crash left running (stopped), and the edits the teacher undid or
// redid in the editor while the session was closed (recorded so).
import type { DocumentAccess } from '../documents/types';
import { settleRewind } from '../rewind/finish';
import type { SessionOwner } from '../sessions/owner';
import { presenceChanges } from '../sessions/presence';
import { editOutcome } from '../sessions/recovery';
import type { LogLevel } from './context';

/** Settles `owner`'s session; true when something changed (the caller saves). */
export async function settleSession(owner: SessionOwner, document: DocumentAccess | undefined, log: (level: LogLevel, message: string) => void): Promise<boolean> {
  let changed = false;
  const current = await document?.read().then(
    (snapshot) => snapshot.text,
    () => undefined,
  );
  for (const edit of owner.session.edits.filter((e) => e.status === 'planned')) {
    // An unreadable document cannot say: the edit stays planned until it can.
    if (current === undefined || edit.documentUri !== document?.uri) continue;
    const outcome = editOutcome(edit, current);
    owner.settleEdit(edit.id, outcome);
    log('warn', `Session ${owner.id}: an edit interrupted by a crash was found ${outcome === 'applied' ? 'applied' : 'not applied'}.`);
    changed = true;
  }
  const rewound = settleRewind(owner, owner.session.restoring?.documentUri === document?.uri ? current : undefined);
  if (rewound) {
    log('warn', `Session ${owner.id}: a restore interrupted by a crash was ${rewound === 'finished' ? 'finished (the lesson had changed)' : 'dropped (the lesson had not changed)'}.`);
    changed = true;
  }
  if (owner.settleStaleTurns()) {
    log('warn', `Session ${owner.id}: a turn left running was settled as stopped.`);
    changed = true;
  }
  if (current !== undefined && document) {
    // Undone or redone in the editor while the session was closed: the panel shows it as it is.
    const seen = presenceChanges(owner.session, document.uri, current);
    if (seen.length > 0) owner.observeEdits(seen);
    changed ||= seen.length > 0;
  }
  return changed;
}
