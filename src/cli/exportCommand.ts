/**
 * `seqscope export FILE --format F [options]`: the log in another tool's
 * format, on standard output (or `--out PATH`). Each format is one entry of
 * EXPORT_FORMATS: to add one, add an entry (and its options to EXPORT_FLAGS).
 *
 *   otlp   OpenTelemetry traces, OTLP/JSON, GenAI semantic conventions
 *          (core/export/otlp.ts); --content adds the messages, bounded (standard
 *          error says what was cut or left out).
 *   jsonl  the log itself, decompressed; --redact masks secrets, e-mail addresses and
 *          home paths (core/redact/), --redact-pattern RE (repeatable) masks more, and the
 *          counts per kind go to standard error.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { exportOtlpText } from '../core/export/otlp';
import type { SessionLog } from '../core/log/sessionLog';
import { redactedCopy } from './redactCommand';
import { loadFile, loadStream } from './readInput';
import { SAMPLE_OPTIONS, sampleImportOptions } from './sampleOption';
import { allValues, lastValue, positionals, readArgs, type OptionTable } from './args';
import type { ImportOptions } from '../core/import/importers';
import { errorMessage } from '../core/errorMessage';
import { exportedData } from './terminalText';
import { partialCopyReason, tornEndBytes } from '../core/log/unreadInput';
import { bytesSaid } from '../core/view/byteSize';
import { compileLinearRegex } from '../core/search/linearRegex';
import type { ReadLimits } from '../core/reader/readLimits';
import { LIMIT_OPTIONS, limitWarning, limitsFromArgs } from './limitArgs';

export interface ExportArgs {
  file: string;
  format: string;
  out?: string;
  /** Boolean options (`--content`, ...), by name without dashes. */
  flags: Set<string>;
  /** `--sample N` (sampleOption.ts). */
  import: ImportOptions;
  /** `--redact-pattern RE` values, in order. */
  patterns?: string[];
  /** The read limits: the machine's, with --max-size, --max-line, --max-ratio, --no-limits applied. */
  limits: ReadLimits;
}

export interface ExportContext {
  log: SessionLog;
  args: ExportArgs;
  /** A stable id for the file's content (SHA-256 of its bytes, 16 hex): for logs whose header names no session. */
  fingerprint: string;
  /** The input's bytes (a file's, or what standard input gave). */
  input: Uint8Array;
  /** Where a format reports what it did (one line per call). */
  report: (s: string) => void;
}

interface ExportFormat {
  describe: string;
  /** The boolean options this format takes. */
  flags: readonly string[];
  /**
   * The exported text (a JSON document or JSONL), or an error message for the user. `wholeInput`:
   * the text carries the input's own bytes (a native log's JSONL copy), so nothing it left unread is lost.
   * `bytes`: what is written instead of the text where no terminal shows it (the input's own bytes).
   */
  run(
    ctx: ExportContext,
  ): { ok: true; text: string; bytes?: Uint8Array; wholeInput?: boolean } | { ok: false; message: string };
}

const VERSION = '0.1.0';

export const EXPORT_FORMATS: Readonly<Record<string, ExportFormat>> = {
  otlp: {
    describe: 'OpenTelemetry traces as OTLP/JSON (GenAI semantic conventions); --content adds messages',
    flags: ['content'],
    run: ({ log, args, fingerprint, report }) => {
      const { text, contentNote } = exportOtlpText(log, {
        content: args.flags.has('content'),
        fallbackSessionId: fingerprint,
        version: VERSION,
      });
      // content is bounded (core/export/contentLimits.ts): what was cut or left out is said
      if (contentNote !== null) report(`seqscope: ${contentNote}\n`);
      return { ok: true, text };
    },
  },
  jsonl: {
    describe: 'the log as JSONL; --redact [--redact-pattern RE]... masks secrets, e-mails, home paths',
    flags: ['redact', 'redact-pattern'],
    run: redactedCopy,
  },
};

export const EXPORT_USAGE = `seqscope export FILE --format FORMAT [--out PATH] [--sample N] [options]
  formats:
${Object.entries(EXPORT_FORMATS)
  .map(([name, f]) => `    ${name.padEnd(6)} ${f.describe}`)
  .join('\n')}`;

const EXPORT_OPTIONS: OptionTable = {
  ...LIMIT_OPTIONS,
  ...SAMPLE_OPTIONS,
  '--format': { needs: 'a format name' },
  '--out': { needs: 'a path' },
  '--redact-pattern': { needs: 'a regular expression' },
};

