/**
 * `seqscope diff FILE --from A --to B [--json]`: how the model's input changed
 * between two seqs. --json prints
 *   {"from": A, "to": B, "removed": [{"seq","role"}], "added": [{"seq","role"}],
 *    "changed": [{"from","to"}], "request": {...changes...}}
 * The text output is one line per message and change, each printed part bounded (a 10 MB
 * changed message shows its first PART_CHARS and counts the rest); --json prints the request's
 * changes whole.
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
  "                                       how the model's input (messages and request) changed from seq A to B\n" +
  '                                       (a long text shows its first 200 characters and counts the rest)';

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

/** Characters shown of one removed or added run, or of one name or list; the rest is counted. */
const PART_CHARS = 200;
/** Characters shown at each end of a long kept run between changes. */
const KEEP_CHARS = 30;
/** Characters of shown text on one line (many small changes): the runs after it are counted. */
const LINE_CHARS = 1_000;

/** `text`'s first `max` characters (never half a surrogate pair) and how many more there are. */
export function clipped(text: string, max = PART_CHARS): string {
  if (text.length <= max) return printable(text);
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${printable(text.slice(0, end))}… ${(text.length - end).toLocaleString('en-US')} more characters`;
}

/**
 * A one-line rendering: [-removed-]{+added+}, each run bounded (clipped), long kept runs
 * elided to their ends; past LINE_CHARS of shown text the remaining runs are counted, so a
 * 10 MB change prints a few hundred characters, and every run up to there shows, added ones too.
 */
export function inlineDiff(parts: readonly TextPart[]): string {
  const shown: string[] = [];
  let length = 0;
  let i = 0;
  for (; i < parts.length && length < LINE_CHARS; i++) {
    const p = parts[i] as TextPart;
    const piece =
      p.op === '-'
        ? `[-${clipped(p.text)}-]`
        : p.op === '+'
          ? `{+${clipped(p.text)}+}`
          : p.text.length > 2 * KEEP_CHARS
            ? `${printable(p.text.slice(0, KEEP_CHARS))}…${printable(p.text.slice(-KEEP_CHARS))}`
            : printable(p.text);
    shown.push(piece);
    length += piece.length;
  }
  if (i < parts.length) {
    let rest = 0;
    for (let j = i; j < parts.length; j++) rest += (parts[j] as TextPart).text.length;
    const runs = (parts.length - i).toLocaleString('en-US');
    shown.push(` … ${runs} more runs, changed or kept (${rest.toLocaleString('en-US')} characters)`);
  }
  const cut = diffWasCut(parts) ? '(too many changes to diff: whole texts) ' : '';
  return cut + shown.join('');
}

function requestLines(r: RequestChanges): string[] {
  const out: string[] = [];
  if (r.header) out.push(`request header: ${headerSeq(r.header.from)} -> ${headerSeq(r.header.to)}`);
  if (r.provider)
    out.push(`provider: ${clipped(r.provider.from ?? 'none')} -> ${clipped(r.provider.to ?? 'none')}`);
  if (r.model) out.push(`model: ${clipped(r.model.from ?? 'none')} -> ${clipped(r.model.to ?? 'none')}`);
  if (r.system) out.push(`system prompt: ${inlineDiff(r.system.diff)}`);
  if (r.tools) {
    const { added, removed, changed } = r.tools;
    const list = (xs: string[]) => clipped(xs.join(', ') || '-');
    out.push(`tools: added ${list(added)}; removed ${list(removed)}; changed ${list(changed)}`);
  }
  if (out.length === 0) out.push('request in force: unchanged');
  return out;
}

/** The seq of a request header in force, or "seq none" before the first. */
function headerSeq(seq: number | null): string {
  return seq === null ? 'seq none' : formatSeq(seq);
}
