/**
 * "Redacted copy" in the app: the loaded log's decoded text through the same redaction as
 * `seqscope export --format jsonl --redact` (core/redact/): secret shapes, e-mail addresses
 * and the user's home path masked, the same lines and events kept. The browser has no home
 * directory to ask for: the session header's `cwd` names it (`/home/<user>/...`,
 * `/Users/<user>/...`, `C:\Users\<user>\...`).
 *
 * The copy leaves the worker as a Blob (UTF-8 bytes made here): posting one costs the main
 * thread nothing per byte, where an 80 MB string cost it ~1 s to clone and encode (audit R10-L1).
 */
import { redactLogText, type RedactResult } from '../core/redact/redactLog';
import { compileLinearRegex, type LinearRegex } from '../core/search/linearRegex';
import type { SessionLog } from '../core/log/sessionLog';
import { partialCopyReason } from '../core/log/unreadInput';
import { homePathsFor } from '../core/redact/homePaths';
import { fail, type Result } from './protocol';

/**
 * The redacted log as a file to download, and what was masked; `partial`: why the copy misses some
 * of the input (a JSON array broken mid-file, lines that are not JSON, a damaged gzip), or null
 * (core/log/unreadInput.ts; audit R14-4, R15-1, R15-3).
 */
export type RedactedCopy = Omit<RedactResult, 'text'> & { file: Blob; partial: string | null };

export function redactedCopy(log: SessionLog, patterns: readonly string[] = []): Result<RedactedCopy> {
  if (log.limitHit)
    return fail('bad-request', `${log.limitHit.message} A redacted copy needs the whole log.`);
  const regexes: LinearRegex[] = [];
  for (const p of patterns) {
    const re = compileLinearRegex(p);
    if ('error' in re) return fail('bad-request', `The pattern ${p} cannot be used: ${re.error}`);
    regexes.push(re);
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(log.rawBytes(0, log.bytesDecoded));
  // the log's home (a browser knows no machine home)
  const { text: copy, ...masked } = redactLogText(text, {
    patterns: regexes,
    homePaths: homePathsFor(log.sessionHeader?.cwd),
  });
  return {
    ok: true,
    value: {
      ...masked,
      file: new Blob([copy], { type: 'application/x-ndjson;charset=utf-8' }),
      partial: partialCopyReason(log.diagnostics.items) ?? null,
    },
  };
}
