/**
 * `seqscope compare A B [--json]`: two runs side by side, steps aligned by
 * (turn, step), per-step tokens, durations and cost, and the first step whose
 * model input differs.
 */
import { totalInputTokens } from '../core/analysis/usage';
import { DEFAULT_PRICES } from '../core/cost/prices';
import { compareRuns, type AlignedStep } from '../core/diff/runs';
import type { StepMetrics } from '../core/metrics/steps';
import { formatDuration } from '../core/view/duration';
import { formatSeq } from '../core/view/seqText';
import { NO_VALUE } from '../core/view/noValue';
import { formatUsd } from '../core/view/usd';
import { loadFile } from './readInput';
import { hasSwitch, positionals, readArgs } from './args';
import { printJson, printable, type Write } from './terminalText';

export const COMPARE_USAGE =
  '  seqscope compare A B [--json]        two runs side by side: per-step tokens, durations and cost, and\n' +
  "                                       the first step where the model's input differs";

/** What "in" counts, said under the table: every input token, as the app's header and run comparison count them. */
export const IN_LEGEND = 'in: all input tokens (uncached + cache read + cache write); --json has each part';

/** Names of standard input: `-` and the device paths that read it too (each can be read once). */
const STDIN_NAMES = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

export async function runCompareCommand(argv: string[], out: Write, err: Write): Promise<number> {
  const args = readArgs(argv, { '--json': 'switch' });
  if (typeof args === 'string') {
    err(`seqscope: ${args}\n`);
    return 2;
  }
  const files = positionals(args);
  const json = hasSwitch(args, '--json');
  if (files.length !== 2) {
    err('seqscope: compare needs two log files, A and B\n');
    return 2;
  }
  if (files.filter((f) => STDIN_NAMES.has(f)).length > 1) {
    // standard input can be read once: B would be the empty rest of it (audit R20-6)
    err('seqscope: compare can read only one of A and B from standard input (-); give the other as a file\n');
    return 2;
  }
  const logs = [];
  for (const f of files) {
    const loaded = await loadFile(f);
    if (!loaded.ok) {
      err(`seqscope: ${loaded.message}\n`);
      return 2;
    }
    logs.push(loaded.log);
  }
  const [a, b] = logs as [(typeof logs)[0], (typeof logs)[0]];
  // a run with no events has no step to compare: saying "the same input at every step" would be
  // a comparison of nothing (audit R21-7)
  const empty = logs.findIndex((l) => l.eventCount === 0);
  if (empty >= 0) {
    err(
      `seqscope: ${empty === 0 ? 'A' : 'B'} (${printable(files[empty] as string)}) holds no events: nothing to compare\n`,
    );
    return 1;
  }
  const cmp = compareRuns(a, b, DEFAULT_PRICES);
  if (json) {
    const steps = cmp.steps.map((s) => ({ turn: s.turn, step: s.step, a: side(s.a), b: side(s.b) }));
    printJson({ firstDivergence: cmp.firstDivergence, steps }, out);
    return 0;
  }
  const d = cmp.firstDivergence;
  out(
    d
      ? `first divergence: turn ${d.turn} step ${d.step}: ${printable(d.reason)}` +
          ` (input at ${seqOrDash(d.a?.inputSeq)} in A, ${seqOrDash(d.b?.inputSeq)} in B)\n`
      : 'the model saw the same input at every step of both runs\n',
  );
  const header = ['turn', 'step', 'in A', 'in B', 'out A', 'out B', 'time A', 'time B', 'cost A', 'cost B'];
  const rows = cmp.steps.map(row);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] as string).length)));
  for (const r of [header, ...rows])
    out(r.map((cell, c) => cell.padStart(widths[c] as number)).join('  ') + '\n');
  out(`${IN_LEGEND}\n`);
  return 0;
}

function side(m: StepMetrics | undefined) {
  if (!m) return null;
  return {
    stepIndex: m.index,
    inputSeq: m.inputSeq,
    model: m.model ?? null,
    /** All input, the table's "in": the next three added. */
    totalInputTokens: m.usage ? totalInputTokens(m.usage) : null,
    /** Uncached input only (TokenUsage.inputTokens). */
    inputTokens: m.usage?.inputTokens ?? null,
    cacheReadTokens: m.usage?.cacheReadTokens ?? null,
    cacheWriteTokens: m.usage?.cacheWriteTokens ?? null,
    outputTokens: m.usage?.outputTokens ?? null,
    reasoningTokens: m.usage?.reasoningTokens ?? null,
    durationMs: m.durationMs ?? null,
    streamMs: m.streamMs ?? null,
    toolMs: m.toolMs ?? null,
    cost: m.cost,
  };
}

function row(s: AlignedStep): string[] {
  // The app's formats: a step's time and cost read as in its run comparison and header.
  const n = (v: number | undefined) => (v === undefined ? NO_VALUE : String(v));
  const input = (m: StepMetrics | undefined) => (m?.usage ? String(totalInputTokens(m.usage)) : NO_VALUE);
  const ms = (v: number | undefined) => (v === undefined ? NO_VALUE : formatDuration(v));
  const usd = (m: StepMetrics | undefined) => (m?.cost == null ? NO_VALUE : formatUsd(m.cost));
  return [
    String(s.turn),
    String(s.step),
    input(s.a),
    input(s.b),
    n(s.a?.usage?.outputTokens),
    n(s.b?.usage?.outputTokens),
    ms(s.a?.durationMs),
    ms(s.b?.durationMs),
    usd(s.a),
    usd(s.b),
  ];
}

/** A step's input seq, or "seq -" where that run has no such step. */
function seqOrDash(seq: number | null | undefined): string {
  return seq === null || seq === undefined ? 'seq -' : formatSeq(seq);
}
