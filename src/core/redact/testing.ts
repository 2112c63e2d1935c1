/**
 * Test helpers of the redaction tests: what a copy loads as, what of the secrets survives, a log of
 * tool results, Codex's call lines, and the checks many tests repeat (a log masked or kept whole, a
 * megabyte of near misses).
 */
import { expect } from 'vitest';
import { loadLogFromText } from '../log/load';
import { redactLogText, type RedactResult } from './redactLog';
import { createMasker } from './rules';

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

/**
 * A log of one tool result per output holds every secret, its redacted copy none, and the copy
 * loads as the same events. The redaction is returned for a test's further checks.
 */
export function masksAll(
  header: string,
  outputs: readonly unknown[],
  secrets: readonly string[],
): RedactResult {
  const log = toolResultLog(header, outputs);
  expect(survivors(log, secrets)).toEqual(secrets);
  const r = redactLogText(log);
  expect(survivors(r.text, secrets)).toEqual([]);
  expect(shape(r.text)).toEqual(shape(log));
  return r;
}

/** A log of one tool result per output is redacted to itself: nothing in it is masked. */
export function keepsAll(header: string, outputs: readonly unknown[]): void {
  const log = toolResultLog(header, outputs);
  expect(redactLogText(log).text).toBe(log);
}

/** The cases (each `%` replaced by `value`) one masker leaves `value` in: an empty list when it masks each. */
export function keptOf(value: string, cases: readonly string[]): string[] {
  const m = createMasker();
  return cases.filter((c) => m.mask(c.replaceAll('%', value)).includes(value));
}

/** The texts one masker changes: an empty list when it keeps each whole. */
export function changedOf(texts: readonly string[]): string[] {
  const m = createMasker();
  return texts.filter((text) => m.mask(text) !== text);
}

/**
 * Each near miss of some rule, built at a megabyte (`M` units), is masked by one masker to a text of
 * its length. What this guards is time: a rule gone quadratic takes minutes on a megabyte, far past
 * the test's timeout.
 */
export function stayLinear(nearMisses: (M: number) => readonly string[]): void {
  const m = createMasker();
  for (const s of nearMisses(1 << 20)) expect(m.mask(s)).toHaveLength(s.length);
}

/**
 * A Codex rollout's function call and its output, two lines: `shell` when the arguments are
 * `{ command: [...] }`, `exec_command` when they are `{ cmd }`.
 */
export function codexPair(
  args: { command: readonly string[] } | { cmd: string; workdir?: string },
  output: string,
  callId = 'call_1',
): [call: string, output: string] {
  const name = 'cmd' in args ? 'exec_command' : 'shell';
  return [
    JSON.stringify({
      type: 'response_item',
      payload: { type: 'function_call', name, call_id: callId, arguments: JSON.stringify(args) },
    }),
    JSON.stringify({
      type: 'response_item',
      payload: { type: 'function_call_output', call_id: callId, output },
    }),
  ];
}
