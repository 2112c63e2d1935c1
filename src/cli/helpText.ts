/**
 * What the CLI says about itself: every command's usage (what `seqscope <command> --help`
 * prints) and the whole text (`seqscope help`) made of them, so the two never differ.
 */
import { LIMIT_USAGE } from './limitArgs';
import { SEARCH_USAGE } from './searchCommand';
import { DIFF_USAGE } from './diffCommand';
import { COMPARE_USAGE } from './compareCommand';
import { EXPORT_USAGE } from './exportCommand';

/** Each command's lines in the usage, indented as they stand there. */
export const COMMAND_USAGE = {
  derive: `  seqscope derive FILE [--at SEQ]...   print the derived model messages at each SEQ (default: the last event)
           [--with-request]            also the request in force there: "request": {config, system?, tools?,
                                       adapterDefaults?, seq} (seq: its request/header), or null
           [--resume]                  derive as if the harness had resumed the log: the events it would
                                       append (listed in "synthetic") applied; takes no --at`,
  check: `  seqscope check FILE [--json]         print the log's diagnostics (the resume check's refusals among
                                       them); exit 1 when any is an error`,
  stats: `  seqscope stats FILE [--json]         print turns, steps, tool calls, errors, tokens and wall time;
                                       --json: the log's row of the session library (see index)`,
  search: SEARCH_USAGE,
  diff: DIFF_USAGE,
  compare: COMPARE_USAGE,
  open: `  seqscope open FILE [--seq N] [--port P] [--follow] [--no-browser]
                                       serve the web app and FILE on 127.0.0.1 (port P, or the first
                                       free from 4180), print the deep link and open it in a browser;
                                       --follow streams lines appended to FILE to the open app.
                                       Runs until Ctrl-C.`,
  export: `  ${EXPORT_USAGE.split('\n').join('\n  ')}`,
  index: `  seqscope index PATH... [--out DIR] [--json] [--threads N]
                                       read every log under the PATHs (files, folders, s3://, gs://,
                                       https:// listings) on all cores and write the session library:
                                       Parquet files sessions, steps, tool_calls, diagnostics in DIR
                                       (default: PATH/.seqscope-index for one folder). Re-runs read
                                       only logs whose size or fingerprint changed.`,
  query: `  seqscope query INDEX "SQL" [--json]  run SQL over the library with embedded DuckDB; prints a table
                                       (--json: an array of row objects)`,
  serve: `  seqscope serve DIR [--port P] [--no-browser]
                                       index DIR's logs (into DIR/.seqscope-index), then serve the app
                                       with a Library of them on 127.0.0.1; Runs until Ctrl-C.`,
  help: `  seqscope help                        this text`,
} as const;

export type Command = keyof typeof COMMAND_USAGE;

export function isCommand(name: string | undefined): name is Command {
  return name !== undefined && Object.hasOwn(COMMAND_USAGE, name);
}

const FILE_NOTE = `FILE may be .jsonl, .jsonl.gz or .jsonl.zst/.jsonl.zstd (detected by content), or - for standard input;
other agents' logs open too (Claude Code, Codex CLI, pi, Inspect AI .json/.eval: \`check\` names the
format). --sample N picks the sample of a multi-sample Inspect AI log (default 1).`;

const EXIT_NOTE = 'Exit status: 0 ok, 1 error diagnostics (check), 2 bad usage or unreadable file.';

export const USAGE = `seqscope - replay debugger for AI-agent session logs

Usage:
${Object.values(COMMAND_USAGE).join('\n')}

${FILE_NOTE}
${LIMIT_USAGE}
${EXIT_NOTE}`;

/** Commands that read a FILE (the FILE note applies), and those the read limits apply to. */
const READS_FILE: ReadonlySet<Command> = new Set([
  'derive',
  'check',
  'stats',
  'search',
  'diff',
  'open',
  'export',
]);
const HAS_LIMITS: ReadonlySet<Command> = new Set(['derive', 'check', 'stats', 'export']);

/** What `seqscope <command> --help` prints: the command's lines and the notes that concern it. */
export function commandUsage(command: Command): string {
  if (command === 'help') return USAGE;
  const notes = [
    READS_FILE.has(command) ? FILE_NOTE : '',
    HAS_LIMITS.has(command) ? LIMIT_USAGE : '',
    EXIT_NOTE,
  ];
  return `Usage:\n${COMMAND_USAGE[command]}\n\n${notes.filter((n) => n !== '').join('\n')}`;
}
