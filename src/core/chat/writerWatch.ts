// While the open session is read-only because another window or the command line writes it: a
// check now and then whether that writer has finished, so the panel can open it again, writable.

export interface WriterWatchDeps {
  /** Is someone else still writing the session? */
  busy(sessionId: string): Promise<boolean>;
  /** Is this session still the one on screen? */
  showing(sessionId: string): boolean;
  /** The writer has finished: open the session again, fresh from its journal. */
  free(sessionId: string): Promise<void>;
  /** How often to check (ms). */
  everyMs: number;
}

export class WriterWatch {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: WriterWatchDeps) {}

  /** Watches `sessionId` (undefined: stops watching). */
  watch(sessionId: string | undefined): void {
    this.stop();
    if (!sessionId) return;
    let checking = false;
    const timer = setInterval(() => {
      if (checking) return;
      checking = true;
      void (async () => {
        try {
          if (!this.deps.showing(sessionId)) return this.stop();
          if (await this.deps.busy(sessionId).catch(() => true)) return;
          this.stop();
          await this.deps.free(sessionId);
        } finally {
          checking = false;
        }
      })();
    }, this.deps.everyMs);
    timer.unref?.();
    this.timer = timer;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
