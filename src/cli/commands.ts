/** The CLI's commands, as functions of a loaded log and an output sink (testable without a process). */
import { requestInForceAt, requestJson } from '../core/harness/requestInForce';
import { resumeCheck } from '../core/harness/resumeCheck';
import type { SessionLog } from '../core/log/sessionLog';
import type { Row } from '../core/library/schema';
import type { Diagnostic, Message } from '../core/types';
import { FORMAT_LABELS, type SourceFormat } from '../core/import/formats';
import { formatDuration } from '../core/view/duration';
import { printJson, printable } from './terminalText';
import { JSON_ARRAY_VERDICT } from '../core/reader/jsonArray';
import { formatCount, formatSeq } from '../core/view/seqText';
import { DIAGNOSTICS_PER_CODE } from './readInput';

type Write = (s: string) => void;

/** Diagnostics that mean bytes or lines of the file were lost: derived messages may be incomplete. */
const DATA_LOSS = new Set<string>(['bad-compression', 'bad-json', 'torn-tail']);

export interface DeriveOptions {
  /** Add the request in force at each seq (spec section 4): `request` and, for old logs, `legacyMessagePrefix`. */
  withRequest?: boolean;
  /** Derive as if the harness had resumed the log (the synthetic repair events applied). */
  resume?: boolean;
}

export function runDerive(
  log: SessionLog,
  at: number[],
  out: Write,
  err: Write,
  file = 'FILE',
  options: DeriveOptions = {},
): number {
  const last = log.eventCount - 1;
  if (last < 0) {
    err('seqscope: the log has no events\n');
    return 2;
  }
  if (options.resume === true && at.length > 0) {
    err('seqscope: --resume derives at the end of the log, where the harness resumes it; it takes no --at\n');
    return 2;
  }
  const seqs = at.length > 0 ? at : [last];
  const bad = seqs.find((s) => s > last);
  if (bad !== undefined) {
    err(`seqscope: ${formatSeq(bad)} is beyond the last event (${last})\n`);
    return 2;
  }
  const result =
    options.resume === true
      ? [resumedEntry(log, options, err, file)]
      : seqs.map((seq) => {
          const entry: Record<string, unknown> = {
            seq,
            messages: log.messagesAt(seq).messages.map((m) => m.message),
          };
          if (options.withRequest === true) addRequest(entry, log, seq);
          return entry;
        });
  // Any depth (JSON.stringify overflows the stack on ~10 000 levels), written as it goes.
  printJson(result, out);
  // The JSON is still printed, but once, on stderr, say that it may miss what the file lost.
  const lost = log.diagnostics.items.filter((d) => DATA_LOSS.has(d.code));
  const errors = lost.filter((d) => d.severity === 'error').length;
  if (errors > 0)
    err(`seqscope: warning: ${plural(errors, 'error diagnostic')} (run \`seqscope check ${file}\`)\n`);
  else if (lost.length > 0)
    err(`seqscope: warning: the last line is torn (run \`seqscope check ${file}\`)\n`);
  return 0;
}

/** `request` (exactly {config, system?, tools?, adapterDefaults?, seq}, or null) and a legacy prefix. */
function addRequest(entry: Record<string, unknown>, log: SessionLog, seq: number): void {
  const request = seq >= 0 ? requestInForceAt(log, seq) : null;
  entry.request = request === null ? null : requestJson(request);
  if (request?.legacyMessagePrefix !== undefined) entry.legacyMessagePrefix = request.legacyMessagePrefix;
}

