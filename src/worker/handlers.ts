/**
 * The handler table: one entry per request kind, each checked against that
 * kind's answer type (`ResponseValues` in protocol/transport.ts). A handler
 * wired to the wrong kind, or one kind left out, does not compile.
 *
 * Most handlers need a loaded log (`onLog`) and some a loaded seq (`atSeq`):
 * those checks answer `no-log` / `out-of-range` before the handler runs.
 */
import type { HandlerHost, LoadedLog } from './loadedLog';
import { fail, type EnvelopeOf, type RequestKind, type ResponseValues, type Result } from './protocol';
import { replayFor } from './replayQueries';
import { describeProblem, nextProblem } from './problemNav';
import { exportOtlpText } from '../core/export/otlp';
import { partialCopyReason } from '../core/log/unreadInput';
import { messageFocus } from '../core/view/messageFocus';
import { redactedCopy } from './redactedCopy';
import { queryLibrary } from './libraryQuery';
import { busyNotice } from './busyNotice';
import { formatSeq } from '../core/view/seqText';
import { wholeFieldText } from '../core/view/headerFields';

export type Answer<K extends RequestKind> = Result<ResponseValues[K]> | Promise<Result<ResponseValues[K]>>;
export type Handler<K extends RequestKind> = (req: EnvelopeOf<K>, host: HandlerHost) => Answer<K>;
export type HandlerTable = { [K in RequestKind]: Handler<K> };

/**
 * A handler that needs a loaded log and goes over all of it in one synchronous task: it says so
 * first (a `busy` push sized by the log's bytes, named by `what`), so the client's watchdog gives
 * the silence its time instead of declaring the worker dead (R9-6). A small log's task is short
 * and goes unannounced (busyNotice.ts, BUSY_MIN_BYTES).
 */
function announced<K extends RequestKind>(
  what: (size: string) => string,
  answer: (req: EnvelopeOf<K>, c: LoadedLog) => Result<ResponseValues[K]>,
): Handler<K> {
  return (req, host) => {
    const c = host.current;
    if (!c) return fail('no-log', 'No log is loaded');
    const busy = busyNotice(c.log.loadId, c.log.log.bytesDecoded, what);
    if (busy) host.push(busy);
    return answer(req, c);
  };
}

/** The kinds whose request names one seq. */
type SeqKind = { [K in RequestKind]: EnvelopeOf<K> extends { seq: number } ? K : never }[RequestKind];

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** A handler that needs a loaded log. */
function onLog<K extends RequestKind>(
  answer: (req: EnvelopeOf<K>, c: LoadedLog) => Result<ResponseValues[K]>,
): Handler<K> {
  return (req, host) => {
    const c = host.current;
    return c ? answer(req, c) : fail('no-log', 'No log is loaded');
  };
}

/** A handler about one loaded seq (`req.seq`). */
function atSeq<K extends SeqKind>(
  answer: (req: EnvelopeOf<K>, c: LoadedLog) => Result<ResponseValues[K]>,
): Handler<K> {
  return onLog<K>((req, c) => {
    const n = c.log.eventCount;
    const seq = (req as { seq: number }).seq;
    if (!Number.isInteger(seq) || seq < 0 || seq >= n)
      return fail('out-of-range', `${formatSeq(seq)} is not loaded (0..${n - 1})`);
    return answer(req, c);
  });
}

/**
 * A handler whose first read is long on a large log (every step, every header): it reads in
 * slices with yields between them (slices.ts), so a seek sent meanwhile waits one slice at most,
 * and rests while the user asks (backgroundGate.ts); it stops when another log is opened (null
 * from `read`: answered `superseded`).
 */
function inSlices<K extends RequestKind>(
  read: (
    c: LoadedLog,
    stopped: () => boolean,
    pause: () => Promise<void>,
  ) => Promise<ResponseValues[K] | null>,
): Handler<K> {
  return async (_req, host) => {
    const c = host.current;
    if (!c) return fail('no-log', 'No log is loaded');
    const value = await read(c, () => host.current !== c, host.background.pause);
    return value === null ? fail('superseded', 'Another log was opened') : ok(value);
  };
}

/** The most rows a `locate` block may hold (three of them are sent): more than a tall screen's. */
const MAX_LOCATE_BLOCK = 1024;

