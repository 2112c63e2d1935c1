/**
 * A client's messages to its worker, held in order while a load's first frame is drawn. A log's
 * open waits for the page to render the frame that shows the new load (the panes mounted and laid
 * out from the start page): started at once, the worker's reading (its range workers and hashing
 * thread) took the cores from that layout, which then ran 3-5x its CPU time in wall time, and the
 * first timeline rows came 0.4-0.6 s after a 100 MB log was chosen there (0.21-0.26 s waiting).
 * What is asked after the open is held behind it, so the worker sees every request in order.
 */
export class SendGate<T> {
  private held: T[] | null = null;

  constructor(private readonly post: (message: T) => void) {}

  send(message: T): void {
    if (this.held) this.held.push(message);
    else this.post(message);
  }

  /**
   * Holds what is sent from now until the promise `release` gives settles; already holding, what
   * is sent queues behind, and `release` is not asked.
   */
  holdUntil(release: () => Promise<unknown>): void {
    if (this.held) return;
    const held: T[] = [];
    this.held = held;
    const flush = () => {
      if (this.held !== held) return; // dropped meanwhile (the worker restarted)
      this.held = null;
      for (const message of held) this.post(message);
    };
    release().then(flush, flush);
  }

  /** Forgets what is held (its worker is gone). */
  drop(): void {
    this.held = null;
  }
}
