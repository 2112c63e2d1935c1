/**
 * `seqscope export FILE|- --format jsonl [--redact [--redact-pattern RE]...]`: the log's
 * decoded text, redacted on request (core/redact/); the counts per kind are reported.
 */
import { homedir } from 'node:os';
import { createDecompressor } from '../core/reader/decompress';
import { redactLogText } from '../core/redact/redactLog';
import type { ExportContext } from './exportCommand';
import { defaultLimits } from './limitArgs';

export function redactedCopy(
  ctx: ExportContext,
): { ok: true; text: string } | { ok: false; message: string } {
  if (ctx.log.limitHit) return { ok: false, message: `${ctx.log.limitHit.message} Nothing was exported.` };
  const limits = defaultLimits();
  const d = createDecompressor({
    maxOutputBytes: limits.maxDecodedBytes,
    maxRatio: limits.maxCompressionRatio,
    ratioFloorBytes: limits.ratioFloorBytes,
  });
  const parts = [...d.push(ctx.input), ...d.end()];
  if (d.error !== undefined) return { ok: false, message: `cannot decompress: ${d.error}` };
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const text = parts.map((p, i) => decoder.decode(p, { stream: i < parts.length - 1 })).join('');
  if (!ctx.args.flags.has('redact')) return { ok: true, text };
  const home = homedir();
  const result = redactLogText(text, {
    patterns: (ctx.args.patterns ?? []).map((p) => new RegExp(p, 'gu')),
    homePaths: home ? [home] : [],
  });
  const kinds = Object.entries(result.counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`);
  const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
  ctx.report(
    `seqscope: redacted ${total} value${total === 1 ? '' : 's'}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''} in ${result.changedLines} line${result.changedLines === 1 ? '' : 's'}\n`,
  );
  return { ok: true, text: result.text };
}
