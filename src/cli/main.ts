/**
 * seqscope: the command-line front on the core.
 *
 *   seqscope derive FILE [--at SEQ]... [--with-request] [--resume]   derived messages as JSON
 *   seqscope check FILE [--json]         diagnostics; exit 1 on any error
 *   seqscope stats FILE [--json]         turns, steps, tools, tokens, time (the library's sessions row)
 *   seqscope open FILE [--seq N] ...     serve the web app and FILE, print the deep link (open.ts)
 *   seqscope search FILE QUERY ...       events whose text matches (searchCommand.ts)
 *   seqscope diff FILE --from A --to B   how the model's input changed (diffCommand.ts)
 *   seqscope compare A B                 two runs side by side (compareCommand.ts)
 *   seqscope export FILE --format F ...  the log in another tool's format (exportCommand.ts)
 *   seqscope index PATH... [--out DIR]   the session library: a Parquet dataset (index/command.ts)
 *   seqscope query INDEX "SQL" [--json]  SQL over the library with embedded DuckDB (index/queryCommand.ts)
 *   seqscope serve DIR [--port P]        the app with the Library of DIR's logs (index/serve.ts)
 *
 * FILE is .jsonl, .jsonl.gz or .jsonl.zst (detected by content), or - for stdin.
 * Exit codes: 0 fine, 1 the log has error diagnostics (check), 2 usage or unreadable input.
 */
import { resolve } from 'node:path';
import type { ReadLimits } from '../core/reader/readLimits';
import { LIMIT_OPTIONS, limitWarning, limitsFromArgs } from './limitArgs';
import { allValues, asksForHelp, hasSwitch, positionals, readArgs, SEQ, type OptionTable } from './args';
import { loadFile } from './readInput';
import { InputChanged } from '../core/reader/byteStore';
import { guardTerminalOutput } from './terminalText';
import { runCheck, runDerive, runStats } from './commands';
import { isRangeWorkerThread } from './rangeWorkers';
import { isIndexWorkerThread } from './index/workerKind';
import { noteSubagentFiles } from './subagents';
import { SAMPLE_OPTIONS, sampleImportOptions } from './sampleOption';
import type { ImportOptions } from '../core/import/importers';

interface Parsed {
  command: string;
  file?: string;
  at: number[];
  json: boolean;
  limits: ReadLimits;
  withRequest: boolean;
  resume: boolean;
  import: ImportOptions;
}

const FILE_OPTIONS: OptionTable = { ...LIMIT_OPTIONS, ...SAMPLE_OPTIONS, '--json': 'switch' };
const DERIVE_OPTIONS: OptionTable = {
  ...FILE_OPTIONS,
  '--at': SEQ,
  '--with-request': 'switch',
  '--resume': 'switch',
};

function parseArgs(argv: string[]): Parsed | string {
  const [command, ...rest] = argv;
  const args = readArgs(rest, command === 'derive' ? DERIVE_OPTIONS : FILE_OPTIONS);
  if (typeof args === 'string') return args;
  const [file, extra] = positionals(args);
  if (extra !== undefined) return `unexpected argument ${extra}`;
  const out: Parsed = {
    command: command ?? 'help',
    at: allValues(args, '--at').map(Number),
    json: hasSwitch(args, '--json'),
    limits: limitsFromArgs(args),
    withRequest: hasSwitch(args, '--with-request'),
    resume: hasSwitch(args, '--resume'),
    import: sampleImportOptions(args),
  };
  if (file !== undefined) out.file = file;
  return out;
}

// Log content must not reach a terminal as control sequences, whichever command prints it.
guardTerminalOutput(process.stdout);
guardTerminalOutput(process.stderr);

/**
 * The reader of stdout went away (`seqscope check FILE | head`): stop writing
 * and end quietly, the way a program killed by SIGPIPE would, never with an
 * unhandled EPIPE stack trace.
 */
let stdoutClosed = false;
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE' || stdoutClosed) {
    stdoutClosed = true;
    return;
  }
  process.stderr.write(`seqscope: cannot write the output: ${err.message}\n`);
  process.exit(2);
});

