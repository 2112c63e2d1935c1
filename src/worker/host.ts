/**
 * The worker's state and its loading loop: the log it holds (one `LoadedLog`
 * at a time), outstanding filter scans, and how it answers. `receive()`
 * dispatches an envelope through the handler table (handlers.ts) and posts
 * exactly one typed response; loading runs as an async loop that pushes
 * byte chunks into the OpenLog and yields between them, so requests are
 * answered while a big file is still being read, with progress about every
 * 50 ms in the first second, then every 200 ms (progressPosts.ts; the order of answers:
 * requestOrder.ts). Built with the function that posts to the page, so tests drive it
 * directly (worker.ts is only the `self.onmessage` glue).
 */
import { limitDepth } from '../core/depthLimit';
import { sourceDisplayName } from '../core/view/sourceName';
import { HarnessQueries } from './harnessQueries';
import type { RangePool } from '../core/log/parallel';
import type { CheckpointWhen } from '../core/import/followImport';
import type { Prescan } from '../core/reader/prescan';
import { Follower } from './follower';
import { handlers, type Answer } from './handlers';
import { errorText, type HandlerHost, type LoadedLog } from './loadedLog';
import { LoadError, afterQueuedEvents, yieldToEvents } from './loader';
import { readWaitingIfGone } from './goneLog';
import { OpenLog, type OpenLogOptions } from './openLog';
import {
  fail,
  GONE_MESSAGE,
  type LoadSource,
  type Push,
  type RequestEnvelope,
  type RequestKind,
  type ResponseMessage,
  type ResponseValues,
  type Result,
  type TimelineFilter,
  type WorkerError,
  type WorkerMessage,
} from './protocol';
import { Queries } from './queries';
import { tooLarge } from './memoryBudget';
import { AnswerQueries } from './answerQueries';
import { SearchRunner } from './searchRunner';
import type { FilterScan } from './filterScan';
import { FilterRun } from './filterRun';
import { SLICE_MS } from './slices';
import { TimelineRows } from './timelineRows';
import { loadFileInRanges } from './rangeLoad';
import { FIRST_SLICE, PUSH_SLICE, nextSlice, progressInterval } from './pushSlices';
import {
  DEFAULT_READ_LIMITS,
  liftLimits,
  type ReadLimitKind,
  type ReadLimits,
} from '../core/reader/readLimits';
import { importNotice } from './busyNotice';
import { ProgressPosts } from './progressPosts';
import { waitsForThePanes } from './requestOrder';
import { BackgroundGate, type Clock } from './backgroundGate';

export interface LogHostOptions extends OpenLogOptions {
  /** Range workers for a large local file (rangePool.ts); none: every file loads in one pass here. */
  rangePool?: (file: File) => RangePool;
  /** Bytes of memory a log may use in this tab (memoryBudget.ts); none: no limit. */
  memoryBudget?: number;
  /** Where reading stops in this tab (core/reader/readLimits.ts browserReadLimits); default the core's. */
  readLimits?: ReadLimits;
  /** Between two looks for a followed log that is gone (goneLog.ts); default GONE_RETRY_MS. */
  goneRetryMs?: number;
  /** The background reads' clock (backgroundGate.ts); default performance.now and setTimeout. */
  clock?: Clock;
}

/** Requests that are background reads themselves, or ask for nothing the user waits on. */
const NOT_ASKED_BY_THE_USER = new Set<RequestKind>(['costTotals', 'requestChanges', 'ping', 'cancel']);

/** When the loading loop last posted progress and last yielded. */
interface Pace {
  lastPost: number;
  sliceStart: number;
  /** Source bytes to push next: about PUSH_SLICE decoded bytes at the ratio seen so far. */
  slice: number;
}

