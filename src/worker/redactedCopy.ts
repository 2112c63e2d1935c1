/**
 * "Redacted copy" in the app: the loaded log's decoded text through the same redaction as
 * `seqscope export --format jsonl --redact` (core/redact/): secret shapes, e-mail addresses
 * and the user's home path masked, the same lines and events kept. The browser has no home
 * directory to ask for: the session header's `cwd` names it (`/home/<user>/...`,
 * `/Users/<user>/...`, `C:\Users\<user>\...`).
 */
import { redactLogText, type RedactResult } from '../core/redact/redactLog';
import { compileLinearRegex, type LinearRegex } from '../core/search/linearRegex';
import type { SessionLog } from '../core/log/sessionLog';
import { fail, type Result } from './protocol';

const HOME = /^(\/home\/[^/]+|\/Users\/[^/]+|[A-Za-z]:\\Users\\[^\\]+)(?=$|[/\\])/;

/** The home directory a session header's cwd lies in, if it lies in one. */
export function homeOfCwd(cwd: unknown): string | undefined {
  return typeof cwd === 'string' ? HOME.exec(cwd)?.[1] : undefined;
}

export function redactedCopy(log: SessionLog, patterns: readonly string[] = []): Result<RedactResult> {
  if (log.limitHit)
    return fail('bad-request', `${log.limitHit.message} A redacted copy needs the whole log.`);
  const regexes: LinearRegex[] = [];
  for (const p of patterns) {
    const re = compileLinearRegex(p);
    if ('error' in re) return fail('bad-request', `The pattern ${p} cannot be used: ${re.error}`);
    regexes.push(re);
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(log.rawBytes(0, log.bytesDecoded));
  const home = homeOfCwd(log.sessionHeader?.cwd);
  return { ok: true, value: redactLogText(text, { patterns: regexes, homePaths: home ? [home] : [] }) };
}
