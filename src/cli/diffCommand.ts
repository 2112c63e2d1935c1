/**
 * `seqscope diff FILE --from A --to B [--json]`: how the model's input changed
 * between two seqs. --json prints
 *   {"from": A, "to": B, "removed": [{"seq","role"}], "added": [{"seq","role"}],
 *    "changed": [{"from","to"}], "request": {...changes...}}
 */
import { diffHistories, type DiffRow } from '../core/diff/history';
import type { RequestChanges } from '../core/diff/request';
import { diffWasCut, type TextPart } from '../core/diff/textDiff';
import { hasSwitch, lastNumber, positionals, readArgs, SEQ, type OptionTable } from './args';
import { loadFile } from './readInput';
import { printJson, printable, type Write } from './terminalText';
import { formatSeq } from '../core/view/seqText';

export const DIFF_USAGE =
  '  seqscope diff FILE --from A --to B [--json]\n' +
  "                                       how the model's input (messages and request) changed from seq A to B";

interface DiffArgs {
  file: string;
  from: number;
  to: number;
  json: boolean;
}

const DIFF_OPTIONS: OptionTable = { '--from': SEQ, '--to': SEQ, '--json': 'switch' };

function parse(argv: string[]): DiffArgs | string {
  const args = readArgs(argv, DIFF_OPTIONS);
  if (typeof args === 'string') return args;
  const [file, extra] = positionals(args);
  if (extra !== undefined) return `unexpected argument ${extra}`;
  if (file === undefined) return 'diff needs a FILE (or - for standard input)';
  const from = lastNumber(args, '--from');
  const to = lastNumber(args, '--to');
  if (from === undefined || to === undefined) return 'diff needs --from A and --to B';
  return { file, from, to, json: hasSwitch(args, '--json') };
}

export async function runDiffCommand(argv: string[], out: Write, err: Write): Promise<number> {
  const args = parse(argv);
  if (typeof args === 'string') {
    err(`seqscope: ${args}\n`);
    return 2;
  }
  const loaded = await loadFile(args.file);
  if (!loaded.ok) {
    err(`seqscope: ${loaded.message}\n`);
    return 2;
  }
  const last = loaded.log.eventCount - 1;
  const beyond = [args.from, args.to].find((s) => s > last);
  if (beyond !== undefined) {
    err(`seqscope: ${formatSeq(beyond)} is beyond the last event (${last})\n`);
    return 2;
  }
  const d = diffHistories(loaded.log, args.from, args.to);
  if (args.json) {
    const { from, to, removed, added, changed, request } = d;
    printJson({ from, to, removed, added, changed, request }, out);
    return 0;
  }
  out(`messages from ${formatSeq(d.from)} to ${formatSeq(d.to)}:\n`);
  for (const row of d.rows) out(rowLine(row));
  out(`${d.removed.length} removed, ${d.added.length} added, ${d.changed.length} changed\n`);
  for (const line of requestLines(d.request)) out(line + '\n');
  return 0;
}

function rowLine(row: DiffRow): string {
  switch (row.kind) {
    case 'same':
      return `  ${row.role.padEnd(9)} ${formatSeq(row.seq)}\n`;
    case 'removed':
      return `- ${row.role.padEnd(9)} ${formatSeq(row.from)} (hidden)\n`;
    case 'added':
      return `+ ${row.role.padEnd(9)} ${formatSeq(row.to)}\n`;
    case 'changed':
      return `~ ${row.role.padEnd(9)} ${formatSeq(row.from)} -> ${row.to}: ${inlineDiff(row.text)}\n`;
  }
}

/** A one-line rendering: [-removed-]{+added+}, long kept runs elided. */
export function inlineDiff(parts: TextPart[], keep = 30): string {
  const s = parts
    .map((p) => {
      if (p.op === '-') return `[-${p.text}-]`;
      if (p.op === '+') return `{+${p.text}+}`;
      return p.text.length > 2 * keep ? `${p.text.slice(0, keep)}…${p.text.slice(-keep)}` : p.text;
    })
    .join('');
  const cut = diffWasCut(parts) ? '(too many changes to diff: whole texts) ' : '';
  return cut + printable(s.length > 400 ? s.slice(0, 400) + '…' : s);
}

function requestLines(r: RequestChanges): string[] {
  const out: string[] = [];
  if (r.header) out.push(`request header: ${headerSeq(r.header.from)} -> ${headerSeq(r.header.to)}`);
  if (r.provider)
    out.push(`provider: ${printable(r.provider.from ?? 'none')} -> ${printable(r.provider.to ?? 'none')}`);
  if (r.model) out.push(`model: ${printable(r.model.from ?? 'none')} -> ${printable(r.model.to ?? 'none')}`);
  if (r.system) out.push(`system prompt: ${inlineDiff(r.system.diff)}`);
  if (r.tools) {
    const { added, removed, changed } = r.tools;
    const list = (xs: string[]) => printable(xs.join(', ') || '-');
    out.push(`tools: added ${list(added)}; removed ${list(removed)}; changed ${list(changed)}`);
  }
  if (out.length === 0) out.push('request in force: unchanged');
  return out;
}

/** The seq of a request header in force, or "seq none" before the first. */
function headerSeq(seq: number | null): string {
  return seq === null ? 'seq none' : formatSeq(seq);
}
