/** The logger shape the jobs need (pino's). */
type ErrorLog = { error(obj: object, msg: string): void };

/**
 * A background job run every `intervalMs` (0 or less: never), one run at a time: a tick that comes
 * while the previous run is still going is skipped. `stop()` waits for a run in progress, so a
 * shutdown never cuts a half-done batch. The timer does not keep the process alive.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: ErrorLog,
    private readonly failureMessage: string,
  ) {}

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((err: unknown) => this.log.error({ err }, this.failureMessage))
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