export class LogHost implements HandlerHost {
  current: LoadedLog | null = null;
  /** The filter's scan while it runs (filterRun.ts): a newer filter or a new load stops it. */
  private filterRun: FilterRun | null = null;
  /** Logs whose first read ended (ready was pushed): a filter's scan of them is through once caught up. */
  private readonly readLogs = new WeakSet<LoadedLog>();
  /** Progress and diagnostics pushes while a log loads or grows. */
  private readonly progress = new ProgressPosts((p) => this.push(p));

  /** The running search, if any (the newest wins). */
  readonly searches = new SearchRunner((p) => this.push(p));

  /** When background reads (costTotals, requestChanges) take their next slice. */
  readonly background: BackgroundGate;

  constructor(
    private readonly post: (msg: WorkerMessage) => void,
    private readonly options: LogHostOptions = {},
  ) {
    this.background = new BackgroundGate(options.clock);
  }

  /** Answers one request (exactly once, even when the handler throws or the answer cannot be posted). */
  receive(req: RequestEnvelope): Promise<void> {
    if (!NOT_ASKED_BY_THE_USER.has(req.kind)) this.background.asked();
    // A seek sends several requests at once; the panes' (messages, stream) go first, the rest wait
    // one turn (not behind a slice of a load or a scan: loader.ts afterQueuedEvents).
    const answer = waitsForThePanes(req)
      ? afterQueuedEvents().then(() => this.dispatch(req))
      : this.dispatch(req);
    return answer.then(
      (result) => this.respond(req.id, req.kind, result),
      (err: unknown) => this.respond(req.id, req.kind, fail('internal', errorText(err))),
    );
  }

  private async dispatch(req: RequestEnvelope): Promise<Result<unknown>> {
    // The table is checked per kind (HandlerTable); indexing it by the envelope's kind loses that link, hence the cast.
    const handler = handlers[req.kind] as (req: RequestEnvelope, host: HandlerHost) => Answer<RequestKind>;
    return handler(req, this);
  }

  /**
   * Every request gets an answer: when its value cannot be posted (structured
   * clone failed: too deep, not cloneable), an `internal` error goes instead,
   * so the client's lane for it never waits forever.
   */
  private respond(id: number, kind: RequestKind, result: Result<unknown>): void {
    try {
      this.post({ type: 'response', id, kind, result } as ResponseMessage);
    } catch (err) {
      // A value from the log nested past what structured clone takes (a header's field, a request's
      // tools, 3,000 deep: audit R17-10): cut like an event's fields, sent again
      try {
        this.post({ type: 'response', id, kind, result: limitDepth(result) } as ResponseMessage);
        return;
      } catch {
        // not a matter of depth: said below
      }
      const error = fail('internal', `The answer could not be sent to the page: ${errorText(err)}`);
      // A union of more than 25 kinds is past what TypeScript checks member by member: cast like above.
      this.post({ type: 'response', id, kind, result: error } as ResponseMessage);
    }
  }

  /** Posts a push to the page (handlers announce a long task with one: busyNotice.ts). */
  push(p: Push): void {
    this.post({ type: 'push', push: p });
  }

  // ---------------------------------------------------------------- loading

