// The session owner's working copy: the writable session, the marks of what changed in it since the
// last save (changes.ts) and the clock. The owner's transitions (turnLifecycle.ts, turnRecords.ts,
// editRecords.ts) change the session through it; a turn looked up or a message appended here is
// marked changed, so the next save cannot miss it. Only the owner's modules hold one: the owner
// alone holds the session's write lock (ownership.test.ts checks who imports this).
import { ChangeSet } from './changes';
import type { Session, StoredBlock, StoredMessage, TurnRecord } from './schema';

export interface OwnerClock {
  now(): number;
  newId(prefix: string): string;
}

export class SessionDraft {
  readonly changes = new ChangeSet();

  constructor(
    readonly session: Session,
    readonly clock: OwnerClock,
  ) {}

  /** The turn, about to be changed (every caller changes it). */
  turn(turnId: string): TurnRecord {
    const turn = this.session.turns.find((t) => t.id === turnId);
    if (!turn) throw new Error(`Turn ${turnId} is not in session ${this.session.id}.`);
    this.changes.turn(turn.id);
    return turn;
  }

  /** A new message at the end of the transcript. */
  append(turnId: string, role: StoredMessage['role'], content: StoredBlock[], extra: Partial<StoredMessage> = {}): StoredMessage {
    const message: StoredMessage = { id: this.clock.newId('msg'), role, content, createdAt: this.clock.now(), turnId, ...extra };
    this.session.messages.push(message);
    this.changes.message(message.id);
    return message;
  }
}
