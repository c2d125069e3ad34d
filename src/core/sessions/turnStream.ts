// How a turn's text and progress notes stream, said once. The loop streams a reply's blocks through
// a TurnStream as they arrive, and the replay (replay.ts) streams a stored turn's blocks through one
// to rebuild its events, so a reloaded panel shows the turn exactly as the live one did.

/** What separates two blocks of one turn's text (or of one note), in the events and so in the view. */
export const TEXT_BLOCK_SEPARATOR = '\n\n';

/** Where a stream stands: taken before a model call, put back when that call is tried again. */
export interface StreamMark {
  readonly hasText: boolean;
  readonly noteAtStep: number | undefined;
}

export class TurnStream {
  private shown = false;
  /** The step count the latest progress note was written at (a new block then joins it). */
  private noteAt: number | undefined;

  /** True once the turn has streamed some text. */
  get hasText(): boolean {
    return this.shown;
  }

  /** A text delta as it is sent: a block that opens after earlier text starts after a blank line. */
  text(delta: string, opensBlock: boolean): string {
    const text = opensBlock && this.shown ? TEXT_BLOCK_SEPARATOR + delta : delta;
    this.shown = true;
    return text;
  }

  /**
   * A notes delta as it is sent, `steps` being the tool calls the turn has started: notes written at
   * the same step join one note, a blank line between their blocks.
   */
  thinking(delta: string, opensBlock: boolean, steps: number): string {
    const text = opensBlock && this.noteAt === steps ? TEXT_BLOCK_SEPARATOR + delta : delta;
    this.noteAt = steps;
    return text;
  }

  mark(): StreamMark {
    return { hasText: this.shown, noteAtStep: this.noteAt };
  }

  restore(mark: StreamMark): void {
    this.shown = mark.hasText;
    this.noteAt = mark.noteAtStep;
  }
}
