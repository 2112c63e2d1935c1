/**
 * The loading progress the page sees: a `progress` push with the counts read so far, and a
 * `diagnostics` push only when the diagnostics changed since the last one (the panel's per-code
 * counts update as they grow, without a push per slice).
 */
import type { LoadedLog } from './loadedLog';
import type { Push } from './protocol';

export class ProgressPosts {
  /** The diagnostics version last pushed, per load. */
  private pushedDiagnostics = { loadId: -1, version: -1 };

  constructor(private readonly push: (p: Push) => void) {}

  post(c: LoadedLog): void {
    const s = c.log;
    s.ingest();
    const rows = c.rows.info(c.rows.rowsWhileLoading());
    const elapsedMs = performance.now() - s.startedAt;
    this.push({
      kind: 'progress',
      loadId: s.loadId,
      name: s.name,
      bytes: s.log.bytesIn,
      totalBytes: s.totalBytes,
      decodedBytes: s.log.bytesDecoded,
      events: s.eventCount,
      rate: elapsedMs > 0 ? (s.log.bytesIn / elapsedMs) * 1000 : 0,
      elapsedMs,
      ...rows,
      diagnostics: s.diagnosticCounts(),
    });
    const pushed = this.pushedDiagnostics;
    if (pushed.loadId !== s.loadId || pushed.version !== s.diag.version) {
      this.pushedDiagnostics = { loadId: s.loadId, version: s.diag.version };
      this.push({
        kind: 'diagnostics',
        loadId: s.loadId,
        counts: s.diagnosticCounts(),
        codes: s.diag.codes(),
      });
    }
  }
}
