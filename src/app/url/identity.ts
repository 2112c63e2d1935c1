/**
 * Which log a URL names, from a load source (before it is read) or from the
 * worker's summary (local bytes are named by their fingerprint once read);
 * one sample of a multi-sample log (Inspect AI) is the log plus its `part`.
 */
import type { LogIdentity } from '../../core/link/deepLink';
import type { LoadSource, LogSummary } from '../../worker/protocol';

export function identityOfSource(source: LoadSource): LogIdentity | undefined {
  return withPart(identityOfBytes(source), source.part);
}

function identityOfBytes(source: LoadSource): LogIdentity | undefined {
  if (source.kind === 'url')
    return source.follow ? { kind: 'src', src: source.url, follow: true } : { kind: 'src', src: source.url };
  if (source.kind === 'sample') return { kind: 'sample', name: source.name };
  return undefined; // local bytes: named by their fingerprint once read
}

export function identityOfSummary(s: LogSummary): LogIdentity | undefined {
  return withPart(identityOfSummaryBytes(s), s.parts?.open);
}

function identityOfSummaryBytes(s: LogSummary): LogIdentity | undefined {
  if (s.source.kind === 'url' && s.source.url)
    return s.following
      ? { kind: 'src', src: s.source.url, follow: true }
      : { kind: 'src', src: s.source.url };
  if (s.source.kind === 'sample') return { kind: 'sample', name: s.name };
  if (!s.fingerprint) return undefined;
  // The file's size, read whole or not (a read limit stops early): the landing page checks a file against it.
  return { kind: 'log', fingerprint: s.fingerprint, name: s.name, size: s.fileBytes ?? s.bytes };
}

/** The identity of one sample of a multi-sample log (the first needs no mark). */
function withPart(id: LogIdentity | undefined, part: number | undefined): LogIdentity | undefined {
  return id && part !== undefined && part > 1 ? { ...id, part } : id;
}

/** The `part` a link names, as a load source's field. */
export function partOf(id: LogIdentity): { part?: number } {
  return id.part !== undefined ? { part: id.part } : {};
}