  async open(
    loadId: number,
    source: LoadSource,
    lift: ReadLimitKind[] = [],
  ): Promise<Result<ResponseValues['open']>> {
    this.current?.abort.abort();
    this.filterRun?.cancel();
    const abort = new AbortController();
    const log = new OpenLog(
      loadId,
      source.kind,
      sourceDisplayName(source),
      source.kind === 'url' ? source.url : undefined,
      liftLimits(this.options.readLimits ?? DEFAULT_READ_LIMITS, lift),
      source.part,
    );
    if (lift.length > 0) log.liftedLimits = [...lift];
    this.searches.cancel();
    const me: LoadedLog = {
      log,
      rows: new TimelineRows(log),
      queries: new Queries(log),
      answers: new AnswerQueries(log),
      harness: new HarnessQueries(log.log),
      abort,
    };
    this.current = me;
    try {
      await log.prepare(this.options);
      // A followed file deleted and not yet recreated: waited for, and said so (goneLog.ts).
      const gone = () => this.push({ kind: 'follow', loadId, state: 'reconnecting', message: GONE_MESSAGE });
      const src = await readWaitingIfGone(source, abort.signal, gone, this.options.goneRetryMs);
      log.name = src.name;
      if (src.url !== undefined) log.url = src.url;
      log.totalBytes = src.totalBytes;
      // Refused before any byte is held, rather than the tab dying halfway (compressed: checked as it grows).
      const refusal = this.refusal(log, src.totalBytes ?? 0, false);
      if (refusal) throw new LoadError('refused', refusal);
      const pace: Pace = { lastPost: -Infinity, sliceStart: performance.now(), slice: FIRST_SLICE };
      // A large plain file: in ranges that range workers read and prescan while this thread runs the passes.
      const inRanges =
        source.kind === 'file' &&
        (await loadFileInRanges({
          file: source.file,
          makePool: this.options.rangePool,
          signal: abort.signal,
          take: (range) => this.pushPaced(me, range.bytes, pace, range.prescan),
          refused: () => log.log.limitHit !== undefined,
        }));
      // Once a read limit stops the reader, the rest is refused: stop reading the source (an endless URL too).
      if (!inRanges)
        for await (const chunk of src.chunks) {
          await this.pushPaced(me, chunk, pace);
          if (log.log.limitHit) break;
        }
      if (abort.signal.aborted) throw new LoadError('cancelled', 'Cancelled');
      // Follow mode (follower.ts): read to the current end, never ended; appends come later.
      const following = source.kind === 'url' && source.follow === true;
      const busy = importNotice(me);
      if (busy) this.push(busy);
      if (following) log.checkpoint();
      else await log.finish();
      const over = this.refusal(log, log.log.bytesDecoded, true);
      if (over) throw new LoadError('refused', over);
      // A filter's scan is through once it has read this log's last events (filterRun.ts).
      this.readLogs.add(me);
      this.progress.post(me);
      const summary = this.summaryOf(me);
      this.push({ kind: 'ready', loadId, summary });
      if (following) this.startFollowing(me, src.url ?? source.url);
      return { ok: true, value: summary };
    } catch (err) {
      const error: WorkerError =
        err instanceof LoadError
          ? { code: err.code, message: err.message }
          : { code: 'load-failed', message: errorText(err) };
      if (this.current === me) {
        this.current = null;
        if (error.code !== 'cancelled') this.push({ kind: 'fatal', loadId, error });
      }
      return { ok: false, error };
    }
  }

  /**
   * Pushes `bytes` in slices, posting progress (the first at once, so rows show early; see
   * progressInterval) and yielding to queued requests every SLICE_MS (slices.ts): a seek during a
   * load waits at most this long (a yield costs ~0.05 ms, so yielding this often costs under 1%).
   */
  private async pushPaced(me: LoadedLog, bytes: Uint8Array, pace: Pace, prescan?: Prescan): Promise<void> {
    for (let off = 0; off < bytes.length;) {
      if (me.abort.signal.aborted) throw new LoadError('cancelled', 'Cancelled');
      if (me.log.log.limitHit) return;
      const piece = bytes.subarray(off, off + pace.slice);
      const decodedBefore = me.log.log.bytesDecoded;
      me.log.push(piece, prescan);
      off += piece.length;
      const log = me.log.log;
      pace.slice = nextSlice(
        pace.slice,
        piece.length,
        log.bytesDecoded - decodedBefore,
        log.bytesIn,
        log.bytesDecoded,
      );
      const refusal = this.refusal(me.log, me.log.log.bytesDecoded, true);
      if (refusal) throw new LoadError('refused', refusal);
      const now = performance.now();
      if (now - pace.lastPost >= progressInterval(now - me.log.startedAt)) {
        this.progress.post(me);
        pace.lastPost = now;
      }
      if (now - pace.sliceStart > SLICE_MS) {
        await yieldToEvents();
        pace.sliceStart = performance.now();
      }
    }
  }