export const handlers: HandlerTable = {
  open: (req, host) => host.open(req.loadId, req.source, req.liftLimits),
  cancel: (req, host) => ok(host.cancel(req.loadId)),
  ping: (_req, host) => ok({ loadId: host.current?.log.loadId ?? 0 }),
  filter: (req, host) => host.filter(req.id, req.filter),
  typeCounts: onLog((_req, c) => ok(c.log.types())),

  rows: onLog((req, c) => ok({ ...c.rows.info(), from: req.from, rows: c.rows.window(req.from, req.to) })),
  toggle: onLog((req, c) => {
    c.rows.toggle(req.seq, req.collapsed);
    return ok(c.rows.info());
  }),
  collapseAll: onLog((req, c) => {
    c.rows.collapseAll(req.level, req.chunks);
    return ok(c.rows.info());
  }),
  locate: atSeq((req, c) => {
    const visible = req.reveal ? c.rows.reveal(req.seq) : c.rows.rows().isVisible(req.seq);
    const row = c.rows.rows().rowOf(req.seq);
    const info = c.rows.info();
    if (req.block === undefined) return ok({ ...info, row, visible });
    if (!Number.isInteger(req.block) || req.block < 1 || req.block > MAX_LOCATE_BLOCK)
      return fail(
        'bad-request',
        `locate: block must be a whole number of rows from 1 to ${MAX_LOCATE_BLOCK}`,
      );
    const block = req.block;
    const at = Math.floor(Math.max(0, row) / block) * block;
    const blocks = [at - block, at, at + block]
      .filter((from) => from >= 0 && from < info.rowCount)
      .map((from) => ({ ...info, from, rows: c.rows.window(from, from + block) }));
    return ok({ ...info, row, visible, blocks });
  }),
  nav: onLog((req, c) => ok({ seq: c.rows.navigate(req.seq, req.unit, req.dir) })),
  problemNav: onLog((req, c) => ok(nextProblem(c.log, req.seq, req.dir, req.target))),
  problemAt: onLog((req, c) => ok({ what: describeProblem(c.log, req.seq) })),

  messages: atSeq((req, c) => ok(c.queries.messages(req.seq, req.from, req.to))),
  messagesAt: atSeq((req, c) =>
    Number.isInteger(req.tail) && req.tail >= 0
      ? ok({
          window: c.queries.messages(req.seq, -req.tail, 0),
          stream: c.queries.stream(req.seq, req.chunk),
          focus: req.focus ? messageFocus(c.log.log, req.seq) : null,
        })
      : fail('bad-request', `tail must be a count of messages, not ${req.tail}`),
  ),
  replaced: atSeq((req, c) => ok(c.queries.replaced(req.seq, req.offset))),
  messagesOf: onLog((req, c) => ok(c.queries.messagesOf(req.seqs))),
  stream: atSeq((req, c) => ok(c.queries.stream(req.seq, req.chunk))),
  event: atSeq((req, c) => ok(c.queries.event(req.seq))),
  transcript: atSeq((req, c) => ok(c.queries.transcript(req.seq))),
  toolPairs: onLog((req, c) => ok(c.queries.toolPairs(req.callIds))),
  diagnostics: onLog((req, c) => {
    c.log.ingest();
    return ok(c.queries.diagnostics(req.code, req.from, req.to));
  }),
  structure: onLog((_req, c) => ok(c.queries.structure())),

  replayAxis: onLog((req, c) => ok(replayFor(c.log, c.rows).axis(req.axis, req.width))),
  replayMove: atSeq((req, c) => ok(replayFor(c.log, c.rows).move(req.seq, req.chunk, req.move, req.dir))),
  replayPlan: onLog((req, c) => ok(replayFor(c.log, c.rows).plan(req.from, req.count, req.pacing))),

  search: (req, host) =>
    host.current
      ? host.searches.run(req, host.current, () => host.current)
      : fail('no-log', 'No log is loaded'),
  diff: onLog((req, c) => {
    const n = c.log.eventCount;
    const bad = [req.from, req.to].find((s) => !Number.isInteger(s) || s < -1 || s >= n);
    return bad === undefined
      ? ok(c.answers.diff(req.from, req.to, req.offset))
      : fail('out-of-range', `${formatSeq(bad)} is not loaded (0..${n - 1})`);
  }),
  callDiff: atSeq((req, c) => ok(c.answers.callDiff(req.seq))),
  metrics: announced(
    (size) => `reading the charts of ${size}`,
    (_req, c) => ok(c.answers.metrics()),
  ),
  costTotals: inSlices((c, stopped, pause) => c.answers.costTotalsInSlices(pause, stopped)),
  runProfile: announced(
    (size) => `profiling ${size} for a comparison`,
    (_req, c) => ok(c.answers.runProfile()),
  ),
  inputDigests: atSeq((req, c) => ok(c.answers.inputDigests(req.seq))),

  requestAt: atSeq((req, c) => ok(c.harness.requestAt(req.seq))),
  requestChanges: inSlices((c, stopped, pause) => c.harness.requestChanges(pause, stopped)),
  requestChange: atSeq((req, c) => ok(c.harness.requestChange(req.seq))),
  resumePreview: onLog((_req, c) => ok(c.harness.resumePreview())),
  headerField: onLog((req, c) => {
    const header = c.log.log.sessionHeader;
    const text = header ? wholeFieldText(header, req.index) : undefined;
    return ok(text === undefined ? null : { text });
  }),
  exportOtlp: announced(
    (size) => `exporting ${size} as OTLP`,
    (req, c) =>
      ok({
        ...exportOtlpText(c.log.log, { content: req.content, fallbackSessionId: c.log.fingerprint }),
        name: c.log.name,
        // the spans are of the events read: what the import could not read or the reader skipped is
        // not in them (audit R16-2, R16-L3)
        partial: partialCopyReason(c.log.log.diagnostics.items, { eventsOnly: true }) ?? null,
      }),
  ),
  // The library is served by the app's own origin; it needs no log.
  library: (req) => queryLibrary(req.query, self.location.origin),
  exportRedacted: announced(
    (size) => `making a redacted copy of ${size}`,
    (req, c) => {
      const r = redactedCopy(c.log.log, req.patterns);
      return r.ok ? ok({ ...r.value, name: c.log.name }) : r;
    },
  ),
};