async function main(argv: string[]): Promise<number> {
  // The usage text is read only when printed (it names every command's options).
  const usage = async () => (await import('./helpText')).USAGE;
  if (argv.length === 0) {
    // No command at all is a usage error (`seqscope help` asks for the text and exits 0).
    process.stderr.write((await usage()) + '\n');
    return 2;
  }
  // `seqscope <command> --help` (or -h), and `seqscope help <command>`: that command's usage.
  const [command, ...rest] = argv;
  if (command === 'help' || asksForHelp(rest)) {
    const { commandUsage, isCommand } = await import('./helpText');
    const about = command === 'help' ? (isCommand(rest[0]) ? rest[0] : 'help') : command;
    if (isCommand(about)) {
      process.stdout.write(commandUsage(about) + '\n');
      return 0;
    }
  }
  // open, index and query have options of their own (parsed where they live). Commands other than
  // check, derive and stats are imported when asked for, so that their modules are not run at
  // start: `check` of a small log took 0.23-0.25 s when they were, 0.20-0.21 s since (node alone:
  // 0.13 s). startupImports.test.ts holds this.
  if (argv[0] === 'open') return (await import('./open')).runOpen(argv.slice(1));
  if (argv[0] === 'index') return (await import('./index/command')).runIndex(argv.slice(1));
  if (argv[0] === 'query') return (await import('./index/queryCommand')).runQuery(argv.slice(1));
  if (argv[0] === 'serve') return (await import('./index/serve')).runServe(argv.slice(1));
  const write = (s: string | Uint8Array) => {
    if (!stdoutClosed) process.stdout.write(s);
  };
  const writeErr = (s: string) => process.stderr.write(s);
  if (argv[0] === 'search')
    return (await import('./searchCommand')).runSearchCommand(argv.slice(1), write, writeErr);
  if (argv[0] === 'diff')
    return (await import('./diffCommand')).runDiffCommand(argv.slice(1), write, writeErr);
  if (argv[0] === 'compare')
    return (await import('./compareCommand')).runCompareCommand(argv.slice(1), write, writeErr);
  // export has options per format (exportCommand.ts parses them)
  if (argv[0] === 'export')
    return (await import('./exportCommand')).runExport(
      argv.slice(1),
      write,
      writeErr,
      process.stdout.isTTY === true,
    );
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`seqscope: ${args}\n`);
    return 2;
  }
  if (args.command === 'help' || args.command === '--help' || args.command === '-h') {
    process.stdout.write((await usage()) + '\n');
    return 0;
  }
  if (!['derive', 'check', 'stats'].includes(args.command)) {
    process.stderr.write(`seqscope: unknown command ${args.command}\n\n${await usage()}\n`);
    return 2;
  }
  if (args.file === undefined) {
    process.stderr.write(`seqscope: ${args.command} needs a FILE (or - for standard input)\n`);
    return 2;
  }
  if (args.command === 'stats') {
    const { readRecord } = await import('./index/readLog');
    const path = args.file === '-' ? '-' : resolve(args.file);
    const record = await readRecord({ path, size: 0, remote: false }, args.limits, args.import, (log) => {
      const hit = log.limitHit;
      if (hit) process.stderr.write(limitWarning(hit));
    });
    const failure = record.session.read_error;
    if (typeof failure === 'string') {
      process.stderr.write(`seqscope: ${args.file === '-' ? 'standard input' : args.file}: ${failure}\n`);
      return 2;
    }
    return runStats(record.session, args.json, (s) => {
      if (!stdoutClosed) process.stdout.write(s);
    });
  }
  const loaded = await loadFile(args.file, args.limits, args.import);
  if (!loaded.ok) {
    process.stderr.write(`seqscope: ${loaded.message}\n`);
    return 2;
  }
  const hit = loaded.log.limitHit;
  if (hit) process.stderr.write(limitWarning(hit));
  noteSubagentFiles(loaded.log, args.file);
  const out = (s: string) => {
    if (!stdoutClosed) process.stdout.write(s);
  };
  if (args.command === 'derive')
    return runDerive(loaded.log, args.at, out, (s) => process.stderr.write(s), args.file, {
      withRequest: args.withRequest,
      resume: args.resume,
    });
  return runCheck(loaded.log, args.json, out);
}

// The bundle is also the range workers' script (rangeWorkers.ts serves there) and the index's
// (index/pool.ts; indexWorker.ts serves once imported).
if (isIndexWorkerThread()) void import('./index/indexWorker');
else if (!isRangeWorkerThread()) runMain();

/**
 * Commands done once they have printed their answer (nothing runs on after, nothing written but
 * to stdout and stderr): they exit as soon as that output is flushed. Left to end by itself, Node
 * tore down the loaded log's heap first: 65 ms between the last line and the exit on 1M events.
 */
const EXITS_WHEN_ANSWERED = new Set(['check', 'derive', 'stats']);

function runMain(): void {
  const argv = process.argv.slice(2);
  main(argv).then(
    (code) => {
      process.exitCode = code;
      if (EXITS_WHEN_ANSWERED.has(argv[0] ?? ''))
        process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
    },
    (err: unknown) => {
      const said = err instanceof InputChanged ? err.message : null;
      process.stderr.write(
        said !== null
          ? `seqscope: ${said}\n`
          : `seqscope: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
