/** Test helpers of the redaction tests: what a copy loads as, what of the secrets survives, a log of tool results. */
import { loadLogFromText } from '../log/load';
import { redactLogText } from './redactLog';

/** The events and error diagnostics a log loads as. */
export function shape(text: string): { events: string[]; errors: string[] } {
  const log = loadLogFromText(text);
  return {
    events: Array.from({ length: log.eventCount }, (_, s) => {
      const e = log.event(s);
      return `${e.seq}:${e.type}`;
    }),
    errors: log.diagnostics.items.filter((d) => d.severity === 'error').map((d) => d.code),
  };
}

/** What of the secrets survives in text. */
export function survivors(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((s) => text.includes(s));
}

/** A log of a header line and one tool result per output (a string, or any JSON value). */
export function toolResultLog(header: string, outputs: readonly unknown[]): string {
  return [
    header,
    ...outputs.map((output, i) =>
      JSON.stringify({
        type: 'tool/result',
        data: { turn: 1, step: 1, callId: `c${i}`, output },
        seq: i,
        time: i,
      }),
    ),
  ].join('\n');
}

/** The output of the tool result at seq in a log. */
export function outputAt(text: string, seq: number): unknown {
  return (loadLogFromText(text).event(seq).data as { output: unknown }).output;
}

/**
 * Each case's line (its `%` replaced by its secret) as the one tool result of its own log, so the
 * second pass cannot help; the lines whose secret survives redaction or whose copy loads as other
 * events. An empty list: every case masked, every copy the same log.
 */
export function unmaskedAlone(header: string, cases: readonly (readonly [string, string])[]): string[] {
  return cases.flatMap(([secret, line]) => {
    const log = toolResultLog(header, [line.replace('%', secret)]);
    const copy = redactLogText(log).text;
    const same = JSON.stringify(shape(copy)) === JSON.stringify(shape(log));
    return copy.includes(secret) || !same ? [line] : [];
  });
}
