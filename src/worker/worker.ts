/**
 * The log worker: owns the loaded log and answers the UI's requests
 * (protocol.ts). Loading runs as an async loop that pushes byte chunks into
 * the SessionLog and yields between them, so requests are answered while a
 * big file is still being read, and posts progress about every 50 ms.
 */
import { LoadError, openSource, yieldToEvents } from './loader';
import type {
  Push,
  Request,
  RequestEnvelope,
  Result,
  ResponseValues,
  WorkerError,
  WorkerMessage,
  LoadSource,
} from './protocol';
import { Follower } from './follow';
import { Queries } from './queries';
import { replayFor } from './replayQueries';
import { LogSession } from './session';
import { Timeline, type FilterScan } from './timeline';

const PROGRESS_EVERY_MS = 50;
/** Longest stretch of synchronous parsing before the loop yields to queued requests. */
const SLICE_BUDGET_MS = 30;
/** Bytes pushed into the parser at once. */
const PUSH_SLICE = 256 * 1024;

interface Current {
  session: LogSession;
  timeline: Timeline;
  queries: Queries;
  /** The request id of the `open` that created it, and how to stop its load. */
  openId: number;
  abort: AbortController;
}

let current: Current | null = null;
/** Outstanding filter scans by request id, so `cancel` and newer filters can stop them. */
const scans = new Map<number, { cancelled: boolean }>();

