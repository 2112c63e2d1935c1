/**
 * Progress of an index run: a bar redrawn in place on a terminal, or one JSON
 * object per line (`{"event":"progress",...}`) for a program reading stdout.
 */
import { formatBytes } from '../../core/view/byteSize';
export interface ProgressState {
  total: number;
  done: number;
  skipped: number;
  failed: number;
  bytes: number;
  totalBytes: number;
}

export interface Progress {
  update(state: ProgressState): void;
  finish(state: ProgressState, extra: Record<string, unknown>): void;
}

const INTERVAL_MS = 200;

/** Neither a terminal nor --json: only the closing summary line. */
export const silentProgress: Progress = { update() {}, finish() {} };

export function terminalProgress(write: (s: string) => void, width = 30): Progress {
  let last = 0;
  let shown = false;
  const started = Date.now();
  const draw = (s: ProgressState) => {
    const frac = s.total === 0 ? 1 : s.done / s.total;
    const full = Math.round(frac * width);
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? s.done / secs : 0;
    const eta = rate > 0 && s.done < s.total ? ` eta ${Math.ceil((s.total - s.done) / rate)} s` : '';
    write(
      `\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${s.done}/${s.total} logs` +
        ` (${s.skipped} unchanged) ${formatBytes(s.bytes)}/${formatBytes(s.totalBytes)} ${rate.toFixed(1)} logs/s${eta}\x1b[K`,
    );
    shown = true;
  };
  return {
    update(s) {
      const now = Date.now();
      if (now - last < INTERVAL_MS) return;
      last = now;
      draw(s);
    },
    finish(s) {
      draw(s);
      if (shown) write('\n');
    },
  };
}

export function jsonProgress(write: (s: string) => void): Progress {
  let last = 0;
  return {
    update(s) {
      const now = Date.now();
      if (now - last < INTERVAL_MS && s.done < s.total) return;
      last = now;
      write(JSON.stringify({ event: 'progress', ...s }) + '\n');
    },
    finish(s, extra) {
      write(JSON.stringify({ event: 'done', ...s, ...extra }) + '\n');
    },
  };
}
