/**
 * `seqscope export FILE|- --format jsonl [--redact [--redact-pattern RE]...]`: the log's
 * decoded text (for another agent's log, the harness JSONL it was imported as), redacted on
 * request (core/redact/); the counts per kind are reported.
 */
import { homedir } from 'node:os';
import { createDecompressor } from '../core/reader/decompress';
import { patternNote } from '../core/redact/customPatterns';
import { redactLogText } from '../core/redact/redactLog';
import { homePathsFor } from '../core/redact/homePaths';
import type { SessionLog } from '../core/log/sessionLog';
import type { ExportContext } from './exportCommand';
import { limitHint } from './limitArgs';
import { ratioLimits, type ReadLimits } from '../core/reader/readLimits';
import { compileLinearRegex, type LinearRegex } from '../core/search/linearRegex';

export function redactedCopy(
  ctx: ExportContext,
): { ok: true; text: string; bytes?: Uint8Array; wholeInput: boolean } | { ok: false; message: string } {
  const hit = ctx.log.limitHit;
  if (hit) return { ok: false, message: `${hit.message}${limitHint(hit)} Nothing was exported.` };
  // An imported format (an Inspect .eval is a zip) is not the log's text: export the harness JSONL the importer told.
  const imported = ctx.log.sourceFormat !== undefined && ctx.log.sourceFormat !== 'seqscope';
  if (imported) return copyOf(ctx, importedText(ctx.log), undefined, false);
  const bytes = decompressedInput(ctx.input, ctx.args.limits);
  if (!(bytes instanceof Uint8Array)) return bytes;
  // a native log's copy is its decompressed bytes, every line kept (bad ones too), byte for byte:
  // decoding them would write invalid UTF-8 as U+FFFD (audit R17-7)
  return copyOf(ctx, new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), bytes, true);
}

function copyOf(
  ctx: ExportContext,
  text: string,
  bytes: Uint8Array | undefined,
  wholeInput: boolean,
): { ok: true; text: string; bytes?: Uint8Array; wholeInput: boolean } {
  if (!ctx.args.flags.has('redact')) return { ok: true, text, ...(bytes ? { bytes } : {}), wholeInput };
  // The redacted copy is text: bytes that are no UTF-8 are written as U+FFFD, and said so.
  const replaced = bytes === undefined ? 0 : replacedSequences(text, bytes);
  if (replaced > 0)
    ctx.report(
      `seqscope: the log holds ${replaced.toLocaleString('en-US')} invalid UTF-8 sequence${replaced === 1 ? '' : 's'}: written as U+FFFD in the redacted copy\n`,
    );
  const result = redactLogText(text, {
    patterns: userPatterns(ctx.args.patterns ?? []),
    // the log's home, as the app's copy masks it, and this machine's (audit R16-6)
    homePaths: homePathsFor(ctx.log.sessionHeader?.cwd, homedir()),
  });
  const kinds = Object.entries(result.counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`);
  const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
  const overrun = patternNote(result.overruns, result.keptWords);
  ctx.report(
    `seqscope: redacted ${total} value${total === 1 ? '' : 's'}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''} in ${result.changedLines} line${result.changedLines === 1 ? '' : 's'}${overrun ? `; ${overrun}` : ''}\n`,
  );
  return { ok: true, text: result.text, wholeInput };
}

/** The harness JSONL an importer re-told the log as (what the log's events were read from). */
function importedText(log: SessionLog): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(log.rawBytes(0, log.bytesDecoded));
}

/** The input's bytes, decompressed under the read limits (the command's: --no-limits lifts them). */
function decompressedInput(
  input: Uint8Array,
  limits: ReadLimits,
): Uint8Array | { ok: false; message: string } {
  const d = createDecompressor({
    maxOutputBytes: limits.maxDecodedBytes,
    ...ratioLimits(limits),
  });
  const parts = [...d.push(input), ...d.end()];
  if (d.error !== undefined) return { ok: false, message: `cannot decompress: ${d.error}` };
  return parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts);
}

/** How many U+FFFD the decoding of bytes put in text: those beyond the bytes' own (EF BF BD). */
function replacedSequences(text: string, bytes: Uint8Array): number {
  let inText = 0;
  for (let i = text.indexOf('\ufffd'); i >= 0; i = text.indexOf('\ufffd', i + 1)) inText++;
  if (inText === 0) return 0;
  let inBytes = 0;
  for (let i = bytes.indexOf(0xef); i >= 0 && i + 2 < bytes.length; i = bytes.indexOf(0xef, i + 1))
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) inBytes++;
  return inText - inBytes;
}

/** The `--redact-pattern`s, checked by parseExportArgs already (a bad one never gets here). */
function userPatterns(patterns: readonly string[]): LinearRegex[] {
  return patterns.map((p) => {
    const re = compileLinearRegex(p);
    if ('error' in re) throw new Error(`--redact-pattern ${p}: ${re.error}`);
    return re;
  });
}