/** The messages of the next request after the harness resumed: the kept history plus its synthetic results. */
function resumedEntry(
  log: SessionLog,
  options: DeriveOptions,
  err: Write,
  file: string,
): Record<string, unknown> {
  const check = resumeCheck(log);
  const kept = check.lastKeptSeq;
  const messages: Message[] = kept >= 0 ? log.messagesAt(kept).messages.map((m) => m.message) : [];
  for (const e of check.repair) if (e.type === 'tool/result') messages.push(e.data.message);
  const entry: Record<string, unknown> = {
    seq: check.repair.at(-1)?.seq ?? kept,
    messages,
    synthetic: check.repair,
  };
  if (options.withRequest === true) addRequest(entry, log, kept);
  if (check.refusals.length > 0)
    err(
      `seqscope: warning: the harness would refuse to resume this log (${plural(check.refusals.length, 'reason')}; run \`seqscope check ${file}\`)\n`,
    );
  return entry;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** Human-mode `check` lists at most this many diagnostics (--json has them all). */
export const CHECK_TABLE_ROWS = 50;

/** Diagnostics in file order: log-wide ones first, then by line (an event's line when it has a seq). */
export function orderedDiagnostics(log: SessionLog): Diagnostic[] {
  const pos = (d: Diagnostic) =>
    d.line ?? (d.seq !== undefined && d.seq < log.eventCount ? log.lineOf(d.seq) : -1);
  return log.diagnostics.items
    .map((d, i) => ({ d, i, p: pos(d) }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.d);
}

export function runCheck(log: SessionLog, json: boolean, out: Write): number {
  const diags = orderedDiagnostics(log);
  const { error, warning, info } = log.diagnostics.counts;
  const format = log.sourceFormat ?? 'seqscope';
  const verdict = notALog(log, diags);
  if (json) {
    printJson(
      {
        format,
        events: log.eventCount,
        diagnostics: diags,
        ...(omittedCount(log) > 0 ? { diagnosticsNotKept: log.diagnostics.omitted } : {}),
        ...(verdict !== undefined ? { notASessionLog: verdict } : {}),
      },
      out,
    );
  } else {
    out(`format: ${FORMAT_LABELS[format]}\n`);
    const rows = diags
      .slice(0, CHECK_TABLE_ROWS)
      .map((d) => [
        d.severity,
        d.code,
        d.seq !== undefined ? formatSeq(d.seq) : d.line !== undefined ? `line ${d.line}` : '-',
        printable(d.message),
      ]);
    const widths = [0, 1, 2].map((c) => Math.max(0, ...rows.map((r) => (r[c] as string).length)));
    for (const r of rows)
      out(r.map((cell, c) => (c < 3 ? cell.padEnd(widths[c] as number) : cell)).join('  ') + '\n');
    if (diags.length > rows.length) out(`${moreByCode(diags.slice(rows.length))} (use --json for all)\n`);
    const notKept = Object.entries(log.diagnostics.omitted).map(([code, n]) => `${code} ${formatCount(n)}`);
    if (notKept.length > 0)
      out(
        `and ${formatCount(omittedCount(log))} more counted but not kept (${notKept.join(', ')}): the CLI keeps the first ${formatCount(DIAGNOSTICS_PER_CODE)} of each code\n`,
      );
    out(
      `${plural(log.eventCount, 'event')}: ${plural(error, 'error')}, ${plural(warning, 'warning')}, ${info} info\n`,
    );
    const refused = diags.filter((d) => d.code === 'resume-refused').length;
    const repair = diags.find((d) => d.code === 'resume-repair');
    if (refused > 0)
      out(`resume: the harness would refuse this log (${plural(refused, 'reason')}, listed above)\n`);
    else if (repair !== undefined)
      out(`resume: the harness would repair the open turn first (see resume-repair)\n`);
    if (verdict !== undefined) out(`not a session log: ${verdict}\n`);
  }
  // A file that is no log fails the check, even when its one line is only a torn tail (a warning):
  // a CI gate must not pass a saved HTML error page (audit R19-5).
  return error > 0 || verdict !== undefined ? 1 : 0;
}

/** Diagnostics counted but not kept (DIAGNOSTICS_PER_CODE). */
function omittedCount(log: SessionLog): number {
  return Object.values(log.diagnostics.omitted).reduce((a, b) => a + b, 0);
}

/** Why nothing of the log parsed at all (a JSON array, a binary or other non-JSONL file), if so. */
function notALog(log: SessionLog, diags: readonly Diagnostic[]): string | undefined {
  if (log.eventCount > 0) return undefined;
  const array = diags.find((d) => d.message.includes(JSON_ARRAY_VERDICT))?.message;
  if (array !== undefined) return array.slice(array.indexOf(JSON_ARRAY_VERDICT));
  const unread = (code: string) => code === 'bad-json' || code === 'torn-tail';
  if (
    diags.length > 0 &&
    diags.every((d) => unread(d.code)) &&
    Object.keys(log.diagnostics.omitted).every(unread)
  )
    return `none of its ${plural(diags.length + omittedCount(log), 'line')} parses as JSON (a binary or non-text file?)`;
  // an empty file passes no gate either: a log cut to 0 bytes, a wrong path redirected (audit R19-6)
  if (diags.length === 0 && log.sessionHeader === undefined && log.metas.length === 0)
    return log.bytesDecoded === 0
      ? 'it is empty (0 bytes): nothing to check'
      : 'it holds only blank lines: nothing to check';
  return undefined;
}

/**
 * The diagnostics past the table, counted by code (most first): a line as long as the
 * catalogue at most, whatever the log holds.
 */
function moreByCode(rest: readonly Diagnostic[]): string {
  const byCode = new Map<string, number>();
  for (const d of rest) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
  const counts = [...byCode]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${code} ${formatCount(n)}`);
  return `… and ${formatCount(rest.length)} more: ${counts.join(', ')}`;
}

/** A format's name for people (core/import/formats.ts), or the raw value when unknown. */
function formatLabel(format: unknown): string {
  const f = String(format);
  return f in FORMAT_LABELS ? FORMAT_LABELS[f as SourceFormat] : f;
}

/**
 * `stats`: the log's sessions row of the library (core/library/sessionRecord.ts), so `stats`
 * and `index` print the same figures; --json prints the whole row.
 */
export function runStats(session: Row, json: boolean, out: Write): number {
  if (json) {
    printJson(session, out);
    return 0;
  }
  const n = (k: string) => String(session[k] ?? 0);
  const duration = session.duration_ms;
  const lines: [string, string][] = [
    ['events', n('events')],
    ['turns', n('turns')],
    ['error turns', n('error_turns')],
    ['steps', n('steps')],
    [
      'model calls',
      session.model_calls === null ? `not recorded by ${formatLabel(session.format)}` : n('model_calls'),
    ],
    ['failed attempts', n('failed_attempts')],
    ['tool calls', n('tool_calls')],
    ['tool errors', n('tool_errors')],
    ['compactions', n('compactions')],
    ['errors (diagnostics)', n('errors')],
    ['warnings (diagnostics)', n('warnings')],
    ['input tokens', n('input_tokens')],
    ['output tokens', n('output_tokens')],
    ['cache read tokens', n('cache_read_tokens')],
    ['reasoning tokens', n('reasoning_tokens')],
    ['wall time', typeof duration === 'number' ? formatDuration(duration) : 'unknown (no times)'],
  ];
  const w = Math.max(...lines.map(([k]) => k.length));
  for (const [k, v] of lines) out(`${k.padEnd(w)}  ${v}\n`);
  return 0;
}