  /** Why this log cannot open in this tab (a `refused` error: reading it again gives the same answer). */
  private refusal(log: OpenLog, bytes: number, soFar: boolean): string | null {
    if (log.log.notText !== undefined) return `${log.name}: ${log.log.notText}`; // a binary file
    const budget = this.options.memoryBudget;
    return budget === undefined ? null : tooLarge(log.name, bytes, budget, soFar);
  }

  /**
   * Appended bytes (follow mode) or a test's: pushed into the open log and
   * announced like a small load (`progress`, then `grew`). The filter keeps
   * scanning what arrives; the errors-only rule re-reads the structure.
   */
  appended(c: LoadedLog, bytes: Uint8Array): void {
    if (this.current !== c) return;
    for (let off = 0; off < bytes.length; off += PUSH_SLICE)
      c.log.push(bytes.subarray(off, off + PUSH_SLICE));
    this.grew(c, 'now');
  }

  private grew(c: LoadedLog, when: CheckpointWhen): void {
    if (this.current !== c) return;
    c.log.checkpoint(when);
    const reimport = c.log.reimportPush(); // another agent's log re-told shown events: opened anew
    if (reimport) this.push(reimport);
    if (reimport) return c.abort.abort();
    this.progress.post(c);
    this.push({ kind: 'grew', loadId: c.log.loadId, summary: this.summaryOf(c) });
  }

  private startFollowing(c: LoadedLog, url: string): void {
    const s = c.log;
    const follower = new Follower(
      url,
      {
        held: () => s.log.bytesIn,
        tail: () => s.tail,
        push: (bytes) => {
          for (let off = 0; off < bytes.length; off += PUSH_SLICE)
            s.push(bytes.subarray(off, off + PUSH_SLICE));
        },
        grew: (now) => this.grew(c, now ? 'now' : 'grown'),
        deferredImport: () => {
          const f = s.log.follow;
          return f?.deferred ? { bytes: f.importedBytes, ms: f.importMs } : null;
        },
        state: (state, message) => {
          if (this.current === c)
            this.push({ kind: 'follow', loadId: s.loadId, state, ...(message ? { message } : {}) });
        },
      },
      c.abort.signal,
    );
    follower.start();
  }

  summaryOf(c: LoadedLog): ResponseValues['open'] {
    return c.queries.summary(c.rows.info());
  }

  cancel(loadId: number): { cancelled: boolean } {
    const c = this.current;
    if (c && c.log.loadId === loadId && !c.log.done && !c.abort.signal.aborted) {
      c.abort.abort();
      return { cancelled: true };
    }
    return { cancelled: false };
  }

  // ---------------------------------------------------------------- filter

  /**
   * Sets the filter; answers once its scan has read the events loaded when it was asked (newest
   * filter wins). The rest of a loading log is scanned on, and its rows told (filterRun.ts).
   */
  async filter(_id: number, filter: TimelineFilter): Promise<Result<ResponseValues['filter']>> {
    const c = this.current;
    if (!c) return fail('no-log', 'No log is loaded');
    this.filterRun?.cancel();
    this.filterRun = null;
    const scan = c.rows.setFilter(filter);
    const run = scan ? this.runFilter(c, scan) : null;
    if (run && !(await run.reached(c.log.eventCount)))
      return fail('superseded', 'A newer filter replaced this one');
    const rows = c.rows.info();
    return {
      ok: true,
      value: {
        ...rows,
        matches: scan ? scan.matches.length : rows.rowCount,
        through: run === null || run.ended,
      },
    };
  }

  private runFilter(c: LoadedLog, scan: FilterScan): FilterRun {
    this.filterRun = new FilterRun(scan, {
      current: () => this.current === c,
      loading: () => !this.readLogs.has(c),
      told: (through) => this.push({ kind: 'rows', loadId: c.log.loadId, ...c.rows.info(), through }),
    });
    return this.filterRun;
  }
}
