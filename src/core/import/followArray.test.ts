/**
 * Follow mode on a JSON array while it is written (audit R12-3): its `]` comes last, so until then
 * the array is torn. What is said of that torn end is provisional: once the `]` is written the
 * followed log shows the diagnostics a fresh open of the file shows, none left from the torn phase.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';

const enc = new TextEncoder();

/** The 60-event sample as a JSON array, one element per line (as a tool streaming an array writes it). */
function arrayText(): string {
  const jsonl = readFileSync('../shared/samples/dsh/cordis-tool-round.jsonl', 'utf8');
  const lines = jsonl.split('\n').filter((l) => l.trim() !== '');
  return `[\n${lines.join(',\n')}\n]\n`;
}

const diagnosticsOf = (log: SessionLog) =>
  log.diagnostics.items.map(({ code, message, line, seq, droppedBytes }) => ({
    code,
    message,
    line,
    seq,
    droppedBytes,
  }));

function opened(text: string): SessionLog {
  const log = new SessionLog();
  log.push(enc.encode(text));
  log.end();
  return log;
}

/** Followed: the text written in `pieces` (cut at these offsets), a checkpoint after each. */
function followed(text: string, cuts: number[]): SessionLog {
  const log = new SessionLog();
  let from = 0;
  for (const to of [...cuts, text.length]) {
    log.push(enc.encode(text.slice(from, to)));
    log.checkpoint();
    from = to;
  }
  return log;
}

describe('a JSON array followed while it is written', () => {
  it('once its ] is written, shows the diagnostics of a fresh open: nothing stale from the torn phase', () => {
    const text = arrayText();
    const close = text.lastIndexOf(']');
    // pieces ending inside an element (a line being written) and after whole elements, then the ]
    const cuts = [Math.floor(close / 3), Math.floor(close / 2) + 7, close];
    const log = followed(text, cuts);
    const fresh = opened(text);
    expect(log.eventCount).toBe(fresh.eventCount);
    expect(log.diagnostics.items.some((d) => d.code === 'torn-tail')).toBe(false);
    log.end();
    expect(diagnosticsOf(log)).toEqual(diagnosticsOf(fresh));
  });

  it('a followed array that ends torn says so when it ends, as a fresh open of it does', () => {
    const text = arrayText();
    const last = text.lastIndexOf(',\n') + 2;
    // cut inside its last element; and after a whole line (all read at the last checkpoint already)
    for (const torn of [text.slice(0, last + 30), text.slice(0, last)]) {
      const log = followed(torn, [Math.floor(torn.length / 2)]);
      expect(log.diagnostics.items.some((d) => d.code === 'torn-tail')).toBe(false); // not while it may grow
      log.end();
      const fresh = opened(torn);
      expect(diagnosticsOf(log)).toEqual(diagnosticsOf(fresh));
      expect(diagnosticsOf(log).filter((d) => d.code === 'torn-tail')).toHaveLength(1);
    }
  });
});
