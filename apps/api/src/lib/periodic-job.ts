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

  /**
   * `{ now: true }`: a first run at once (a process started after a boundary must not wait a period),
   * which `stop()` waits for like any other, so a shutdown never closes the database under it.
   */
  start({ now = false }: { now?: boolean } = {}): void {
    if (this.timer || this.intervalMs <= 0) return;
    if (now) this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .catch((err: unknown) => this.log.error({ err }, this.failureMessage))
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