export function parseExportArgs(argv: string[]): ExportArgs | string {
  // Other `--name` options are switches, checked below against the format's own.
  const parsed = readArgs(argv, EXPORT_OPTIONS, { aliases: { '-o': '--out' }, otherSwitches: true });
  if (typeof parsed === 'string') return parsed;
  const [file, extra] = positionals(parsed);
  if (extra !== undefined) return `unexpected argument ${extra}`;
  const format = lastValue(parsed, '--format');
  const out = lastValue(parsed, '--out');
  const patterns = allValues(parsed, '--redact-pattern');
  for (const re of patterns) {
    const compiled = compileLinearRegex(re);
    if ('error' in compiled) return `--redact-pattern ${re}: ${compiled.error}`;
  }
  const flags = new Set<string>();
  for (const a of parsed)
    if (a.option !== undefined && !(a.option in EXPORT_OPTIONS)) flags.add(a.option.slice(2));
  if (patterns.length > 0) flags.add('redact-pattern');
  const importOptions = sampleImportOptions(parsed);
  if (file === undefined) return 'export needs a FILE (or - for standard input)';
  if (format === undefined) return `export needs --format (one of ${Object.keys(EXPORT_FORMATS).join(', ')})`;
  const spec = EXPORT_FORMATS[format];
  if (!spec) return `unknown export format ${format} (known: ${Object.keys(EXPORT_FORMATS).join(', ')})`;
  for (const f of flags) if (!spec.flags.includes(f)) return `--${f} is not an option of --format ${format}`;
  if (flags.has('redact-pattern') && !flags.has('redact')) return '--redact-pattern needs --redact';
  const args: ExportArgs = { file, format, flags, import: importOptions, limits: limitsFromArgs(parsed) };
  if (out !== undefined) args.out = out;
  if (patterns.length > 0) args.patterns = patterns;
  return args;
}

/** `tty`: standard output is a terminal (the data is escaped there; elsewhere written as it is). */
export async function runExport(
  argv: string[],
  write: (s: string | Uint8Array) => void,
  err: (s: string) => void,
  tty = false,
): Promise<number> {
  const args = parseExportArgs(argv);
  if (typeof args === 'string') {
    err(`seqscope: ${args}\n\n${EXPORT_USAGE}\n`);
    return 2;
  }
  if (args.out !== undefined && args.file !== '-' && sameFile(args.file, args.out)) {
    // a redacted copy written over the log it was made from leaves no original to check it against
    err(`seqscope: --out ${args.out} is the log being exported; write the export to another path\n`);
    return 2;
  }
  // Standard input is read once: its bytes are kept as they arrive (the jsonl copy rewrites them).
  const stdin: Uint8Array[] = [];
  const loaded =
    args.file === '-'
      ? await loadStream(process.stdin, 'standard input', {
          onChunk: (c) => stdin.push(c),
          limits: args.limits,
          ...(args.import ? { import: args.import } : {}),
        })
      : await loadFile(args.file, args.limits, args.import);
  if (!loaded.ok) {
    err(`seqscope: ${loaded.message}\n`);
    return 2;
  }
  const input = args.file === '-' ? Buffer.concat(stdin) : new Uint8Array(readFileSync(args.file));
  const fingerprint = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const result = (EXPORT_FORMATS[args.format] as ExportFormat).run({
    log: loaded.log,
    args,
    fingerprint,
    input,
    report: err,
  });
  if (!result.ok) {
    err(`seqscope: ${result.message}\n`);
    return 2;
  }
  // A format that exports what was read (otlp) says a limit stopped the reading, and how to lift it.
  if (loaded.log.limitHit) err(limitWarning(loaded.log.limitHit));
  if (args.out === undefined) write(result.bytes && !tty ? result.bytes : exportedData(result.text, tty));
  else {
    try {
      writeFileSync(args.out, result.bytes ?? result.text);
    } catch (e) {
      err(`seqscope: cannot write ${args.out}: ${errorMessage(e)}\n`);
      return 2;
    }
  }
  const code = result.wholeInput ? 0 : partialCopy(loaded.log, err);
  // what a limit left unread is not in the export: partial, as a break mid-file is
  return loaded.log.limitHit ? Math.max(code, 1) : code;
}

/** Whether two paths name one file (a link or another spelling of the path included). */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false; // the output does not exist yet (or the input does not: said when it is read)
  }
}

/**
 * Said when the import left input unread (a JSON array broken mid-file, a last element cut
 * short): the copy holds only the events read, so a copy someone shares is never silently a
 * fraction of the log (audit R14-4). A break mid-file exits 1; a torn end (a log still being
 * written) is only said.
 */
function partialCopy(log: SessionLog, err: (s: string) => void): number {
  const torn = tornEndBytes(log.diagnostics.items);
  if (torn > 0) err(`seqscope: the export leaves out a last line cut short: ${bytesSaid(torn)}\n`);
  // a copy that is not the input's own bytes holds the events alone (an import's, or OTLP spans)
  const reason = partialCopyReason(log.diagnostics.items, { eventsOnly: true });
  if (reason === undefined) return 0;
  err(
    `seqscope: the export is partial: ${reason} (\`seqscope check\` says why); it holds the ${log.eventCount.toLocaleString('en-US')} events read\n`,
  );
  return 1;
}