const post = (msg: WorkerMessage) => (self as unknown as Worker).postMessage(msg);
const push = (p: Push) => post({ type: 'push', push: p });
const fail = (code: WorkerError['code'], message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

self.onmessage = (e: MessageEvent<RequestEnvelope>) => {
  const { id } = e.data;
  void handle(e.data).then(
    (result) => respond(id, result),
    (err: unknown) => respond(id, fail('internal', messageOf(err))),
  );
};

/**
 * Every request gets an answer: when its value cannot be posted (structured
 * clone failed: too deep, not cloneable), an `internal` error goes instead,
 * so the client's lane for it never waits forever.
 */
function respond(id: number, result: Result<unknown>): void {
  try {
    post({ type: 'response', id, result });
  } catch (err) {
    post({
      type: 'response',
      id,
      result: fail('internal', `The answer could not be sent to the page: ${messageOf(err)}`),
    });
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function handle(req: RequestEnvelope): Promise<Result<unknown>> {
  switch (req.kind) {
    case 'open':
      return open(req.id, req.source);
    case 'cancel':
      return { ok: true, value: cancel(req.target) };
    case 'ping':
      return { ok: true, value: { loadId: current?.session.loadId ?? 0 } satisfies ResponseValues['ping'] };
    case 'filter':
      return filter(req.id, req);
    default:
      return query(req);
  }
}

// ---------------------------------------------------------------- loading

async function open(id: number, source: LoadSource): Promise<Result<ResponseValues['open']>> {
  current?.abort.abort();
  for (const scan of scans.values()) scan.cancelled = true;
  // The load is named by its request id, so the UI knows which pushes belong to the load it asked for.
  const loadId = id;
  const abort = new AbortController();
  const name =
    source.kind === 'file'
      ? source.file.name
      : source.kind === 'sample'
        ? source.name
        : source.kind === 'text'
          ? (source.name ?? 'pasted text')
          : source.url;
  const session = new LogSession(loadId, source.kind, name, source.kind === 'url' ? source.url : undefined);
  const me: Current = {
    session,
    timeline: new Timeline(session),
    queries: new Queries(session),
    openId: id,
    abort,
  };
  current = me;
  try {
    const src = await openSource(source, abort.signal);
    session.name = src.name;
    if (src.url !== undefined) session.url = src.url;
    session.totalBytes = src.totalBytes;
    let lastPost = -Infinity;
    let sliceStart = performance.now();
    for await (const chunk of src.chunks) {
      for (let off = 0; off < chunk.length; off += PUSH_SLICE) {
        if (abort.signal.aborted) throw new LoadError('cancelled', 'Cancelled');
        session.push(chunk.subarray(off, off + PUSH_SLICE));
        const now = performance.now();
        // The first progress goes out at once so the timeline shows rows early.
        if (now - lastPost >= PROGRESS_EVERY_MS) {
          postProgress(me);
          lastPost = now;
        }
        if (now - sliceStart > SLICE_BUDGET_MS) {
          await yieldToEvents();
          sliceStart = performance.now();
        }
      }
    }
    if (abort.signal.aborted) throw new LoadError('cancelled', 'Cancelled');
    // Follow mode (issue 5, follow.ts): read to the current end, never ended; appends come later.
    const following = source.kind === 'url' && source.follow === true;
    if (following) session.checkpoint();
    else session.end();
    me.timeline.restartFilter();
    postProgress(me);
    const rows = me.timeline.rows();
    const summary = me.queries.summary(rows.rowCount, me.timeline.version);
    push({ kind: 'ready', loadId, summary });
    if (following) startFollowing(me, src.url ?? source.url);
    return { ok: true, value: summary };
  } catch (err) {
    const error: WorkerError =
      err instanceof LoadError
        ? { code: err.code, message: err.message }
        : { code: 'load-failed', message: err instanceof Error ? err.message : String(err) };
    if (current === me) {
      current = null;
      if (error.code !== 'cancelled') push({ kind: 'fatal', loadId, error });
    }
    return { ok: false, error };
  }
}

/** Follow mode: appended bytes go into the session; each batch is announced like a small load. */
function startFollowing(c: Current, url: string): void {
  const s = c.session;
  const follower = new Follower(
    url,
    {
      held: () => s.log.bytesIn,
      tail: () => s.tail,
      push: (bytes) => {
        for (let off = 0; off < bytes.length; off += PUSH_SLICE)
          s.push(bytes.subarray(off, off + PUSH_SLICE));
      },
      grew: () => {
        if (current !== c) return;
        s.checkpoint();
        postProgress(c);
        const rows = c.timeline.rows();
        push({
          kind: 'grew',
          loadId: s.loadId,
          summary: c.queries.summary(rows.rowCount, c.timeline.version),
        });
      },
      state: (state, message) => {
        if (current === c) push({ kind: 'follow', loadId: s.loadId, state, ...(message ? { message } : {}) });
      },
    },
    c.abort.signal,
  );
  follower.start();
}

/** The diagnostics version last pushed, per load: the panel's per-code counts update as they grow. */
let pushedDiagnostics = { loadId: -1, version: -1 };

function postProgress(c: Current): void {
  const s = c.session;
  s.ingest();
  const rows = c.timeline.rows();
  const elapsedMs = performance.now() - s.startedAt;
  push({
    kind: 'progress',
    loadId: s.loadId,
    name: s.name,
    bytes: s.log.bytesIn,
    totalBytes: s.totalBytes,
    decodedBytes: s.log.bytesDecoded,
    events: s.eventCount,
    rate: elapsedMs > 0 ? (s.log.bytesIn / elapsedMs) * 1000 : 0,
    elapsedMs,
    rowCount: rows.rowCount,
    rowsVersion: c.timeline.version,
    diagnostics: s.diagnosticCounts(),
  });
  if (pushedDiagnostics.loadId !== s.loadId || pushedDiagnostics.version !== s.diag.version) {
    pushedDiagnostics = { loadId: s.loadId, version: s.diag.version };
    push({ kind: 'diagnostics', loadId: s.loadId, counts: s.diagnosticCounts(), codes: s.diag.codes() });
  }
}

function cancel(target: number): { cancelled: boolean } {
  if (current && current.openId === target && !current.session.done) {
    current.abort.abort();
    return { cancelled: true };
  }
  const scan = scans.get(target);
  if (scan) {
    scan.cancelled = true;
    return { cancelled: true };
  }
  return { cancelled: false };
}

// ---------------------------------------------------------------- filter

async function filter(
  id: number,
  req: Extract<Request, { kind: 'filter' }>,
): Promise<Result<ResponseValues['filter']>> {
  const c = current;
  if (!c) return fail('no-log', 'No log is loaded');
  // Newest filter wins: older scans stop at their next slice.
  for (const scan of scans.values()) scan.cancelled = true;
  const token = { cancelled: false };
  scans.set(id, token);
  try {
    const scan: FilterScan | null = c.timeline.setFilter(req.filter);
    // Answer once the scan has caught up with the events loaded so far; later ones are scanned as they arrive.
    while (scan && !scan.advance(SLICE_BUDGET_MS)) {
      await yieldToEvents();
      if (token.cancelled || current !== c) return fail('superseded', 'A newer filter replaced this one');
    }
    const rows = c.timeline.rows();
    return {
      ok: true,
      value: {
        rowCount: rows.rowCount,
        rowsVersion: c.timeline.version,
        matches: scan ? scan.matches.length : rows.rowCount,
      },
    };
  } finally {
    scans.delete(id);
  }
}

// ---------------------------------------------------------------- queries

function query(req: Exclude<Request, { kind: 'open' | 'cancel' | 'ping' | 'filter' }>): Result<unknown> {
  const c = current;
  if (!c) return fail('no-log', 'No log is loaded');
  const n = c.session.eventCount;
  const needSeq = (seq: number): Result<never> | null =>
    Number.isInteger(seq) && seq >= 0 && seq < n
      ? null
      : fail('out-of-range', `seq ${seq} is not loaded (0..${n - 1})`);
  const t = c.timeline;
  switch (req.kind) {
    case 'rows': {
      const rows = t.window(req.from, req.to);
      return {
        ok: true,
        value: {
          rowCount: t.rows().rowCount,
          rowsVersion: t.version,
          from: req.from,
          rows,
        } satisfies ResponseValues['rows'],
      };
    }
    case 'toggle':
      t.toggle(req.seq, req.collapsed);
      return { ok: true, value: rowsInfo(t) };
    case 'collapseAll':
      t.collapseAll(req.level, req.chunks);
      return { ok: true, value: rowsInfo(t) };
    case 'locate': {
      const bad = needSeq(req.seq);
      if (bad) return bad;
      const visible = req.reveal ? t.reveal(req.seq) : t.rows().isVisible(req.seq);
      const rows = t.rows();
      return {
        ok: true,
        value: { ...rowsInfo(t), row: rows.rowOf(req.seq), visible } satisfies ResponseValues['locate'],
      };
    }
    case 'nav':
      return { ok: true, value: { seq: t.navigate(req.seq, req.unit, req.dir) } };
    case 'messages':
      return needSeq(req.seq) ?? { ok: true, value: c.queries.messages(req.seq, req.from, req.to) };
    case 'replaced':
      return needSeq(req.seq) ?? { ok: true, value: c.queries.replaced(req.seq) };
    case 'stream':
      return needSeq(req.seq) ?? { ok: true, value: c.queries.stream(req.seq, req.chunk) };
    case 'event':
      return needSeq(req.seq) ?? { ok: true, value: c.queries.event(req.seq) };
    case 'transcript':
      return needSeq(req.seq) ?? { ok: true, value: c.queries.transcript(req.seq) };
    case 'toolPairs':
      return { ok: true, value: c.queries.toolPairs(req.callIds) };
    case 'diagnostics':
      c.session.ingest();
      return { ok: true, value: c.queries.diagnostics(req.code, req.from, req.to) };
    case 'structure':
      return { ok: true, value: c.queries.structure() };
    case 'replayAxis':
      return { ok: true, value: replayFor(c.session, t).axis(req.axis, req.width) };
    case 'replayMove':
      return (
        needSeq(req.seq) ?? {
          ok: true,
          value: replayFor(c.session, t).move(req.seq, req.chunk, req.move, req.dir),
        }
      );
    case 'replayPlan':
      return { ok: true, value: replayFor(c.session, t).plan(req.from, req.count, req.pacing) };
  }
}

function rowsInfo(t: Timeline): { rowCount: number; rowsVersion: number } {
  const rows = t.rows();
  return { rowCount: rows.rowCount, rowsVersion: t.version };
}
