// What the session owner changed since its last save, as the journal's typed change records. Each
// transition marks what it touched; a save turns the marks into records of the current state
// (messages with the index they were inserted at, in order, so replaying them rebuilds the list).
import type { SessionChange } from './journal';
import type { Session } from './schema';

export class ChangeSet {
  private readonly messages = new Set<string>();
  private readonly turns = new Set<string>();
  private readonly calls = new Set<string>();
  private readonly edits = new Set<string>();
  /** Existing user messages whose document attachments changed. */
  private readonly attached = new Set<string>();
  /** Existing user messages whose notices changed. */
  private readonly noticed = new Set<string>();
  private pendingChanged = false;
  /** 'window': the frame was made anew with the same system prompt, tools and skills. */
  private frameChanged: false | 'window' | 'whole' = false;
  private thinkingChanged = false;
  private titleChanged = false;
  private documentChanged = false;
  private redoChanged = false;
  private restoringChanged = false;
  /** The main line moved (a part set aside, a branch brought back), in order: replayed before the rest. */
  private readonly lineMoves: SessionChange[] = [];

  message(id: string): void {
    this.messages.add(id);
  }

  turn(id: string): void {
    this.turns.add(id);
  }

  call(id: string): void {
    this.calls.add(id);
  }

  edit(id: string): void {
    this.edits.add(id);
  }

  attachments(messageId: string): void {
    this.attached.add(messageId);
  }

  notices(messageId: string): void {
    this.noticed.add(messageId);
  }

  pending(): void {
    this.pendingChanged = true;
  }

  frame(what: 'window' | 'whole'): void {
    if (this.frameChanged !== 'whole') this.frameChanged = what;
  }

  thinking(): void {
    this.thinkingChanged = true;
  }

  title(): void {
    this.titleChanged = true;
  }

  document(): void {
    this.documentChanged = true;
  }

  redo(): void {
    this.redoChanged = true;
  }

  restoring(): void {
    this.restoringChanged = true;
  }

  /** A part of the main line set aside, or a branch brought back: recorded as it is now (a copy). */
  line(move: Extract<SessionChange, { op: 'setAside' | 'bringBack' }>): void {
    this.lineMoves.push(structuredClone(move));
  }

  /** Messages were added since the last save (their records would be replayed after a line move). */
  get addedMessages(): boolean {
    return this.messages.size > 0;
  }

  get empty(): boolean {
    return (
      this.messages.size + this.turns.size + this.calls.size + this.edits.size + this.attached.size + this.noticed.size === 0 &&
      !this.pendingChanged &&
      !this.frameChanged &&
      !this.thinkingChanged &&
      !this.titleChanged &&
      !this.documentChanged &&
      !this.redoChanged &&
      !this.restoringChanged &&
      this.lineMoves.length === 0
    );
  }

  /**
   * The records for everything marked, then cleared. They refer to the session's own objects: the
   * store serialises them at once, before anything else can change them.
   */
  take(session: Session): SessionChange[] {
    // The line moves first: the messages inserted after them are counted on the line they left.
    const out: SessionChange[] = [...this.lineMoves, ...this.insertedMessages(session)];
    for (const id of this.attached) {
      // A message inserted in this checkpoint already carries its attachments.
      const message = this.messages.has(id) ? undefined : session.messages.find((m) => m.id === id);
      if (message) out.push({ op: 'attachments', messageId: id, document: message.document ?? null });
    }
    for (const id of this.noticed) {
      const message = this.messages.has(id) ? undefined : session.messages.find((m) => m.id === id);
      if (message) out.push({ op: 'notices', messageId: id, notices: message.notices ?? [] });
    }
    const frame = session.frame;
    // A frame dropped (a restore past a cut) is journalled as null: the next request makes one.
    if (this.frameChanged === 'whole') out.push({ op: 'frame', frame: frame ?? null });
    if (this.frameChanged === 'window' && frame) {
      out.push({
        op: 'window',
        window: { start: frame.start, madeAt: frame.madeAt, ...(frame.carriedUntil ? { carriedUntil: frame.carriedUntil } : {}), ...(frame.madeIn ? { madeIn: frame.madeIn } : {}) },
      });
    }
    if (this.thinkingChanged) out.push({ op: 'thinking', thinking: session.thinking ?? {} });
    for (const id of this.turns) {
      const turn = session.turns.find((t) => t.id === id);
      if (turn) out.push({ op: 'turn', turn });
    }
    for (const id of this.calls) {
      const call = session.toolCalls[id];
      if (call) out.push({ op: 'toolCall', call });
    }
    for (const id of this.edits) {
      const edit = session.edits.find((e) => e.id === id);
      if (edit) out.push({ op: 'edit', edit });
    }
    if (this.pendingChanged) out.push({ op: 'pending', pending: session.pending ?? null });
    if (this.titleChanged) out.push({ op: 'title', title: session.title });
    if (this.documentChanged && session.document) out.push({ op: 'document', document: session.document });
    if (this.redoChanged) out.push({ op: 'redo', redo: session.redo ?? null });
    if (this.restoringChanged) out.push({ op: 'restoring', restoring: session.restoring ?? null });
    this.clear();
    return out;
  }

  private clear(): void {
    this.messages.clear();
    this.turns.clear();
    this.calls.clear();
    this.edits.clear();
    this.attached.clear();
    this.noticed.clear();
    this.lineMoves.length = 0;
    this.pendingChanged = this.titleChanged = this.documentChanged = this.frameChanged = this.thinkingChanged = false;
    this.redoChanged = this.restoringChanged = false;
  }

  /** New messages in ascending order of where they now stand; found from the end, where appends are. */
  private insertedMessages(session: Session): SessionChange[] {
    const found: SessionChange[] = [];
    for (let i = session.messages.length - 1; i >= 0 && found.length < this.messages.size; i--) {
      const message = session.messages[i];
      if (message && this.messages.has(message.id)) found.push({ op: 'message', index: i, message });
    }
    return found.reverse();
  }
}
